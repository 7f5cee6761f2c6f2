package org.shogiban.app;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board put together by {@link BoardAssembly}: the runtime with its journal, records and parts (the USB link...).
 * It does not scan until {@link #start()} (its own thread, real time) or {@link BoardApplication#step(long)} (tests,
 * the stepped console). {@link #close()} takes it apart in the reverse order of the assembly: the runtime stops
 * first, then the parts, the record writer (pending records written), the journal and the hardware.
 */
public final class AssembledBoard implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(AssembledBoard.class);

    private final BoardApplication application;
    private final Path records;
    private final Path state;
    private final Optional<String> arbiterPin;
    /** What to close, the last built first; the runtime is closed before all of them. */
    private final Deque<AutoCloseable> built;

    AssembledBoard(BoardApplication application, Path records, Path state, Optional<String> arbiterPin,
                   Deque<AutoCloseable> built) {
        this.application = Objects.requireNonNull(application, "application");
        this.records = records;
        this.state = state;
        this.arbiterPin = Objects.requireNonNull(arbiterPin, "arbiterPin");
        this.built = built;
    }

    /** The runtime: its snapshot, view, inbox ({@code submit}), listeners. */
    public BoardApplication application() {
        return application;
    }

    /** Where the records are saved, or null when they are not kept on disk. */
    public Path records() {
        return records;
    }

    /** The state directory (journal, link events), or null without one. */
    public Path state() {
        return state;
    }

    /**
     * The arbiter's PIN, the one the board was assembled with: the USB link's {@code AUTH} and the web page check
     * this one. Empty: the arbiter's commands are off.
     */
    public Optional<String> arbiterPin() {
        return arbiterPin;
    }

    /** Starts the scan thread (real time). */
    public void start() {
        application.start();
    }

    /** Puts one more part on (e.g. after the caller has built what the part needs); closed with the board. */
    void add(AutoCloseable part) {
        built.push(part);
    }

    @Override
    public void close() {
        application.close();
        closeAll(built);
    }

    /** Closes each, the last added first; a failure is logged and the others are closed all the same. */
    static void closeAll(Deque<AutoCloseable> built) {
        while (!built.isEmpty()) {
            AutoCloseable c = built.pop();
            try {
                c.close();
            } catch (Exception e) {
                log.warn("closing {} failed: {}", c, e.toString());
            }
        }
    }

    static Deque<AutoCloseable> stack() {
        return new ArrayDeque<>();
    }
}
