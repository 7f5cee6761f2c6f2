package org.shogiban.link;

import java.util.List;

/**
 * Where the link's events are numbered and kept, so that a host that missed some (it was unplugged, or it read too
 * slowly and the link dropped them from its queue) fetches them with {@code SINCE}. Numbers count up from 1 over the
 * board's whole life and survive restarts: {@link FileEventLog} keeps them in the state directory, beside the game's
 * journal; the board numbers them once, on its runtime's thread, and journals the numbered events with their change
 * (see {@code app.EventNumbering}), so the numbers are on the disk before any event goes out.
 */
public interface EventLog extends KeptEvents, AutoCloseable {

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

    /**
     * Numbers events in order without keeping them yet (the board's thread: no disk); {@link #keep} keeps them, in
     * the same order, before they go out. Until then {@link #since} and {@link #lastSeq()} do not show them.
     */
    List<LoggedEvent> reserve(List<LinkEvent> events);

    /** Keeps events numbered by {@link #reserve}, in their order (a durable log forces them to the disk once). */
    void keep(List<LoggedEvent> numbered);

    /** The number given last by {@link #reserve} or {@link #append} (kept or not yet), 0 before the first. */
    long lastNumbered();

    @Override
    void close();
}
