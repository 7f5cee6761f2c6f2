package org.shogiban.clock;

import java.util.Objects;
import org.shogiban.rules.Side;

/**
 * What one {@link ByoyomiClock#endTurn} did.
 *
 * @param mover who ended the turn
 * @param elapsedMs the time the move took (from the turn's start to the completing instant, pauses excluded)
 * @param elapsedSeconds the same in whole seconds, rounded down, as records write it (KIF {@code ( 0:12/...)},
 *                       CSA {@code T12})
 * @param timeUp whether the mover's time had run out before the completing instant (the clock then stopped and the
 *               opponent's time did not start)
 * @param after both clocks after the switch, at the instant asked for
 */
public record ClockSwitch(Side mover, long elapsedMs, long elapsedSeconds, boolean timeUp, ClockState after) {
    public ClockSwitch {
        Objects.requireNonNull(mover, "mover");
        Objects.requireNonNull(after, "after");
    }
}
