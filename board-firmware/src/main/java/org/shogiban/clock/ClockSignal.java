package org.shogiban.clock;

import java.util.Objects;
import org.shogiban.rules.Side;

/** What the clock tells the players as time passes: a beep, or a player's time running out. */
public sealed interface ClockSignal {

    /** The side whose clock gave the signal. */
    Side side();

    /** How long a beep sounds. */
    enum Tone {
        /** A short beep at a mark of the schedule. */
        SHORT,
        /** The long tone when time runs out. */
        LONG
    }

    /**
     * A beep.
     *
     * @param side whose clock beeps
     * @param remainingMs the time left in the running phase (main time, byoyomi period or consideration unit) at
     *                    the beep: the mark crossed, or 0 for the long tone at time up
     * @param tone short at a mark, long at time up
     */
    record Beep(Side side, long remainingMs, Tone tone) implements ClockSignal {
        public Beep {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(tone, "tone");
        }
    }

    /**
     * A player's time ran out.
     *
     * @param side who ran out of time (the other side wins)
     * @param atMs the exact instant the time ran out, on the scan clock (not the tick that noticed it)
     */
    record TimeUp(Side side, long atMs) implements ClockSignal {
        public TimeUp {
            Objects.requireNonNull(side, "side");
        }
    }
}
