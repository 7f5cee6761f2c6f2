package org.shogiban.link;

import java.util.List;

/**
 * The board's numbered events as far as they are kept (on the disk for a durable log): what a host's {@code SINCE}
 * and the hall's replay read. Numbers count up from 1 over the board's whole life.
 */
public interface KeptEvents {

    /** Every kept event numbered above {@code seq}, in order. */
    List<LoggedEvent> since(long seq);

    /** The number of the last event kept, 0 before the first. */
    long lastSeq();

    /** The number of the oldest event still kept ({@code lastSeq() + 1} when none is kept). */
    long firstKeptSeq();
}
