package org.shogiban.clock;

/** A time control or beep schedule text that cannot be read; the message names the key, the value and what is allowed. */
public final class TimeControlException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with the full message. */
    public TimeControlException(String message) {
        super(message);
    }
}
