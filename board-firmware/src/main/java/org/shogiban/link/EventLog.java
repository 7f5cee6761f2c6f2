package org.shogiban.link;

import java.util.List;

/**
 * Where the link's events are numbered and kept, so that a host that missed some (it was unplugged, or it read too
 * slowly and the link dropped them from its queue) fetches them with {@code SINCE}. Numbers count up from 1 over the
 * board's whole life and survive restarts. The game session's journal takes this role once it lands; until then
 * {@link FileEventLog} keeps the events in the state directory.
 */
public interface EventLog extends AutoCloseable {

    /** Numbers an event, keeps it (on disk before it returns, for a durable log), and returns it numbered. */
    LoggedEvent append(LinkEvent event);

    /** Every kept event numbered above {@code seq}, in order. */
    List<LoggedEvent> since(long seq);

    /** The number of the last event, 0 before the first. */
    long lastSeq();

    /** The number of the oldest event still kept ({@code lastSeq() + 1} when none is kept). */
    long firstKeptSeq();

    @Override
    void close();
}
