package org.shogiban.app;

import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.shogiban.notation.GameRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Saves records on a thread of its own, in order, so that a slow SD card never holds up the scan loop. {@link #close()}
 * waits for the saves already asked for.
 */
public final class BackgroundRecordSink implements RecordSink, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BackgroundRecordSink.class);

    private final RecordSink delegate;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "shogiban-records");
        t.setDaemon(true);
        return t;
    });

    public BackgroundRecordSink(RecordSink delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public void save(String name, GameRecord record) {
        try {
            writer.execute(() -> delegate.save(name, record));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            log.warn("record {} not saved: the record writer is closed", name);
        }
    }

    @Override
    public void discard(String name) {
        try {
            writer.execute(() -> delegate.discard(name));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            log.warn("record {} not removed: the record writer is closed", name);
        }
    }

    /**
     * Waits (up to 10 seconds) until the saves asked for so far are written: benchmarks and tests that must not
     * measure a save still running.
     */
    public void awaitWritten() {
        try {
            writer.submit(() -> { }).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException
                 | java.util.concurrent.RejectedExecutionException e) {
            log.warn("waiting for the record writer: {}", e.toString());
        }
    }

    /** Finishes the pending saves (waiting up to 10 seconds) and stops the writer thread. */
    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(10, TimeUnit.SECONDS)) {
                log.error("game records still being written after 10 s; giving up on them");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
