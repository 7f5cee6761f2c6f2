package org.shogiban.notation;

import org.shogiban.rules.NotationException;

/**
 * A game record that cannot be read (or a record that cannot be written in a format): the message names the line
 * and what was expected there, e.g. {@code line 12: expected a move such as +7776FU, found '+77'}.
 */
public class RecordFormatException extends NotationException {
    private static final long serialVersionUID = 1L;
    /** The longest message: quotes are cut to 80 characters already; this bounds what other layers add. */
    private static final int MESSAGE_LIMIT = 400;

    private final int line;

    /** An error at a 1-based line of the text; 0 when the error is not tied to a line. */
    public RecordFormatException(int line, String message) {
        super(oneLine(line > 0 ? "line " + line + ": " + message : message));
        this.line = line;
    }

    private static String oneLine(String message) {
        String flat = message.replace('\n', ' ').replace('\r', ' ');
        return flat.length() <= MESSAGE_LIMIT ? flat : flat.substring(0, MESSAGE_LIMIT - 3) + "...";
    }

    /** The 1-based line of the error, or 0 when it concerns the record as a whole. */
    public int line() {
        return line;
    }
}
