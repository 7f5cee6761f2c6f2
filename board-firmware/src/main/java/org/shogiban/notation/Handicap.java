package org.shogiban.notation;

import java.util.Optional;
import org.shogiban.rules.Position;

/**
 * The standard start positions (手合割, teai-wari): the even game and the handicaps, where the stronger player, 上手
 * (uwate, gote), removes pieces and moves first. Each is identified by its position, so a record's handicap always
 * agrees with its start.
 */
public enum Handicap {
    /** 平手: the even game. */
    EVEN("平手", "HIRATE", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", ""),
    /** 香落ち: gote's left lance (1一) removed. */
    LANCE("香落ち", "KY", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "11KY"),
    /** 右香落ち: gote's right lance (9一) removed. */
    RIGHT_LANCE("右香落ち", "KY_R", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "91KY"),
    /** 角落ち: gote's bishop removed. */
    BISHOP("角落ち", "KA", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "22KA"),
    /** 飛車落ち: gote's rook removed. */
    ROOK("飛車落ち", "HI", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "82HI"),
    /** 飛香落ち: gote's rook and left lance removed. */
    ROOK_LANCE("飛香落ち", "HIKY", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "82HI11KY"),
    /** 二枚落ち: rook and bishop removed. */
    TWO_PIECES("二枚落ち", "2", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "82HI22KA"),
    /** 三枚落ち: rook, bishop and left lance removed. */
    THREE_PIECES("三枚落ち", "3", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY"),
    /** 四枚落ち: rook, bishop and both lances removed. */
    FOUR_PIECES("四枚落ち", "4", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY"),
    /** 五枚落ち: rook, bishop, both lances and the 8一 knight removed. */
    FIVE_PIECES("五枚落ち", "5", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY81KE"),
    /** 左五枚落ち: rook, bishop, both lances and the 2一 knight removed. */
    LEFT_FIVE_PIECES("左五枚落ち", "5_L", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE"),
    /** 六枚落ち: rook, bishop, lances and knights removed. */
    SIX_PIECES("六枚落ち", "6", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE81KE"),
    /** 左七枚落ち: rook, bishop, lances, knights and the 3一 silver removed. */
    LEFT_SEVEN_PIECES("左七枚落ち", "7_L", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE81KE31GI"),
    /** 右七枚落ち: rook, bishop, lances, knights and the 7一 silver removed. */
    RIGHT_SEVEN_PIECES("右七枚落ち", "7_R", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE81KE71GI"),
    /** 八枚落ち: rook, bishop, lances, knights and silvers removed; king, golds and pawns stay. */
    EIGHT_PIECES("八枚落ち", "8", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE81KE31GI71GI"),
    /** 十枚落ち: only the king and pawns left. */
    TEN_PIECES("十枚落ち", "10", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "82HI22KA11KY91KY21KE81KE31GI71GI41KI61KI");

    private final String kifName;
    private final String jkfPreset;
    private final Position start;
    private final String csaRemoved;

    Handicap(String kifName, String jkfPreset, String sfen, String csaRemoved) {
        this.kifName = kifName;
        this.jkfPreset = jkfPreset;
        this.start = Position.fromSfen(sfen);
        this.csaRemoved = csaRemoved;
    }

    /** The name KIF writes after {@code 手合割：}, e.g. 香落ち. */
    public String kifName() {
        return kifName;
    }

    /** The JKF {@code initial.preset} value, e.g. {@code KY}. */
    public String jkfPreset() {
        return jkfPreset;
    }

    /** The start position. */
    public Position start() {
        return start;
    }

    /** The squares and pieces a CSA {@code PI} line removes, e.g. {@code 82HI22KA}. */
    public String csaRemoved() {
        return csaRemoved;
    }

    /** Whether the stronger player (上手, gote) gives pieces: every handicap but the even game. */
    public boolean isHandicap() {
        return this != EVEN;
    }

    /** The standard start a position is (ignoring the move number), if it is one. */
    public static Optional<Handicap> of(Position position) {
        String key = position.repetitionKey();
        for (Handicap h : values()) {
            if (h.start.repetitionKey().equals(key)) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    /** The handicap KIF names so (with or without trailing spaces), if any. */
    public static Optional<Handicap> fromKifName(String name) {
        String n = name.strip();
        for (Handicap h : values()) {
            if (h.kifName.equals(n)) {
                return Optional.of(h);
            }
        }
        return switch (n) {
            case "飛落ち" -> Optional.of(ROOK);
            case "香落", "左香落ち" -> Optional.of(LANCE);
            case "角落" -> Optional.of(BISHOP);
            default -> Optional.empty();
        };
    }

    /** The handicap of a JKF preset, if any. */
    public static Optional<Handicap> fromJkfPreset(String preset) {
        for (Handicap h : values()) {
            if (h.jkfPreset.equals(preset)) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }
}
