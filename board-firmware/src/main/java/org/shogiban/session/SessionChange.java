package org.shogiban.session;

import java.util.List;
import java.util.Objects;
import org.shogiban.clock.ClockState;
import org.shogiban.notation.GameRecord;

/**
 * What one input did to the session, built once as the input was taken: the events, and the board as they left it.
 * Every consumer (the journal, the event numbering, the lights and sounds, the listeners, the record file) reads
 * this value, not the session again.
 *
 * <p>The facts, state and record are made after an input that returned events; after a quiet input (most ticks
 * and frames) they are the last change's (the {@link #view()} is always the board's now: a quiet frame may light
 * another square while setting up).
 *
 * @param events what happened, in order (often nothing)
 * @param view what the board shows now, for the LEDs
 * @param facts the board's typed facts as of the change ({@code seq} 0: the runtime puts the event number in); what
 *     every part reads; the JSON snapshot is written from them at the edge ({@link BoardSnapshot#of}), never here
 * @param state what the journal keeps: the whole state after the change, the clocks as of its time
 * @param record the game's record now (null before the first game)
 * @param clock both clocks as of the change (null before the first game)
 * @param timeMillis the change's time: the input's, or the session's latest input's if later
 */
public record SessionChange(List<BoardEvent> events, BoardView view, BoardFacts facts, SessionState state,
                            GameRecord record, ClockState clock, long timeMillis) {
    public SessionChange {
        events = List.copyOf(events);
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(facts, "facts");
        Objects.requireNonNull(state, "state");
    }

    /** Whether the input changed anything (returned events). */
    public boolean changed() {
        return !events.isEmpty();
    }

    /** The same board after a quiet input: no events, the view now. */
    SessionChange quiet(BoardView now, long atMillis) {
        return new SessionChange(List.of(), now, facts, state, record, clock, atMillis);
    }
}
