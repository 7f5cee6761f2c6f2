package org.shogiban.hall;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.shogiban.link.EventLog;
import org.shogiban.link.LoggedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall connection's thread {@code shogiban-hall-keep}: takes the board's numbered events (handed over on the
 * board's thread, which only queues them) and, when the connection owns the event log, forces them to it; when the USB
 * link owns it, waits until the link has kept them. So nothing goes out that is not on the board's disk.
 *
 * <p>The hand-over queue is bounded ({@link #CAPACITY}, the event log's size): should this thread fall that far behind
 * (a disk that hangs), the board never waits for it; further events are not queued, counted, logged once and shown as
 * a fault (with the USB link keeping the log they are still published from it). A failure of this thread on an
 * unexpected error is shown as a fault; the events it failed on are kept back and tried again a second later, in
 * order, and the thread goes on.
 */
final class EventKeeper {
    private static final Logger log = LoggerFactory.getLogger(EventKeeper.class);
    /** Events handed over and not yet kept, at most. */
    static final int CAPACITY = 10_000;
    private static final String THREAD = "event thread";

    private final EventLog events;
    private final boolean keeps;
    private final HallFaults faults;
    private final String boardId;
    private final Runnable kept;
    private final BlockingQueue<LoggedEvent> inbox = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicLong notQueued = new AtomicLong();
    private volatile boolean running;
    private Thread thread;

    /**
     * @param keeps whether to keep the events in the log (no USB link), or to wait until the link has
     * @param kept told after each batch is kept (the publisher wakes up)
     */
    EventKeeper(EventLog events, boolean keeps, HallFaults faults, String boardId, Runnable kept) {
        this.events = events;
        this.keeps = keeps;
        this.faults = faults;
        this.boardId = boardId;
        this.kept = kept;
    }

    void start() {
        running = true;
        thread = Thread.ofPlatform().name("shogiban-hall-keep-" + boardId).daemon().start(this::loop);
    }

    /** Keeps what was handed over (at most 5 s) and ends the thread. */
    void stop() {
        running = false;
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Events the full queue did not take. */
    long notQueued() {
        return notQueued.get();
    }

    /** On the board's thread: queue the event, never wait. */
    void handOver(LoggedEvent e) {
        if (inbox.offer(e)) {
            return;
        }
        if (notQueued.getAndIncrement() == 0) {
            faults.queueFull(CAPACITY + " events wait to be kept; event " + e.seq() + " and later ones are not queued"
                    + (keeps ? "" : " (the USB link keeps them)"));
        }
        kept.run();
    }

    private void loop() {
        List<LoggedEvent> batch = new ArrayList<>();
        while (running || !inbox.isEmpty() || !batch.isEmpty()) {
            try {
                if (batch.isEmpty()) {
                    LoggedEvent first = inbox.poll(200, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    batch.add(first);
                    inbox.drainTo(batch, 511);
                }
                keep(batch);
                batch.clear();
                faults.threadWorks(THREAD);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // the batch stays and is tried again (in order); the thread goes on
                faults.threadFailed(THREAD, e);
                if (!running) {
                    log.warn("hall: board {}: events {}..{} not kept at the stop", boardId, batch.get(0).seq(),
                            batch.get(batch.size() - 1).seq());
                    return;
                }
                LockSupport.parkNanos(1_000_000_000L);
            }
        }
    }

    private void keep(List<LoggedEvent> batch) throws InterruptedException {
        if (keeps) {
            events.keep(batch);
        } else {
            awaitKept(batch.get(batch.size() - 1).seq());
        }
        if (notQueued.get() > 0 && inbox.isEmpty()) {
            log.warn("hall: board {}: {} events were not queued while the queue was full", boardId,
                    notQueued.getAndSet(0));
            faults.queueWorks();
        }
        kept.run();
    }

    /** With the USB link keeping the log: waits (at most 2 s) until it has kept an event. */
    private void awaitKept(long seq) throws InterruptedException {
        long until = System.nanoTime() + 2_000_000_000L;
        while (events.lastSeq() < seq && System.nanoTime() < until) {
            Thread.sleep(2);
        }
    }
}
