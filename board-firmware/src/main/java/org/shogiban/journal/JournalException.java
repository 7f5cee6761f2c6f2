package org.shogiban.journal;

import java.io.IOException;
import java.io.UncheckedIOException;

/** The journal cannot be written (read-only or full disk, a file in the way); the message says which file and why. */
public final class JournalException extends UncheckedIOException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public JournalException(String message, IOException cause) {
        super(message, cause);
    }
}
