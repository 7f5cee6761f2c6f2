package org.shogiban.simulator.trace;

/** A trace that cannot be read or played, naming the source and line. */
public class TraceFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;

    public TraceFormatException(String source, int line, String message) {
        super(source + ":" + line + ": " + message);
        this.line = line;
    }

    /** The 1-based line number. */
    public int line() {
        return line;
    }
}
