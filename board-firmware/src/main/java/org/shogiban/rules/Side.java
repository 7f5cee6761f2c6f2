package org.shogiban.rules;

/** The two players: sente (先手, "black", moves first, SFEN upper case) and gote (後手, "white", lower case). */
public enum Side {
    SENTE, GOTE;

    /** The other player. */
    public Side opponent() {
        return this == SENTE ? GOTE : SENTE;
    }

    /** The lower-case English name used in JSON output: sente or gote. */
    public String label() {
        return this == SENTE ? "sente" : "gote";
    }

    /** The SFEN side-to-move letter: {@code b} for sente, {@code w} for gote. */
    public char sfenLetter() {
        return this == SENTE ? 'b' : 'w';
    }
}
