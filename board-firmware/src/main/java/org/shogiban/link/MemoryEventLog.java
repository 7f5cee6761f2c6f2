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
        return keep(new LoggedEvent(last + 1, event));
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
