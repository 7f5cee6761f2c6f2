package org.shogiban.session;

/** Where the board stands: the snapshot's {@code phase} ({@code SETTING_UP} is written {@code SETUP}). */
public enum BoardPhase {
    /** The players are setting up the start position; the wrong squares are lit. */
    SETTING_UP,
    /** A game is being played and every move is judged. */
    PLAYING,
    /** The arbiter stopped the game and the clocks; nothing on the board counts until the game resumes. */
    PAUSED,
    /** The game has ended; MENU starts setting up the next game. */
    OVER
}
