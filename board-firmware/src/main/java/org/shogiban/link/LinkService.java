package org.shogiban.link;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.threads.FailureCounts;
import java.util.concurrent.BlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The USB serial link at work: it owns three threads and nothing of the game.
 * <ul>
 *   <li>{@code shogiban-link-events} takes each board event as the board hands it over once it is kept (numbered on
 *       the board's thread, forced to the disk by the board's event keeper) and queues it for the host. Its own
 *       queue is bounded ({@code maxQueuedEvents}): when it is full the oldest waiting event is not pushed live and
 *       is counted, so the newest (the game as it stands, its end) always is (the dropped one stays in the log: the
 *       host sees a gap in the numbers and fetches it with {@code SINCE}); a
 *       failure on one batch is logged (once per kind, with a count) and the thread goes on;
 *   <li>{@code shogiban-link-reader} opens the device, reads command lines, and answers each through the
 *       {@link LinkProtocol}, which sends commands to the board through its port; when the device is gone (a read
 *       fails, or its path names another device or none) it closes it and tries to open it again every
 *       {@code reopenMillis}, for as long as the service runs;
 *   <li>{@code shogiban-link-writer} writes the {@link OutboundQueue} to the device; it may block on a host that
 *       does not read, and nothing else waits for it.
 * </ul>
 * A {@code SINCE} and the events pushed live are queued under one lock, so the host never sees a live event before
 * an older one that {@code SINCE} is sending.
 */
public final class LinkService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LinkService.class);
    /** Not an event: tells the event thread to stop (compared by identity). */
    private static final LoggedEvent STOP = new LoggedEvent(Long.MAX_VALUE, LinkEvent.of("STOP"));

    private final LinkedBoard board;
    private final KeptEvents events;
    private final SerialTransport transport;
    private final LinkSettings settings;
    private final LinkProtocol protocol;
    private final OutboundQueue outbound;
    private final BlockingQueue<LoggedEvent> inbox;
    /** Events not pushed live because the link's own queue was full (they stay in the log for {@code SINCE}). */
    private final java.util.concurrent.atomic.AtomicLong overflowed = new java.util.concurrent.atomic.AtomicLong();
    private final FailureCounts failures = new FailureCounts(log, "link: the event thread");
    private final Object dispatch = new Object();

    private volatile boolean running;
    private volatile boolean connected;
    private volatile SerialTransport.Connection connection;
    private AutoCloseable subscription;
    private Thread eventThread;
    private Thread readerThread;
    private Thread writerThread;

    /** Told when the device cannot be opened and when it opens again: the board shows it as a fault that clears. */
    @FunctionalInterface
    public interface DeviceWatch {
        /**
         * @param missing true when the device cannot be opened, false when it opened after that
         * @param why one sentence naming the device and what happened
         */
        void deviceChanged(boolean missing, String why);
    }

    private volatile DeviceWatch deviceWatch = (missing, why) -> { };

    /**
     * @param board the board's port for the link
     * @param events the board's kept events (for {@code SINCE}); the board keeps them before it hands them over
     */
    public LinkService(LinkedBoard board, KeptEvents events, SerialTransport transport, LinkSettings settings) {
        this.board = Objects.requireNonNull(board, "board");
        this.events = Objects.requireNonNull(events, "events");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.protocol = new LinkProtocol(board, events, new PinGuard(settings.arbiterPin()), settings.version(),
                settings.boardId());
        this.outbound = new OutboundQueue(settings.maxQueuedEvents(), settings.maxQueuedReplyBytes());
        // room for STOP besides a full queue of events
        this.inbox = new java.util.concurrent.ArrayBlockingQueue<>(settings.maxQueuedEvents() + 1);
    }

    /** Who is told when the device is missing and when it comes (before {@link #start()}). */
    public void watchDevice(DeviceWatch watch) {
        this.deviceWatch = Objects.requireNonNull(watch, "watch");
    }

    /** Subscribes to the board and starts the threads. */
    public synchronized void start() {
        if (running) {
            throw new IllegalStateException("the link is already running");
        }
        running = true;
        eventThread = thread("shogiban-link-events", this::dispatchEvents);
        readerThread = thread("shogiban-link-reader", this::readLoop);
        writerThread = thread("shogiban-link-writer", this::writeLoop);
        subscription = board.subscribe(this::handOver);
        log.info("link on {}: events numbered from {}", transport.describe(), events.lastSeq() + 1);
    }

    private static Thread thread(String name, Runnable body) {
        return Thread.ofPlatform().name(name).daemon().start(body);
    }

    /** Whether a device is open now (for tests and the log). */
    public boolean isConnected() {
        return connected;
    }

    /** Events dropped from the queue for a slow host since the start (they stay in the log). */
    public long droppedEvents() {
        return outbound.droppedEvents();
    }

    /** Events not pushed live since the start because the link's own queue was full (they stay in the log). */
    public long overflowedEvents() {
        return overflowed.get();
    }

    // ------------------------------------------------------------------------------------------------ events

    /**
     * On the board's event keeper's thread: never waits; a full queue loses the live push of its oldest event only
     * (stated policy), so the last event the board made is always pushed.
     */
    private void handOver(LoggedEvent event) {
        while (!inbox.offer(event)) {
            if (inbox.poll() != null && overflowed.getAndIncrement() == 0) {
                log.warn("link: events arrive faster than the link takes them; the oldest waiting are not pushed"
                        + " live (SINCE still has them)");
            }
        }
    }

    private void dispatchEvents() {
        List<LoggedEvent> batch = new ArrayList<>();
        while (true) {
            try {
                batch.clear();
                batch.add(inbox.take());
                inbox.drainTo(batch, 255);
                int stop = stopAt(batch);
                push(stop < 0 ? batch : batch.subList(0, stop));
                if (stop >= 0) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                // one bad batch must not end the pushing of every later event: said once per kind, counted
                failures.failed(e);
            }
        }
    }

    /** Queues the events for the host, in order, under the lock a {@code SINCE} answers under. */
    private void push(List<LoggedEvent> now) {
        synchronized (dispatch) {
            for (LoggedEvent logged : now) {
                if (connected) {
                    outbound.offerEvent(logged.wire());
                }
            }
        }
    }

    /** Where {@link #STOP} is in the batch (by identity: an event may look like it), or -1. */
    private static int stopAt(List<LoggedEvent> batch) {
        for (int i = 0; i < batch.size(); i++) {
            if (batch.get(i) == STOP) {
                return i;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------------------------------------ reading

    private void readLoop() {
        boolean told = false;
        while (running) {
            SerialTransport.Connection c;
            try {
                c = transport.open();
            } catch (IOException | RuntimeException e) {
                if (!told) {
                    log.info("link: {} not available ({}); trying again every {} ms", transport.describe(),
                            e.getMessage(), settings.reopenMillis());
                    deviceWatch.deviceChanged(true, "serial device " + transport.describe() + " is not there ("
                            + e.getMessage() + "); the link waits for it");
                    told = true;
                }
                if (!pause(settings.reopenMillis())) {
                    return;
                }
                continue;
            }
            if (told) {
                deviceWatch.deviceChanged(false, "serial device " + transport.describe() + " is open");
            }
            told = false;
            log.info("link: {} open", transport.describe());
            serve(c);
            connected = false;
            connection = null;
            outbound.clear();
            c.close();
            if (running) {
                log.info("link: {} gone; reopening", transport.describe());
            }
        }
    }

    /** Reads and answers commands until the device is gone or the service stops. */
    private void serve(SerialTransport.Connection c) {
        outbound.clear();
        connection = c;
        connected = true;
        LineDecoder decoder = new LineDecoder();
        LinkSession session = new LinkSession();
        byte[] buffer = new byte[512];
        long lastLook = System.nanoTime();
        try {
            while (running) {
                int n = c.read(buffer);
                if (n < 0) {
                    return;
                }
                if (n == 0) {
                    long now = System.nanoTime();
                    if (now - lastLook > settings.probeMillis() * 1_000_000) {
                        lastLook = now;
                        if (!c.stillThere()) {
                            log.info("link: {} no longer names the device opened", transport.describe());
                            return;
                        }
                    }
                    continue;
                }
                for (LineDecoder.Input input : decoder.feed(buffer, n)) {
                    answer(input, session);
                    if (!outbound.awaitReplyRoom(Long.MAX_VALUE / 4_000_000) || !running) {
                        return;
                    }
                }
            }
        } catch (IOException e) {
            log.info("link: reading {} failed: {}", transport.describe(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void answer(LineDecoder.Input input, LinkSession session) {
        long now = System.nanoTime() / 1_000_000;
        synchronized (dispatch) {
            List<byte[]> frames = protocol.handle(input, session, now);
            outbound.putReply(frames);
        }
    }

    // ------------------------------------------------------------------------------------------------ writing

    private void writeLoop() {
        try {
            while (running) {
                byte[] frame = outbound.take(200);
                SerialTransport.Connection c = connection;
                if (frame == null || c == null) {
                    continue;
                }
                try {
                    c.write(frame);
                } catch (IOException e) {
                    // the reader sees the device gone too and reopens it; what was queued is for SINCE now
                    log.debug("link: writing failed: {}", e.getMessage());
                    outbound.clear();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean pause(long millis) {
        try {
            Thread.sleep(millis);
            return running;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Stops the subscription and the threads and closes the device. The event log stays open (its owner closes it). */
    @Override
    public void close() {
        Thread[] threads;
        synchronized (this) {
            if (!running) {
                return;
            }
            running = false;
            threads = new Thread[] {eventThread, readerThread, writerThread};
        }
        try {
            subscription.close();
        } catch (Exception e) {
            log.warn("link: unsubscribing failed: {}", e.toString());
        }
        // the inbox may be full: make room for STOP (what is dropped is in the log for SINCE)
        while (!inbox.offer(STOP)) {
            inbox.poll();
        }
        SerialTransport.Connection c = connection;
        if (c != null) {
            c.close();
        }
        for (Thread t : threads) {
            if (t != eventThread) {
                t.interrupt();
            }
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                log.warn("link: thread {} did not stop within 2 s", t.getName());
            }
        }
        log.info("link on {} stopped", transport.describe());
    }
}
