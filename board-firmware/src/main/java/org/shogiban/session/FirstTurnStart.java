package org.shogiban.session;

import org.shogiban.clock.ByoyomiClock;
import org.shogiban.rules.Side;

/**
 * The first turn's clock waits for the players, as a real clock does: it is held (paused) when the game starts and
 * the first mover's time starts only when the opponent presses their clock button or when the first move counts
 * (then that move is charged nothing). Never at the start of the service or when a page is opened.
 */
final class FirstTurnStart {
    private boolean waiting;

    /** Holds the clock at the game's start (or a resumed game whose clock still waits). */
    void hold(ByoyomiClock clock, long nowMillis) {
        clock.pause(nowMillis);
        waiting = true;
    }

    /** Whether the first turn's time has not started yet. */
    boolean waiting() {
        return waiting;
    }

    /** Starts {@code firstMover}'s time at {@code atMillis} if it still waits; whether it did. */
    boolean start(ByoyomiClock clock, Side firstMover, long atMillis) {
        if (!waiting) {
            return false;
        }
        waiting = false;
        clock.start(firstMover, atMillis);
        return true;
    }
}
