package org.shogiban.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.shogiban.link.EventLog;
import org.shogiban.link.FileEventLog;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.port.EventStream;
import org.shogiban.port.Subscription;
import org.shogiban.threads.FailureCounts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's event stream, owned by the assembly and made once, whichever parts ask for it: the runtime numbers
 * each input's events ({@link EventNumbering}, journalled with the change), then hands them here after its
 * listeners; the {@code shogiban-events} thread keeps them in the {@link EventLog} ({@code link-events.log}, forced
 * once per batch) and only then tells the subscribers (the USB link, the hall), in order.
 *
 * <p>Policies: the queue to the keeper holds {@value #QUEUED_INPUTS} inputs' events; when it is full the runtime
 * waits for the disk (as it does for its journal) rather than lose a numbered event, and says so once. A failure of
 * the log or of a subscriber is logged once per kind with a count, and the keeper goes on.
 */
final class BoardEvents implements EventStream, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardEvents.class);
    /** How many events the log keeps for {@code SINCE}: a few long games. */
    static final int EVENTS_KEPT = 10_000;
    /** How many inputs' events may wait for the keeper before the runtime waits. */
    static final int QUEUED_INPUTS = 1024;
    /** Not a batch: tells the keeper to stop (compared by identity). */
    private static final List<LoggedEvent> STOP = new ArrayList<>();

    private final EventLog events;
    private final Path directory;
    private final EventNumbering numbering;
    private final BlockingQueue<List<LoggedEvent>> queue = new ArrayBlockingQueue<>(QUEUED_INPUTS);
    private final List<Consumer<LoggedEvent>> subscribers = new CopyOnWriteArrayList<>();
    private final FailureCounts logFailures = new FailureCounts(log, "events: keeping in the event log");
    private final FailureCounts subscriberFailures = new FailureCounts(log, "events: a subscriber");
    /** The keeper's thread, or null when the events are kept on the runtime's thread (a stepped test board). */
    private final Thread keeper;
    private volatile boolean closed;
    private boolean waitSaid;

    /**
     * @param events where the events are numbered and kept
     * @param directory the directory of the log, or null in memory
     */
    BoardEvents(EventLog events, Path directory) {
        this(events, directory, true);
    }

    /**
     * @param threaded false: the events are kept and told on the runtime's thread as they are handed over (tests
     *     on a stepped board that read the events right after a pass)
     */
    BoardEvents(EventLog events, Path directory, boolean threaded) {
        this.events = Objects.requireNonNull(events, "events");
        this.directory = directory;
        this.numbering = new EventNumbering(events);
        this.keeper = threaded ? Thread.ofPlatform().name("shogiban-events").daemon().unstarted(this::keepLoop)
                : null;
    }

    /** Puts the stream on the runtime (its numbering and keeper stages) and starts the keeper. */
    BoardEvents attach(BoardApplication app) {
        app.setEvents(this);
        if (keeper != null) {
            keeper.start();
        }
        return this;
    }

    /**
     * The stream of a board: the log in {@code directory} (in memory when null or when it cannot be opened: the board
     * still starts), the journalled events the log lacks kept first (the board stopped between the journal's write
     * and the log's), the runtime numbering into it; the keeper runs.
     */
    static BoardEvents open(BoardApplication app, Path directory) {
        BoardEvents stream = new BoardEvents(eventLog(directory), directory);
        if (app.journal() instanceof SessionJournal journal) {
            int restored = stream.numbering.restore(journal.journal().entries());
            if (restored > 0) {
                log.warn("events: {} events journalled before the stop were not in the event log; kept now with their"
                        + " numbers", restored);
            }
        }
        stream.attach(app);
        log.debug("events numbered from {}", stream.events.lastSeq() + 1);
        return stream;
    }

    private static EventLog eventLog(Path directory) {
        if (directory == null) {
            return new MemoryEventLog(EVENTS_KEPT);
        }
        try {
            return FileEventLog.open(directory, EVENTS_KEPT);
        } catch (java.io.UncheckedIOException e) {
            log.error("events: the event log cannot be opened ({}); the events are numbered in memory from the "
                    + "journal's last on, and SINCE finds only those of this run", e.getMessage());
            return new MemoryEventLog(EVENTS_KEPT);
        }
    }

    /**
     * Where the events are kept for a board run with these directories: the state directory; without one, the
     * directory the records directory is in (where the link kept them before the state directory existed); neither:
     * null (in memory).
     */
    static Path directory(Path state, Path records) {
        if (state != null) {
            return state;
        }
        if (records == null) {
            return null;
        }
        Path parent = records.toAbsolutePath().normalize().getParent();
        return parent == null ? records.toAbsolutePath() : parent;
    }

    /** The runtime's numbering stage into this stream's log. */
    EventNumbering numbering() {
        return numbering;
    }

    /** On the runtime's thread, after its listeners: one input's numbered events for the keeper. */
    void handOver(List<LoggedEvent> numbered) {
        if (numbered.isEmpty() || closed) {
            return;
        }
        if (keeper == null) {
            keepAndTell(numbered);
            return;
        }
        if (queue.offer(numbered)) {
            return;
        }
        if (!waitSaid) {
            waitSaid = true;
            log.warn("events: {} inputs' events wait for the disk; the board waits for it too", QUEUED_INPUTS);
        }
        try {
            queue.put(numbered);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            // the runtime is being stopped: they are in the journal with their change, kept at the next start
            logFailures.failed(new IllegalStateException("events " + numbered.get(0).seq() + ".. not kept now:"
                    + " the board stops", e));
        }
    }

    private void keepLoop() {
        List<List<LoggedEvent>> batches = new ArrayList<>();
        List<LoggedEvent> all = new ArrayList<>();
        while (true) {
            try {
                batches.clear();
                batches.add(queue.take());
                queue.drainTo(batches, 255);
                all.clear();
                boolean stop = false;
                for (List<LoggedEvent> b : batches) {
                    if (b == STOP) {
                        stop = true;
                        break;
                    }
                    all.addAll(b);
                }
                keepAndTell(all);
                if (stop) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Keeps the events (forced once), then tells every subscriber each of them, in order. */
    private void keepAndTell(List<LoggedEvent> all) {
        if (all.isEmpty()) {
            return;
        }
        try {
            events.keep(all);
        } catch (RuntimeException e) {
            // the journal holds them with their changes: they are still told, and the next batch is tried again
            logFailures.failed(e);
        }
        for (LoggedEvent e : all) {
            for (Consumer<LoggedEvent> s : subscribers) {
                try {
                    s.accept(e);
                } catch (RuntimeException ex) {
                    subscriberFailures.failed(ex);
                }
            }
        }
    }

    @Override
    public Subscription subscribe(Consumer<LoggedEvent> listener) {
        Objects.requireNonNull(listener, "listener");
        // a wrapper of its own: the same listener subscribed twice is removed once per subscription
        Consumer<LoggedEvent> own = listener::accept;
        subscribers.add(own);
        return () -> subscribers.remove(own);
    }

    @Override
    public List<LoggedEvent> since(long seq) {
        return events.since(seq);
    }

    @Override
    public long lastSeq() {
        return events.lastSeq();
    }

    @Override
    public long firstKeptSeq() {
        return events.firstKeptSeq();
    }

    @Override
    public Optional<Path> directory() {
        return Optional.ofNullable(directory);
    }

    /** How many failures of the log and of subscribers were counted (tests, the log). */
    long failures() {
        return logFailures.total() + subscriberFailures.total();
    }

    /** Keeps what waits, stops the keeper and closes the log. Call after the runtime stopped. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (keeper == null) {
            events.close();
            return;
        }
        try {
            queue.put(STOP);
            keeper.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (keeper.isAlive()) {
            log.warn("events: the keeper did not stop within 5 s");
        }
        events.close();
    }
}
