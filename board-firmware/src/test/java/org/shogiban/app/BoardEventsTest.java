package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.shogiban.link.EventLog;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.MemoryEventLog;

/**
 * The board's event stream with its keeper thread: the events are kept before any part is told, in order, and a
 * failing log or part never ends the keeper (it once ended the link's own consumer thread for good).
 */
@Timeout(30)
class BoardEventsTest {

    private static List<LoggedEvent> numbered(MemoryEventLog log, int n) {
        return log.reserve(java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> LinkEvent.of("ARBITER", "called", "test " + i)).toList());
    }

    private static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!done.getAsBoolean() && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(done.getAsBoolean()).as("done within 10 s").isTrue();
    }

    @Test
    void everyEventIsKeptBeforeAPartIsToldOfItInOrder() throws Exception {
        MemoryEventLog log = new MemoryEventLog(1000);
        List<Long> told = new CopyOnWriteArrayList<>();
        List<Long> keptWhenTold = new CopyOnWriteArrayList<>();
        try (BoardEvents events = new BoardEvents(log, null, true)) {
            events.attach(Rig.casual(org.shogiban.rules.Position.startpos()).app);
            events.subscribe(e -> {
                told.add(e.seq());
                keptWhenTold.add(events.lastSeq());
            });
            for (int i = 0; i < 50; i++) {
                events.handOver(numbered(log, 3));
            }
            await(() -> told.size() == 150);
        }
        assertThat(told).isSorted().first().isEqualTo(1L);
        for (int i = 0; i < told.size(); i++) {
            assertThat(keptWhenTold.get(i)).isGreaterThanOrEqualTo(told.get(i));
        }
    }

    @Test
    void aLogThatFailsOnceAndAPartThatFailsDoNotEndTheKeeper() throws Exception {
        AtomicBoolean failNext = new AtomicBoolean(true);
        MemoryEventLog memory = new MemoryEventLog(1000);
        EventLog log = new EventLog() {
            @Override
            public LoggedEvent append(LinkEvent event) {
                return memory.append(event);
            }

            @Override
            public List<LoggedEvent> reserve(List<LinkEvent> events) {
                return memory.reserve(events);
            }

            @Override
            public void keep(List<LoggedEvent> events) {
                if (failNext.getAndSet(false)) {
                    throw new IllegalStateException("disk gone for a moment");
                }
                memory.keep(events);
            }

            @Override
            public long lastNumbered() {
                return memory.lastNumbered();
            }

            @Override
            public List<LoggedEvent> since(long seq) {
                return memory.since(seq);
            }

            @Override
            public long lastSeq() {
                return memory.lastSeq();
            }

            @Override
            public long firstKeptSeq() {
                return memory.firstKeptSeq();
            }

            @Override
            public void close() {
                memory.close();
            }
        };
        List<Long> toldGood = new CopyOnWriteArrayList<>();
        try (BoardEvents events = new BoardEvents(log, null, true)) {
            events.attach(Rig.casual(org.shogiban.rules.Position.startpos()).app);
            events.subscribe(e -> {
                throw new IllegalStateException("a part's bug");
            });
            events.subscribe(e -> toldGood.add(e.seq()));
            events.handOver(numbered(memory, 2));
            await(() -> toldGood.size() == 2);
            events.handOver(numbered(memory, 2));
            await(() -> toldGood.size() == 4);
            // the keep that failed is counted once, the part's failure once per event; the rest is kept
            assertThat(events.failures()).isEqualTo(1 + 4);
            assertThat(events.lastSeq()).isEqualTo(4);
            assertThat(events.since(2)).extracting(LoggedEvent::seq).containsExactly(3L, 4L);
        }
        assertThat(toldGood).containsExactly(1L, 2L, 3L, 4L);
    }
}
