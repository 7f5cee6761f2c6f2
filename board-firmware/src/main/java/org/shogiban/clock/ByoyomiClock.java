package org.shogiban.clock;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.shogiban.clock.ClockSignal.Beep;
import org.shogiban.clock.ClockSignal.Tone;
import org.shogiban.clock.ClockSignal.TimeUp;
import org.shogiban.hal.ClockFace;
import org.shogiban.rules.Side;

/**
 * The game clock (対局時計): main time, byoyomi periods, Fischer increment and consideration units for both players.
 * Pure: no threads, no I/O; every call passes the time in milliseconds of the monotonic scan clock. Mutable and not
 * thread-safe: one owner (the game session).
 *
 * <p>How it keeps time: the running side's clock is held as it stood when its current stretch began (the turn's
 * start, or the last pause, resume or adjustment), and any later instant is computed from it by {@link SideTimer}. So
 * a tick can come late and still report a time up at the exact instant the time ran out.
 *
 * <p>Choices where the rule texts (../shared/docs/rules) leave room, all as JSA amateur clocks and NHK broadcasts do:
 * <ul>
 *   <li>Byoyomi is restored in full for every move: a move made within a period keeps the period, which starts full
 *       on the next turn; a period that runs out is lost and the next begins full.
 *   <li>Consideration units (考慮時間) are used when a byoyomi period would run out (NHK style: 30 s byoyomi, then
 *       one-minute units): one unit begins, then the next when it runs out; a unit begun is a unit used even if the
 *       move comes a second later. While a unit runs the period is held; a move within the unit keeps the period.
 *       When the last unit runs out the period is lost (time up with a single period). Without byoyomi the units
 *       follow main time directly.
 *   <li>The Fischer increment is added to the mover's main time after each move made in time, in byoyomi too (which
 *       puts a player back into main time).
 *   <li>Times are whole milliseconds; a move completed at the very instant time runs out is too late.
 * </ul>
 */
public final class ByoyomiClock {
    private final TimeControl control;
    private final BeepSchedule beeps;
    private final Map<Side, SideClock> clocks = new EnumMap<>(Side.class);
    private final List<ClockSignal> pending = new ArrayList<>();
    private Side running;
    private boolean paused;
    /** When the running side's current stretch began (its clock in {@link #clocks} is as of this instant). */
    private long stretchStartMs;
    /** The running side's time on this turn before the current stretch (earlier stretches, before pauses). */
    private long turnBeforeStretchMs;
    /** The last instant whose signals were reported by {@link #tick}. */
    private long lastTickMs;
    /** The latest instant any call told the clock. */
    private long lastNowMs;
    /** The running side's stretch that the last pause ended, kept for a move completed before that pause. */
    private Stretch beforePause;

    /** A stretch of the running side's time: its clock at the start and the turn's time before it. */
    private record Stretch(SideClock clock, long startMs, long turnBeforeMs, long pauseAtMs) {
    }

    /** A clock before the game starts: both players' full time, nobody's running. */
    public ByoyomiClock(TimeControl control, BeepSchedule beeps) {
        this.control = Objects.requireNonNull(control, "control");
        this.beeps = Objects.requireNonNull(beeps, "beeps");
        for (Side side : Side.values()) {
            clocks.put(side, control.of(side).initialClock());
        }
    }

    /**
     * A clock resumed after a restart from a saved state: the turn in progress was charged up to the saved instant;
     * the running side's time continues from {@code nowMs} (the time the board was off is not charged).
     */
    public static ByoyomiClock restore(TimeControl control, BeepSchedule beeps, ClockState saved, long nowMs) {
        ByoyomiClock clock = new ByoyomiClock(control, beeps);
        clock.clocks.put(Side.SENTE, saved.sente());
        clock.clocks.put(Side.GOTE, saved.gote());
        clock.running = saved.running();
        clock.paused = saved.paused();
        clock.stretchStartMs = nowMs;
        clock.turnBeforeStretchMs = saved.running() == null ? 0 : saved.turnMs();
        clock.lastTickMs = nowMs;
        clock.lastNowMs = nowMs;
        return clock;
    }

    /** The time control this clock keeps. */
    public TimeControl control() {
        return control;
    }

    /**
     * Starts {@code side}'s time at {@code nowMs}: at the game's start, or again when, under clock commit, gote
     * presses the clock before the first move (sente's time then starts from that press; the time before is not
     * charged). Clears a pause.
     */
    public void start(Side side, long nowMs) {
        Objects.requireNonNull(side, "side");
        seen(nowMs);
        running = side;
        paused = false;
        beginTurn(nowMs);
    }

    /**
     * Ends the mover's turn: charges the mover up to {@code atMs} (under stable commit the sensor change that
     * completed the move, earlier than now; under clock commit the press), applies the byoyomi, consideration and
     * increment rules, and starts the opponent's time at {@code atMs}. If the mover's time had run out before
     * {@code atMs}, the clock stops instead (running none) and the switch says time up.
     *
     * @param nowMs the present, for the state returned
     * @throws IllegalStateException if it is not the mover's time that runs
     * @throws IllegalArgumentException if {@code atMs} is after {@code nowMs}
     */
    public ClockSwitch endTurn(Side mover, long atMs, long nowMs) {
        Objects.requireNonNull(mover, "mover");
        if (atMs > nowMs) {
            throw new IllegalArgumentException("the move completed at " + atMs + " ms, after now " + nowMs + " ms");
        }
        if (running != mover) {
            throw new IllegalStateException("cannot end " + mover.label() + "'s turn: the running clock is "
                    + (running == null ? "none" : running.label()));
        }
        seen(nowMs);
        Stretch refund = beforePause != null && atMs < stretchStartMs && atMs >= beforePause.startMs()
                ? beforePause : null;
        SideClock charged;
        long elapsed;
        long chargeTo;
        if (refund != null) {
            // the move was completed before the last pause: charge it from the stretch that the pause ended
            chargeTo = atMs;
            elapsed = refund.turnBeforeMs() + (atMs - refund.startMs());
            charged = SideTimer.run(refund.clock(), control.of(mover), atMs - refund.startMs(), null, null);
        } else {
            chargeTo = paused ? stretchStartMs : Math.max(atMs, stretchStartMs);
            elapsed = turnBeforeStretchMs + (chargeTo - stretchStartMs);
            charged = SideTimer.run(clocks.get(mover), control.of(mover), chargeTo - stretchStartMs, null, null);
        }
        long resumedAt = stretchStartMs;
        boolean timeUp = charged.timeUp();
        if (timeUp) {
            clocks.put(mover, charged);
            running = null;
        } else {
            clocks.put(mover, SideTimer.afterMove(charged, control.of(mover)));
            running = mover.opponent();
        }
        if (refund != null && !timeUp) {
            // the opponent's time ran from the completing change to the pause, and runs again from the resume
            long share = refund.pauseAtMs() - atMs;
            beginTurn(paused ? refund.pauseAtMs() : resumedAt);
            rebaseBy(running, share);
        } else {
            beginTurn(chargeTo);
        }
        return new ClockSwitch(mover, elapsed, elapsed / 1000, timeUp, state(nowMs));
    }

    /**
     * The signals since the last tick, oldest first: beeps at the schedule's marks and, at the exact instant the
     * running side's time runs out, the long tone and {@link TimeUp} (the clock then stops). Also reports a time up
     * that a pause, stop or adjustment found had already happened.
     */
    public List<ClockSignal> tick(long nowMs) {
        seen(nowMs);
        List<ClockSignal> signals = new ArrayList<>(pending);
        pending.clear();
        if (running == null || paused || nowMs < lastTickMs) {
            lastTickMs = Math.max(lastTickMs, nowMs);
            return signals;
        }
        Side side = running;
        List<SideTimer.Crossing> crossings = new ArrayList<>();
        SideClock after = SideTimer.run(clocks.get(side), control.of(side), nowMs - stretchStartMs, beeps, crossings);
        for (SideTimer.Crossing c : crossings) {
            long at = stretchStartMs + c.offsetMs();
            if (c.timeUp()) {
                // reported once: the clock stops with it (it may lie at the very start of a turn)
                signals.addAll(timeUpSignals(side, at));
            } else if (at > lastTickMs) {
                signals.add(new Beep(side, c.remainingMs(), Tone.SHORT));
            }
        }
        if (after.timeUp()) {
            clocks.put(side, after);
            running = null;
        }
        lastTickMs = nowMs;
        return signals;
    }

    /** Stops the running side's time (arbiter); a no-op when already paused. */
    public void pause(long nowMs) {
        seen(nowMs);
        if (paused) {
            return;
        }
        Stretch ended = running == null ? null
                : new Stretch(clocks.get(running), stretchStartMs, turnBeforeStretchMs, nowMs);
        rebase(nowMs);
        beforePause = running == null ? null : ended;
        paused = true;
    }

    /** Starts the running side's time again after a pause; a no-op when not paused. */
    public void resume(long nowMs) {
        seen(nowMs);
        if (!paused) {
            return;
        }
        paused = false;
        stretchStartMs = nowMs;
        lastTickMs = nowMs;
    }

    /**
     * Adds (or with a negative delta takes away) main time, as of the latest instant the clock was told (pause
     * first for an exact adjustment). Main time does not go below 0. A player whose time had run out gets back into
     * the game with the main time given and one byoyomi period (when the game has byoyomi).
     */
    public void adjust(Side side, long deltaMs) {
        SideClock now = chargedNow(side);
        setMain(side, Math.max(0, saturatedAdd(now.mainMs(), deltaMs)));
    }

    /** Sets a player's main time, as of the latest instant the clock was told (see {@link #adjust}). */
    public void setMain(Side side, long mainMs) {
        if (mainMs < 0) {
            throw new IllegalArgumentException("main time cannot be negative: " + mainMs + " ms");
        }
        SideClock now = chargedNow(side);
        SideClock changed;
        if (now.timeUp() && mainMs > 0) {
            SideTimeControl tc = control.of(side);
            changed = new SideClock(mainMs, tc.byoyomiMs(), tc.periods() > 0 ? 1 : 0, 0, false, 0);
        } else {
            changed = now.withMain(mainMs);
        }
        clocks.put(side, changed);
        beforePause = null; // an adjustment is not undone by charging a move from before it
    }

    /**
     * Puts both clocks back as they stood when a turn began and starts that turn again at {@code nowMs} (an undo or
     * a takeback gives the mover back the time spent on the undone move, byoyomi periods and increment included).
     * A pause stays; the pending signals of the clocks replaced are dropped.
     *
     * @param toMove whose turn begins again
     * @param sente sente's clock at that turn's start
     * @param gote gote's clock at that turn's start
     */
    public void restartTurn(Side toMove, SideClock sente, SideClock gote, long nowMs) {
        Objects.requireNonNull(toMove, "toMove");
        seen(nowMs);
        clocks.put(Side.SENTE, Objects.requireNonNull(sente, "sente"));
        clocks.put(Side.GOTE, Objects.requireNonNull(gote, "gote"));
        pending.clear();
        running = toMove;
        beginTurn(nowMs);
    }

    /** Stops the clock (game over): the running side is charged up to {@code nowMs}; nobody's time runs. */
    public void stop(long nowMs) {
        seen(nowMs);
        rebase(nowMs);
        running = null;
        paused = false;
        turnBeforeStretchMs = 0;
        beforePause = null;
    }

    /** Both clocks at {@code nowMs} (no earlier than the last instant the clock was told). */
    public ClockState state(long nowMs) {
        SideClock sente = clockAt(Side.SENTE, nowMs);
        SideClock gote = clockAt(Side.GOTE, nowMs);
        boolean ranOut = running != null && (running == Side.SENTE ? sente : gote).timeUp();
        long turn = running == null || ranOut ? 0 : turnBeforeStretchMs + runningFor(nowMs);
        return new ClockState(ranOut ? null : running, paused, sente, gote, turn);
    }

    /** What one player's display shows at {@code nowMs}. */
    public ClockFace face(Side side, long nowMs) {
        return ClockFaces.of(clockAt(side, nowMs), control.of(side));
    }

    /**
     * The instant the running side's time will run out if nothing changes; empty when no time runs, when paused, or
     * without a clock. Under stable commit the session can hold ticks back before a move that is still settling.
     */
    public OptionalLong timeUpAt() {
        if (running == null || paused || control.isNone()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(stretchStartMs + SideTimer.timeLeft(clocks.get(running), control.of(running)));
    }

    private SideClock clockAt(Side side, long nowMs) {
        SideClock held = clocks.get(side);
        if (side != running) {
            return held;
        }
        return SideTimer.run(held, control.of(side), runningFor(nowMs), null, null);
    }

    private long runningFor(long nowMs) {
        return paused ? 0 : Math.max(0, nowMs - stretchStartMs);
    }

    /** Charges the running side up to {@code atMs} and starts a new stretch there; a time up found is kept. */
    private void rebase(long atMs) {
        if (running != null && !paused && atMs > stretchStartMs) {
            Side side = running;
            List<SideTimer.Crossing> crossings = new ArrayList<>();
            SideClock after = SideTimer.run(clocks.get(side), control.of(side), atMs - stretchStartMs, BeepSchedule.SILENT,
                    crossings);
            turnBeforeStretchMs += atMs - stretchStartMs;
            clocks.put(side, after);
            for (SideTimer.Crossing c : crossings) {
                if (c.timeUp()) {
                    pending.addAll(timeUpSignals(side, stretchStartMs + c.offsetMs()));
                }
            }
            if (after.timeUp()) {
                running = null;
                turnBeforeStretchMs = 0;
            }
            stretchStartMs = atMs;
            lastTickMs = Math.max(lastTickMs, atMs);
        }
    }

    /** Charges the running side {@code ms} of time that ran before its current stretch. */
    private void rebaseBy(Side side, long ms) {
        List<SideTimer.Crossing> crossings = new ArrayList<>();
        SideClock after = SideTimer.run(clocks.get(side), control.of(side), ms, BeepSchedule.SILENT, crossings);
        clocks.put(side, after);
        turnBeforeStretchMs = ms;
        if (after.timeUp()) {
            for (SideTimer.Crossing c : crossings) {
                if (c.timeUp()) {
                    pending.addAll(timeUpSignals(side, stretchStartMs - ms + c.offsetMs()));
                }
            }
            running = null;
            turnBeforeStretchMs = 0;
        }
    }

    private SideClock chargedNow(Side side) {
        Objects.requireNonNull(side, "side");
        if (side == running) {
            rebase(lastNowMs);
        }
        return clocks.get(side);
    }

    private void beginTurn(long atMs) {
        beforePause = null;
        stretchStartMs = atMs;
        turnBeforeStretchMs = 0;
        lastTickMs = atMs;
    }

    private List<ClockSignal> timeUpSignals(Side side, long atMs) {
        List<ClockSignal> signals = new ArrayList<>(2);
        if (beeps.longToneAtTimeUp()) {
            signals.add(new Beep(side, 0, Tone.LONG));
        }
        signals.add(new TimeUp(side, atMs));
        return signals;
    }

    private void seen(long nowMs) {
        lastNowMs = Math.max(lastNowMs, nowMs);
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? (b > 0 ? Long.MAX_VALUE : Long.MIN_VALUE) : sum;
    }
}
