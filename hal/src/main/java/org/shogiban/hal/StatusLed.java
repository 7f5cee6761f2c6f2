package org.shogiban.hal;

/** The status LEDs beside the board. */
public enum StatusLed {
    /** Lit while sente is to move. */
    SENTE_TO_MOVE,
    /** Lit while gote is to move. */
    GOTE_TO_MOVE,
    /** The board needs the players' attention (illegal move, promotion question, arbiter called). */
    ATTENTION,
    /** A hardware fault was reported. */
    FAULT
}
