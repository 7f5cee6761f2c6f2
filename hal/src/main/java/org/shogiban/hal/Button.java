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
    MENU
}
