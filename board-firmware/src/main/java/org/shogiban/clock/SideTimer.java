package org.shogiban.clock;

import java.util.List;

/**
 * How one player's clock runs down: a pure function from a clock, a time control and a time used to the clock
 * after it, reporting the beeps and the time-up crossed on the way.
 *
 * <p>The phases, in order: main time; then the current byoyomi period; when a period runs out, a consideration unit
 * begins if any is left (the period is held, and kept if the move is made within the unit), then the next unit; when
 * no unit is left the period is lost and the next period begins full; when no period is left (or the game has no
 * byoyomi and no units) time is up.
 */
final class SideTimer {
    private SideTimer() {
    }

    /** Something that happened while the time ran: a mark crossed (remainingMs &gt; 0) or time up. */
    record Crossing(long offsetMs, long remainingMs, boolean timeUp) {
    }

    /**
     * Runs the clock for {@code usedMs}.
     *
     * @param out where crossings go (offsets from the start of the run), or null
     */
    static SideClock run(SideClock clock, SideTimeControl control, long usedMs, BeepSchedule beeps,
                         List<Crossing> out) {
        if (control.unlimited() || clock.timeUp()) {
            return clock;
        }
        long main = clock.mainMs();
        long byo = clock.byoyomiMs();
        int periods = clock.periods();
        int units = clock.considerUnits();
        long unit = clock.considerMs();
        long t = 0;
        while (true) {
            // move on from every phase that is over; time is up when none is left
            if (main == 0 && unit == 0 && (periods == 0 || byo == 0)) {
                if (units > 0) {
                    units--;
                    unit = SideTimeControl.CONSIDER_UNIT_MS;
                } else if (periods > 1) {
                    periods--;
                    byo = control.byoyomiMs();
                } else {
                    if (out != null) {
                        out.add(new Crossing(t, 0, true));
                    }
                    return SideClock.expired();
                }
            }
            long left = usedMs - t;
            if (left <= 0) {
                return new SideClock(main, byo, periods, units, false, unit);
            }
            long phase = main > 0 ? main : unit > 0 ? unit : byo;
            long used = Math.min(left, phase);
            if (out != null && beeps != null) {
                for (long mark : beeps.marksMs()) {
                    if (mark < phase && mark >= phase - used) {
                        out.add(new Crossing(t + phase - mark, mark, false));
                    }
                }
            }
            if (main > 0) {
                main -= used;
            } else if (unit > 0) {
                unit -= used;
            } else {
                byo -= used;
            }
            t += used;
        }
    }

    /**
     * The clock after a move made in time: a consideration unit in use is spent, the byoyomi period in which the move
     * was made is kept and starts full for the next turn, and the Fischer increment is added to main time.
     */
    static SideClock afterMove(SideClock clock, SideTimeControl control) {
        if (control.unlimited() || clock.timeUp()) {
            return clock;
        }
        long byo = clock.periods() > 0 ? control.byoyomiMs() : clock.byoyomiMs();
        return new SideClock(clock.mainMs() + control.incrementMs(), byo, clock.periods(), clock.considerUnits(),
                false, 0);
    }

    /** How long the clock can run before time is up. */
    static long timeLeft(SideClock clock, SideTimeControl control) {
        if (control.unlimited()) {
            return Long.MAX_VALUE;
        }
        if (clock.timeUp()) {
            return 0;
        }
        long total = clock.mainMs() + clock.considerMs() + clock.considerUnits() * SideTimeControl.CONSIDER_UNIT_MS;
        if (clock.periods() > 0) {
            total += clock.byoyomiMs() + (clock.periods() - 1) * control.byoyomiMs();
        }
        return total;
    }
}
