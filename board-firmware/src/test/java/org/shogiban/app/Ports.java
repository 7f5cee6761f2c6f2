package org.shogiban.app;

import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.shogiban.link.EventLog;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.port.BoardPort;

/**
 * Ports on a test's runtime, as {@link BoardAssembly} makes them: the board's event stream (numbering, keeping,
 * telling) and a part's port. The stream keeps and tells on the runtime's thread, so a stepped test reads the events
 * right after the pass that made them; {@code BoardEventsTest} runs the keeper's own thread.
 */
final class Ports {
    private Ports() {
    }

    /** The board's event stream in memory, on the runtime. */
    static BoardEvents events(BoardApplication app) {
        return events(app, new MemoryEventLog(1000));
    }

    /** The board's event stream in this log, on the runtime. */
    static BoardEvents events(BoardApplication app, EventLog log) {
        return new BoardEvents(log, null, false).attach(app);
    }

    /** A part's port on the runtime, with the board's records directory and the names of the parts on it. */
    static BoardPort port(BoardApplication app, BoardEvents events, Path records, String... parts) {
        return new PartPort("test", app, records, null, Optional.empty(), () -> events, Set.of(parts));
    }
}
