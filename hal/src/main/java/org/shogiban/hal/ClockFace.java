package org.shogiban.hal;

import java.time.Duration;
import java.util.Objects;

/**
 * What the clock display shows for one player: the time left on the current phase and, in byoyomi, how many periods
 * are left.
 *
 * @param remaining time left: main time, or the current byoyomi period when {@code inByoyomi}
 * @param inByoyomi whether main time is over
 * @param periodsLeft byoyomi periods left including the current one (0 when the game has none); 0..99
 */
public record ClockFace(Duration remaining, boolean inByoyomi, int periodsLeft) {
    public ClockFace {
        Objects.requireNonNull(remaining, "remaining");
        if (remaining.isNegative()) {
            throw new IllegalArgumentException("remaining time is negative: " + remaining);
        }
        if (periodsLeft < 0 || periodsLeft > 99) {
            throw new IllegalArgumentException("periods left must be 0..99, got " + periodsLeft);
        }
    }

    /** Main time, no byoyomi indicator. */
    public static ClockFace mainTime(Duration remaining) {
        return new ClockFace(remaining, false, 0);
    }

    /** Inside a byoyomi period. */
    public static ClockFace byoyomi(Duration remaining, int periodsLeft) {
        return new ClockFace(remaining, true, periodsLeft);
    }
}
