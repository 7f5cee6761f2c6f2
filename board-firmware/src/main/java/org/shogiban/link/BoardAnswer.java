package org.shogiban.link;

import java.util.Objects;

/**
 * The board's answer to a command from the link: accepted or refused, and one line saying what follows or why not.
 *
 * @param accepted whether the board does what was asked
 * @param text one line for the host, e.g. {@code paused} or {@code no move to undo}
 */
public record BoardAnswer(boolean accepted, String text, LinkError error) {
    public BoardAnswer {
        Objects.requireNonNull(text, "text");
        text = LinkEvent.oneLine(text);
    }

    public BoardAnswer(boolean accepted, String text) {
        this(accepted, text, accepted ? null : LinkError.REFUSED);
    }

    /** The host's move is not legal in the game's position ({@code ERR ILLEGAL <reason> ...}). */
    public static BoardAnswer illegal(String reason) {
        return new BoardAnswer(false, reason, LinkError.ILLEGAL);
    }

    /** The board does it. */
    public static BoardAnswer accepted(String text) {
        return new BoardAnswer(true, text);
    }

    /** The board does not do it, for this reason. */
    public static BoardAnswer refused(String reason) {
        return new BoardAnswer(false, reason);
    }
}
