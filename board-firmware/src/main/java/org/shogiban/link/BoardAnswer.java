package org.shogiban.link;

import java.util.Objects;

/**
 * The board's answer to a command from the link: accepted or refused, and one line saying what follows or why not.
 *
 * @param accepted whether the board does what was asked
 * @param text one line for the host, e.g. {@code paused} or {@code no move to undo}
 */
public record BoardAnswer(boolean accepted, String text) {
    public BoardAnswer {
        Objects.requireNonNull(text, "text");
        text = LinkEvent.oneLine(text);
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
