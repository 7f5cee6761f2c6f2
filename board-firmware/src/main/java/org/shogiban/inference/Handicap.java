package org.shogiban.inference;

import org.shogiban.rules.Position;

/**
 * The standard handicap starts (駒落ち, komaochi): the stronger player (上手, uwate) plays gote without some pieces and
 * moves first.
 */
public enum Handicap {
    /** 平手 (hirate): the even game. */
    EVEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
    /** 香落ち (kyō-ochi): without the left lance. */
    LANCE("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 角落ち (kaku-ochi): without the bishop. */
    BISHOP("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 飛車落ち (hisha-ochi): without the rook. */
    ROOK("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 飛香落ち (hikyō-ochi): without the rook and the left lance. */
    ROOK_LANCE("lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 二枚落ち (nimai-ochi): without rook and bishop. */
    TWO_PIECES("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 四枚落ち (yonmai-ochi): also without both lances. */
    FOUR_PIECES("1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
    /** 六枚落ち (rokumai-ochi): also without both knights. */
    SIX_PIECES("2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");

    private final String sfen;

    Handicap(String sfen) {
        this.sfen = sfen;
    }

    /** The start position. */
    public Position position() {
        return Position.fromSfen(sfen);
    }

    public String sfen() {
        return sfen;
    }
}
