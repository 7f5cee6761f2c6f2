package org.shogiban.hall;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.shogiban.link.LoggedEvent;

/**
 * One board's events as a hall takes them: in order of their sequence numbers, each once. An event above the next
 * number waits until the gap is filled (the hall asks the board {@code SINCE <last>}); one already taken is a
 * repeat and is counted, not taken again. Not thread-safe: its owner serialises the calls.
 */
public final class EventFeed {
    private long last = -1;
    private final TreeMap<Long, LoggedEvent> ahead = new TreeMap<>();
    private long repeats;
    private long taken;

    /** The number of the last event taken; -1 before the first. */
    public long last() {
        return last;
    }

    /** Events received again (already taken), since the start. */
    public long repeats() {
        return repeats;
    }

    /** Events taken since the start. */
    public long taken() {
        return taken;
    }

    /** Whether events are missing below one received (the hall should ask {@code SINCE last()}). */
    public boolean hasGap() {
        return !ahead.isEmpty();
    }

    /**
     * The first event a hall sees from a board that it never heard from fixes where it starts: the hall does not
     * ask for what came before it joined (the record has the game).
     */
    public void startAfter(long seq) {
        if (last < 0) {
            last = seq;
        }
    }

    /** Takes an event; returns the events now in order (it and those that waited for it), possibly none. */
    public List<LoggedEvent> offer(LoggedEvent e) {
        if (last < 0) {
            last = e.seq() - 1;
        }
        if (e.seq() <= last || ahead.containsKey(e.seq())) {
            repeats++;
            return List.of();
        }
        ahead.put(e.seq(), e);
        List<LoggedEvent> out = new ArrayList<>();
        while (!ahead.isEmpty() && ahead.firstKey() == last + 1) {
            LoggedEvent next = ahead.pollFirstEntry().getValue();
            last = next.seq();
            out.add(next);
        }
        taken += out.size();
        return out;
    }
}
