package org.shogiban.engine;

/** The engine failed: not found, did not answer in time, exited, or said something the protocol does not allow. */
public final class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
