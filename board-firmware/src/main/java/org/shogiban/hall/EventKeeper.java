package org.shogiban.hall;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.shogiban.link.LoggedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall connection's thread {@code shogiban-hall-keep}: takes the board's numbered events (handed over by the
 * board's event keeper once they are on the board's disk; the hand-over only queues them) and wakes the publisher,
 * which publishes from the board's kept events.
 *
 * <p>The hand-over queue is bounded ({@link #CAPACITY}, the event log's size): should this thread fall that far behind,
 * the board never waits for it; further events are not queued, counted, shown as a fault at the first and logged with
 * their count when the queue takes events again (they are still on the board's disk, and the publisher, woken for each,
 * publishes them from there). A failure of this thread on an unexpected error is shown as a fault (once, however often
 * it fails, with the count of failures when it ends); the events it failed on are kept back and tried again a second
 * later, in order, and the thread goes on.
 */
final class EventKeeper {
    private static final Logger log = LoggerFactory.getLogger(EventKeeper.class);
    /** Events handed over and not yet kept, at most. */
    static final int CAPACITY = 10_000;
    private static final String THREAD = "event thread";

    private final HallFaults faults;
    private final String boardId;
    private final Consumer<List<LoggedEvent>> kept;
    private final Runnable wake;
    private final int capacity;
    private final long retryNanos;
    private final BlockingQueue<LoggedEvent> inbox;
    private final AtomicLong notQueued = new AtomicLong();
    private final AtomicLong notQueuedEver = new AtomicLong();
    private volatile boolean running;
    private Thread thread;

    /**
     * @param kept told after each batch is kept (the publisher wakes up)
     */
    EventKeeper(HallFaults faults, String boardId, Runnable kept) {
        this(faults, boardId, batch -> kept.run(), kept, CAPACITY, 1_000_000_000L);
    }

    /**
     * @param kept given each batch of events in order (it may throw: the batch is given again after the pause)
     * @param wake told of each event the full queue did not take (the publisher takes it from the board's disk)
     * @param capacity events handed over and not yet kept, at most
     * @param retryNanos the pause before a batch that failed is tried again
     */
    EventKeeper(HallFaults faults, String boardId, Consumer<List<LoggedEvent>> kept, Runnable wake, int capacity,
                long retryNanos) {
        this.faults = faults;
        this.boardId = boardId;
        this.kept = kept;
        this.wake = wake;
        this.capacity = capacity;
        this.retryNanos = retryNanos;
        this.inbox = new ArrayBlockingQueue<>(capacity);
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

    /** Events the full queue did not take, over the keeper's life. */
    long notQueued() {
        return notQueuedEver.get();
    }

    /** On the board's thread: queue the event, never wait. */
    void handOver(LoggedEvent e) {
        if (inbox.offer(e)) {
            return;
        }
        notQueuedEver.incrementAndGet();
        if (notQueued.getAndIncrement() == 0) {
            faults.queueFull(capacity + " events wait to be kept; event " + e.seq() + " and later ones are not queued"
                    + " (they are on the board's disk and published from it)");
        }
        wake.run();
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
                LockSupport.parkNanos(retryNanos);
            }
        }
    }

    private void keep(List<LoggedEvent> batch) {
        if (notQueued.get() > 0 && inbox.isEmpty()) {
            log.warn("hall: board {}: {} events were not queued while the queue was full", boardId,
                    notQueued.getAndSet(0));
            faults.queueWorks();
        }
        kept.accept(List.copyOf(batch));
    }

}
