package org.shogiban.app;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.shogiban.port.BoardChange;
import org.shogiban.session.BoardEvent;
import org.slf4j.Logger;

/**
 * The runtime's stages as they fail and work again: a stage's failure is said once (with its cause) until it works
 * again, and the later stages still run. Owned by the {@link BoardApplication}'s thread; said through its logger.
 */
final class StageFailures {
    private final Logger log;
    /** Stages failing now (each said once until it works again). */
    private final Set<String> failing = new HashSet<>();

    StageFailures(Logger log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Runs one stage on a change; a failure is that stage's, said once until it works again, and the board goes on
     * (the change is described only then: nothing is formatted for a stage that works).
     */
    void run(String stage, BoardStage action, BoardChange change) {
        try {
            action.accept(change);
            works(stage);
        } catch (RuntimeException e) {
            failedOn(stage, change.events().get(0).describe(), e);
        }
    }

    /** The stage failed on {@code what}: said with its cause the first time, then only at debug level. */
    void failedOn(String stage, String what, RuntimeException e) {
        if (failing.add(stage)) {
            log.error("stage '{}' failed on {}; the later stages go on", stage, what, e);
        } else {
            log.debug("stage '{}' failed again on {}: {}", stage, what, e.toString());
        }
    }

    /** The stage failed on a change's events: said the first time only. */
    void failed(String stage, List<BoardEvent> events, RuntimeException e) {
        if (failing.add(stage)) {
            log.error("stage '{}' failed on {}; the later stages go on", stage, events.get(0).describe(), e);
        }
    }

    /** The stage worked: said when it had failed. */
    void works(String stage) {
        if (!failing.isEmpty() && failing.remove(stage)) {
            log.info("stage '{}' works again", stage);
        }
    }
}
