package org.shogiban.link;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** An event log in memory only (the console board without a state directory): kept until the process ends. */
public final class MemoryEventLog implements EventLog {
    private final int capacity;
    private final Deque<LoggedEvent> events = new ArrayDeque<>();
    private long last;
    /** The last number given by {@link #reserve}, kept or not yet. */
    private long numbered;

    /** Keeps the last {@code capacity} events. */
    public MemoryEventLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1");
        }
        this.capacity = capacity;
    }

    /** Keeps the last {@code capacity} events, numbering on from {@code lastSeq}. */
    MemoryEventLog(int capacity, long lastSeq) {
        this(capacity);
        this.last = lastSeq;
    }

    @Override
    public synchronized LoggedEvent append(LinkEvent event) {
        LoggedEvent e = new LoggedEvent(Math.max(last, numbered) + 1, event);
        numbered = e.seq();
        return keep(e);
    }

    @Override
    public synchronized List<LoggedEvent> reserve(List<LinkEvent> toNumber) {
        List<LoggedEvent> out = new ArrayList<>(toNumber.size());
        for (LinkEvent e : toNumber) {
            numbered = Math.max(last, numbered) + 1;
            out.add(new LoggedEvent(numbered, e));
        }
        return out;
    }

    @Override
    public synchronized void keep(List<LoggedEvent> reserved) {
        for (LoggedEvent e : reserved) {
            keep(e);
        }
    }

    @Override
    public synchronized long lastNumbered() {
        return Math.max(last, numbered);
    }

    /** Keeps an event already numbered (read back from a file). */
    synchronized LoggedEvent keep(LoggedEvent e) {
        if (e.seq() <= last) {
            throw new IllegalArgumentException("event " + e.seq() + " does not follow " + last);
        }
        events.addLast(e);
        last = e.seq();
        while (events.size() > capacity) {
            events.removeFirst();
        }
        return e;
    }

    @Override
    public synchronized List<LoggedEvent> since(long seq) {
        List<LoggedEvent> out = new ArrayList<>();
        for (LoggedEvent e : events) {
            if (e.seq() > seq) {
                out.add(e);
            }
        }
        return out;
    }

    @Override
    public synchronized long lastSeq() {
        return last;
    }

    @Override
    public synchronized long firstKeptSeq() {
        return events.isEmpty() ? last + 1 : events.getFirst().seq();
    }

    /** How many events are kept. */
    synchronized int size() {
        return events.size();
    }

    @Override
    public void close() {
        // nothing to release
    }
}
