package org.shogiban.simulator.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What the live streams wait on: a version that goes up on every change the pages show, and the last
 * {@value #KEPT} log lines, numbered. The board's threads tell it (and return at once); each stream's thread waits
 * for something newer than what it sent. Thread-safe.
 */
final class PageNews implements WebBoard.Listener {
    /** Log lines kept for pages that connect later or fall behind. */
    static final int KEPT = 200;

    /** One log line; {@code words} for the page's message tables, null when the line has none. */
    record Line(long seq, long wallMillis, String kind, String text, PageWords words) {
    }

    /** What a stream has not sent yet. */
    record Update(boolean changed, long version, List<Line> lines) {
        boolean isEmpty() {
            return !changed && lines.isEmpty();
        }
    }

    private final Deque<Line> lines = new ArrayDeque<>();
    private long version;
    private long lastSeq;
    private boolean closed;

    @Override
    public synchronized void changed() {
        version++;
        notifyAll();
    }

    @Override
    public void logged(String kind, String text) {
        logged(kind, text, null);
    }

    @Override
    public synchronized void logged(String kind, String text, PageWords words) {
        lines.addLast(new Line(++lastSeq, System.currentTimeMillis(), kind, text, words));
        while (lines.size() > KEPT) {
            lines.removeFirst();
        }
        notifyAll();
    }

    /** The number of the last log line (0 before any). */
    synchronized long lastSeq() {
        return lastSeq;
    }

    /**
     * Waits up to {@code timeoutMillis} for a version after {@code seenVersion} or a line after {@code seenSeq};
     * returns what is new (empty on timeout, or when the news are closed).
     */
    synchronized Update await(long seenVersion, long seenSeq, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (!closed && version == seenVersion && lastSeq == seenSeq) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        List<Line> fresh = new ArrayList<>();
        for (Line l : lines) {
            if (l.seq() > seenSeq) {
                fresh.add(l);
            }
        }
        return new Update(version != seenVersion, version, fresh);
    }

    /** Wakes every stream for good: the server stops. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }

    synchronized boolean isClosed() {
        return closed;
    }
}
