package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.slf4j.LoggerFactory;

/**
 * The hall connection's event keeper ({@code shogiban-hall-keep}): a failure of its work does not stop it (the batch
 * is given again, in order, the events after it follow) and is said once, with the count of failures when it ends; a
 * flood beyond its bound is not queued, never blocks the board's thread, wakes the publisher for each event (which
 * takes them from the board's disk) and is shown as a fault and logged with its count.
 */
class EventKeeperTest {
    private final FaultReporter reporter = new FaultReporter(new ManualClock());
    private final List<FaultEvent> faults = new CopyOnWriteArrayList<>();
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger keeperLog = (Logger) LoggerFactory.getLogger(EventKeeper.class);
    private final Logger reporterLog = (Logger) LoggerFactory.getLogger(FaultReporter.class);
    private EventKeeper keeper;

    @BeforeEach
    void listen() {
        reporter.addListener(faults::add);
        logged.start();
        keeperLog.addAppender(logged);
        reporterLog.addAppender(logged);
    }

    @AfterEach
    void stop() {
        if (keeper != null) {
            keeper.stop();
        }
        keeperLog.detachAppender(logged);
        reporterLog.detachAppender(logged);
    }

    private static LoggedEvent event(long seq) {
        return new LoggedEvent(seq, LinkEvent.of("MOVE", Long.toString(seq), "7g7f"));
    }

    private List<String> warnings() {
        return logged.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void aHandlerThatFailsIsGivenTheBatchAgainTheNextEventsFollowAndTheFailureIsSaidOnceWithItsCount()
            throws Exception {
        List<Long> kept = new CopyOnWriteArrayList<>();
        AtomicInteger failures = new AtomicInteger();
        keeper = new EventKeeper(new HallFaults(reporter, "h1", "tcp://hall:1883"), "b1", batch -> {
            if (failures.getAndIncrement() < 3) {
                throw new IllegalStateException("the disk said no");
            }
            batch.forEach(e -> kept.add(e.seq()));
        }, () -> { }, 100, 5_000_000L);
        keeper.start();
        keeper.handOver(event(1));
        await("event 1 kept after three failures", () -> kept.equals(List.of(1L)));
        keeper.handOver(event(2));
        keeper.handOver(event(3));
        await("the next events kept", () -> kept.equals(List.of(1L, 2L, 3L)));

        assertThat(faults).extracting(FaultEvent::type).containsExactly(FaultEvent.Type.FAILED,
                FaultEvent.Type.RECOVERED);
        assertThat(faults.get(0).chip()).isEqualTo("hall h1");
        assertThat(faults.get(0).address()).isEqualTo("event thread");
        assertThat(faults.get(0).message()).contains("IllegalStateException: the disk said no", "it goes on");
        assertThat(faults.get(1).message()).isEqualTo("answers again after 3 failed accesses");
        assertThat(warnings()).as("one warning for three failures").hasSize(1)
                .allMatch(w -> w.contains("hall h1 at event thread failed"));
    }

    @Test
    void aFloodBeyondTheBoundIsNotQueuedWakesThePublisherForEachAndIsShownAndCounted() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Long> kept = new CopyOnWriteArrayList<>();
        AtomicInteger wakes = new AtomicInteger();
        keeper = new EventKeeper(new HallFaults(reporter, "h1", "tcp://hall:1883"), "b1", batch -> {
            if (batch.get(0).seq() == 1) {
                entered.countDown();
                try {
                    release.await(); // the keeping thread hangs (a disk that does not answer)
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            batch.forEach(e -> kept.add(e.seq()));
        }, wakes::incrementAndGet, 8, 5_000_000L);
        keeper.start();
        keeper.handOver(event(1));
        assertThat(entered.await(10, TimeUnit.SECONDS)).as("the keeper took event 1 and hangs").isTrue();

        long start = System.nanoTime();
        for (long seq = 2; seq <= 20; seq++) {
            keeper.handOver(event(seq)); // 2..9 fill the queue of 8; 10..20 do not fit
        }
        assertThat(System.nanoTime() - start).as("the board's thread never waits").isLessThan(2_000_000_000L);
        assertThat(keeper.notQueued()).isEqualTo(11);
        assertThat(wakes.get()).as("the publisher woken for each event not queued").isEqualTo(11);
        assertThat(faults).hasSize(1);
        assertThat(faults.get(0).type()).isEqualTo(FaultEvent.Type.FAILED);
        assertThat(faults.get(0).address()).isEqualTo("event queue");
        assertThat(faults.get(0).message()).isEqualTo("8 events wait to be kept; event 10 and later ones are not"
                + " queued (they are on the board's disk and published from it)");

        release.countDown();
        await("the queued events kept", () -> kept.equals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L)));
        await("the fault ends", () -> faults.size() == 2);
        assertThat(faults.get(1).type()).isEqualTo(FaultEvent.Type.RECOVERED);
        assertThat(warnings()).contains("hall: board b1: 11 events were not queued while the queue was full");
        keeper.handOver(event(21));
        await("events are queued again", () -> kept.contains(21L));
        assertThat(keeper.notQueued()).as("counted over the keeper's life").isEqualTo(11);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5);
        }
    }
}
