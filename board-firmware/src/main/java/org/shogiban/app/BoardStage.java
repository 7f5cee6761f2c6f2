package org.shogiban.app;

import org.shogiban.port.BoardChange;

/**
 * One of the runtime's stages, each given every input's {@link BoardChange} in the order fixed when the board is
 * put together (the event numbering, the journal, the sounds and the clock display, the listeners, the record file).
 * A stage that throws is reported as that stage's failure and the later stages still run.
 */
@FunctionalInterface
public interface BoardStage {
    /** Takes one input's change, on the runtime's thread. */
    void accept(BoardChange change);
}
