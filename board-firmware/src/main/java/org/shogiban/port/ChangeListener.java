package org.shogiban.port;

/**
 * Told each input's {@link BoardChange} (only inputs that changed something), in order, on the runtime's thread: it
 * must return at once (hand the work to a thread of the part's own). What it throws is logged as this listener's
 * failure, once per kind, and the board goes on.
 */
@FunctionalInterface
public interface ChangeListener {
    /** One input's change, the facts as it left them. */
    void changed(BoardChange change);
}
