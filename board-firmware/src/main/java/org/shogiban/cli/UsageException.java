package org.shogiban.cli;

/** A command line that cannot be carried out; its message is the one line printed on stderr. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public UsageException(String message) {
        this(message, 2);
    }

    public UsageException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
