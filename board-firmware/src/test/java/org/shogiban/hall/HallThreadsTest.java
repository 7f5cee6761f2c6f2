package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.link.EventLog;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.MemoryEventLog;

/**
 * The hall connection's threads never die silently (issue 25): the thread that keeps the events failing on a runtime
 * exception shows a fault naming the hall, logs it, keeps the events it failed on and goes on, so every event still
 * reaches the broker in order; before, the thread ended and no event was published again while the board played on.
 */
class HallThreadsTest {
    private static final String BOARD = "shogiban/h1/board/b1/";

    @TempDir
    Path dir;

    /** An event log whose keeping fails with a runtime exception the first {@code failures} times. */
    private static final class FailingLog implements EventLog {
        private final MemoryEventLog log = new MemoryEventLog(1000);
        private final AtomicInteger failures;

        FailingLog(int failures) {
            this.failures = new AtomicInteger(failures);
        }

        @Override
        public LoggedEvent append(LinkEvent event) {
            return log.append(event);
        }

        @Override
        public List<LoggedEvent> reserve(List<LinkEvent> events) {
            return log.reserve(events);
        }

        @Override
        public void keep(List<LoggedEvent> numbered) {
            if (failures.getAndDecrement() > 0) {
                throw new IllegalStateException("the log's device went away");
            }
            log.keep(numbered);
        }

        @Override
        public long lastNumbered() {
            return log.lastNumbered();
        }

        @Override
        public List<LoggedEvent> since(long seq) {
            return log.since(seq);
        }

        @Override
        public long lastSeq() {
            return log.lastSeq();
        }

        @Override
        public long firstKeptSeq() {
            return log.firstKeptSeq();
        }

        @Override
        public void close() {
            log.close();
        }
    }

    @Test
    void theKeepingThreadFailingShowsAFaultAndGoesOnAndEveryEventStillArrives() throws Exception {
        Path state = Files.createDirectories(dir.resolve("b1"));
        try (Mosquitto broker = Mosquitto.open(dir);
             Subscriber hall = new Subscriber(broker.url(), null, null, BOARD + "events");
             HallBoardRig board = new HallBoardRig(state, broker.url(), "b1", null, null, new FailingLog(2))) {
            boolean shown = false;
            for (int i = 0; i < 300 && !shown; i++) {
                board.run(10);
                shown = board.app.snapshot().faults().contains("hall h1 at event thread");
                Thread.sleep(5);
            }
            assertThat(shown).as("the failure shown as a fault naming the hall").isTrue();
            board.move("7g7f").move("3c3d");
            assertThat(hall.await(s -> s.events().stream().anyMatch(e -> e.event().text().contains("3c3d"))))
                    .as("the thread went on: the moves after the failure are published").isTrue();
            List<Long> seqs = hall.events().stream().map(LoggedEvent::seq).toList();
            assertThat(seqs.get(0)).as("the events it failed on were kept and published first").isEqualTo(1L);
            assertThat(seqs).isSorted().doesNotHaveDuplicates();
            assertThat(seqs.get(seqs.size() - 1)).isEqualTo(seqs.size());
            board.run(10);
            assertThat(board.app.snapshot().faults()).as("and the fault ended").doesNotContain(
                    "hall h1 at event thread");
        }
    }
}
