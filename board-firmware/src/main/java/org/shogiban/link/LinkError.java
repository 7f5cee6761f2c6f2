package org.shogiban.link;

/** The codes of {@code ERR <code> <message>} replies; docs/serial-protocol.md says when each is given. */
public enum LinkError {
    /** The line is not valid UTF-8. */
    ENCODING,
    /** The line is longer than {@link LineDecoder#MAX_LINE_BYTES} bytes; it was discarded up to its LF. */
    TOOLONG,
    /** No such command. */
    UNKNOWN,
    /** The command's arguments are wrong (the message names the one). */
    SYNTAX,
    /** An arbiter command before a successful {@code AUTH}. */
    NOAUTH,
    /** {@code AUTH} with a wrong PIN. */
    BADPIN,
    /** {@code AUTH} refused for a while after wrong PINs; the message says for how long. */
    LOCKED,
    /** No arbiter PIN is configured: the arbiter's commands are off on this board. */
    NOPIN,
    /** No game with that id. */
    NOTFOUND,
    /** The events asked for are no longer kept; the message gives the oldest kept. */
    GONE,
    /** The board refused the command; the message is its reason. */
    REFUSED,
    /** {@code PLAY}: the move is not legal in the game's position; the message gives the rule it breaks. */
    ILLEGAL,
    /** The board failed to answer (a bug or a broken file); the message says what failed. */
    INTERNAL
}
