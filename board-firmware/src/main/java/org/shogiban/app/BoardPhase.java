package org.shogiban.app;

/** Where the board application stands. */
public enum BoardPhase {
    /** The players are setting up the start position; the wrong squares are lit. */
    SETTING_UP,
    /** A game is being played and every move is judged. */
    PLAYING,
    /** The game has ended; MENU starts setting up the next game. */
    OVER
}
