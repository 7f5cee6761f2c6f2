package org.shogiban.link;

import java.util.List;

/**
 * Where the link's events are numbered and kept, so that a host that missed some (it was unplugged, or it read too
 * slowly and the link dropped them from its queue) fetches them with {@code SINCE}. Numbers count up from 1 over the
 * board's whole life and survive restarts: {@link FileEventLog} keeps them in the state directory, beside the game's
 * journal, and the board numbers them right after the journal has the change (see {@code app.EventNumbering}).
 */
public interface EventLog extends AutoCloseable {

    /** Numbers an event, keeps it (on disk before it returns, for a durable log), and returns it numbered. */
    LoggedEvent append(LinkEvent event);

    /**
     * Numbers several events in order and keeps them; a durable log writes them in one go and forces the disk once
     * before it returns.
     */
    default List<LoggedEvent> appendAll(List<LinkEvent> events) {
        List<LoggedEvent> numbered = new java.util.ArrayList<>(events.size());
        for (LinkEvent e : events) {
            numbered.add(append(e));
        }
        return numbered;
    }

    /** Every kept event numbered above {@code seq}, in order. */
    List<LoggedEvent> since(long seq);

    /** The number of the last event, 0 before the first. */
    long lastSeq();

    /** The number of the oldest event still kept ({@code lastSeq() + 1} when none is kept). */
    long firstKeptSeq();

    @Override
    void close();
}
