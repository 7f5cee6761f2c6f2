package org.shogiban.journal;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One change of the game, as journalled.
 *
 * @param seq the entry's number, counting up from 1 over the board's whole life (restarts and compactions included);
 *            the USB link asks for entries {@code SINCE <seq>}
 * @param wallMillis the wall-clock time of the change (epoch milliseconds), given by the caller
 * @param type what kind of change: a word of letters, digits, {@code _ . -} starting with a letter (at most 64)
 * @param payload the change's content, a JSON text chosen by the caller, on one line (no CR or LF)
 */
public record JournalEntry(long seq, long wallMillis, String type, String payload) {
    private static final Pattern TYPE = Pattern.compile("[A-Za-z][A-Za-z0-9_.-]{0,63}");

    public JournalEntry {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(payload, "payload");
        if (seq < 1) {
            throw new IllegalArgumentException("journal seq must be 1 or more, got " + seq);
        }
        checkType(type);
        checkPayload(payload);
    }

    static void checkType(String type) {
        if (!TYPE.matcher(type).matches()) {
            throw new IllegalArgumentException("journal entry type '" + type + "' must be a word of letters, digits, "
                    + "'_', '.', '-' starting with a letter, at most 64 characters");
        }
    }

    static void checkPayload(String payload) {
        int bad = payload.indexOf('\n') >= 0 ? payload.indexOf('\n') : payload.indexOf('\r');
        if (bad >= 0) {
            throw new IllegalArgumentException("journal payload must be one line: "
                    + (payload.charAt(bad) == '\n' ? "newline" : "carriage return") + " at character " + bad);
        }
    }
}
