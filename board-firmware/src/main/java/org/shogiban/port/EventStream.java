package org.shogiban.port;

import java.util.List;
import java.util.function.Consumer;
import org.shogiban.link.LoggedEvent;

/**
 * The board's numbered events, owned by the assembly: each input's events are numbered once on the runtime's thread
 * (journalled with the change), kept in {@code link-events.log} by one keeper thread (forced to the disk), and only
 * then handed to the subscribers, in order. Numbers count up from 1 over the board's whole life; every part (the USB
 * link's {@code SINCE}, the hall's replay) reads the same ones.
 */
public interface EventStream {

    /**
     * Tells {@code listener} every event kept from now on, in order, on the keeper's thread (return at once).
     *
     * @return what the part closes to stop it
     */
    Subscription subscribe(Consumer<LoggedEvent> listener);

    /** Every kept event numbered above {@code seq}, in order (those the log still keeps). */
    List<LoggedEvent> since(long seq);

    /** The number of the last event kept, 0 before the first. */
    long lastSeq();

    /** The number of the oldest event still kept ({@code lastSeq() + 1} when none is kept). */
    long firstKeptSeq();
}
