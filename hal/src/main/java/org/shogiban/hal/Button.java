package org.shogiban.hal;

/** The board's buttons. */
public enum Button {
    /** Sente's clock button: pressing it completes sente's move in tournament play. */
    CLOCK_SENTE,
    /** Gote's clock button. */
    CLOCK_GOTE,
    /** Accept a pending optional promotion (成). */
    PROMOTE,
    /** Decline a pending promotion (不成), or confirm what the board asks. */
    CONFIRM,
    /** Call the arbiter (stops the clocks). */
    ARBITER,
    /** Open the menu. */
    MENU,
    /** Sente resigns (投了): sente's own button, counted at any time during the game. */
    RESIGN_SENTE,
    /** Gote resigns (投了). */
    RESIGN_GOTE,
    /** The side to move declares an impasse win (入玉宣言), judged by the configured point rule. */
    DECLARE
}
