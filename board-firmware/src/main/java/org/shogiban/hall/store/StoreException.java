package org.shogiban.hall.store;

/** The hall's state could not be read or written (a full disk, a damaged file); the message is one sentence. */
public final class StoreException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
