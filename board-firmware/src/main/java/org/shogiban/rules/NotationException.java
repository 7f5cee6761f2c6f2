package org.shogiban.rules;

/** Text that is not valid SFEN or USI; the message names what is wrong and where. */
public class NotationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NotationException(String message) {
        super(message);
    }
}
