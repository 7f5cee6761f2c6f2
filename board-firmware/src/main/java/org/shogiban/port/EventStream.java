package org.shogiban.port;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.shogiban.link.KeptEvents;
import org.shogiban.link.LoggedEvent;

/**
 * The board's numbered events, owned by the assembly: each input's events are numbered once on the runtime's thread
 * (journalled with the change), kept in {@code link-events.log} by one keeper thread (forced to the disk), and only
 * then handed to the subscribers, in order. Numbers count up from 1 over the board's whole life; every part (the USB
 * link's {@code SINCE}, the hall's replay) reads the same ones, whatever the order the parts were attached in.
 */
public interface EventStream extends KeptEvents {

    /**
     * Tells {@code listener} every event kept from now on, in order, on the keeper's thread (return at once: queue
     * it for a thread of the part's own). What it throws is logged once per kind and counted; the others are still
     * told.
     *
     * @return what the part closes to stop it
     */
    Subscription subscribe(Consumer<LoggedEvent> listener);

    /** Every kept event numbered above {@code seq}, in order (those the log still keeps). */
    @Override
    List<LoggedEvent> since(long seq);

    /** The number of the last event kept, 0 before the first. */
    @Override
    long lastSeq();

    /** The number of the oldest event still kept ({@code lastSeq() + 1} when none is kept). */
    @Override
    long firstKeptSeq();

    /**
     * The directory the events are kept in ({@code link-events.log}; a part keeps its own mark of what it sent
     * beside it, as the hall's {@code hall-sent}); empty when they are kept in memory only.
     */
    Optional<Path> directory();
}
