package org.shogiban.clock;

import java.util.Objects;
import java.util.Optional;
import org.shogiban.rules.Side;

/**
 * Both clocks at an instant, as the JSON snapshot shows them ({@code clock.running}, per side {@code mainMs},
 * {@code byoyomiMs}, {@code periods}, {@code considerUnits}), and what {@link ByoyomiClock#restore} resumes from.
 *
 * @param running whose time is running; null when none (before the start, after stop or time up)
 * @param paused whether the arbiter paused the clock (the running side is the one to resume)
 * @param sente sente's clock
 * @param gote gote's clock
 * @param turnMs the time the running side has used on the turn in progress so far (pauses excluded)
 */
public record ClockState(Side running, boolean paused, SideClock sente, SideClock gote, long turnMs) {
    public ClockState {
        Objects.requireNonNull(sente, "sente");
        Objects.requireNonNull(gote, "gote");
        if (turnMs < 0) {
            throw new IllegalArgumentException("negative turn time " + turnMs);
        }
    }

    /** A state without the turn's time used so far (taken as 0). */
    public ClockState(Side running, boolean paused, SideClock sente, SideClock gote) {
        this(running, paused, sente, gote, 0);
    }

    /** One player's clock. */
    public SideClock of(Side side) {
        return side == Side.SENTE ? sente : gote;
    }

    /** Whose time is running, if anyone's. */
    public Optional<Side> runningSide() {
        return Optional.ofNullable(running);
    }

    /** The JSON value of {@code clock.running}: {@code sente}, {@code gote} or {@code none}. */
    public String runningLabel() {
        return running == null ? "none" : running.label();
    }
}
