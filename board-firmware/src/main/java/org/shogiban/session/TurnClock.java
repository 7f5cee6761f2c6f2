package org.shogiban.session;

import java.util.List;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.ByoyomiClock;
import org.shogiban.clock.ClockSignal;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.ClockSwitch;
import org.shogiban.clock.SideClock;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.ClockFace;
import org.shogiban.rules.Side;

/**
 * The game's clock as the session runs it turn by turn: the {@link ByoyomiClock}, whose time the session last made
 * run, when the turn in progress began, and whether the clock waits for the pieces to be checked (a resumed game).
 * Not thread-safe.
 */
final class TurnClock {
    private final ByoyomiClock clock;
    /** Whose time the session last made run (null: none); the clock's own view may have run out since. */
    private Side running;
    /** When the turn in progress began (a move's time without a running clock is counted from here). */
    private long turnStartMillis;
    /** A game resumed from the journal: the clock waits (paused) until the pieces are checked. */
    private boolean waitsForCheck;
    /**
     * The first turn waits for the players, as a real clock does: held when the game is laid out, it starts when the
     * opponent presses their clock button or when the first move counts (charged nothing); never at the start of the
     * service or when a page is opened.
     */
    private boolean firstTurnWaits;

    private TurnClock(ByoyomiClock clock, Side running, long turnStartMillis) {
        this.clock = clock;
        this.running = running;
        this.turnStartMillis = turnStartMillis;
    }

    /** A new game's clock: the first mover's time runs from {@code nowMillis} (see {@link #holdFirstTurn}). */
    static TurnClock start(TimeControl control, BeepSchedule beeps, Side firstMover, long nowMillis) {
        ByoyomiClock clock = new ByoyomiClock(control, beeps);
        clock.start(firstMover, nowMillis);
        return new TurnClock(clock, firstMover, nowMillis);
    }

    /** The first turn's time waits until the players start it ({@link #startFirstTurn}). */
    void holdFirstTurn(long nowMillis) {
        clock.pause(nowMillis);
        firstTurnWaits = true;
    }

    /** Whether the first turn's time has not started yet. */
    boolean firstTurnWaits() {
        return firstTurnWaits;
    }

    /** Starts the first mover's time at {@code atMillis} if it still waits for the players; whether it did. */
    boolean startFirstTurn(Side firstMover, long atMillis) {
        if (!firstTurnWaits) {
            return false;
        }
        firstTurnWaits = false;
        clock.start(firstMover, atMillis);
        turnStartMillis = atMillis;
        return true;
    }

    /**
     * A journalled game's clock, as journalled (the time the board was off is not charged); a running clock waits,
     * paused, until {@link #piecesChecked}.
     */
    static TurnClock restore(TimeControl control, BeepSchedule beeps, ClockState saved, long nowMillis,
                             boolean firstTurnWaits) {
        TurnClock c = new TurnClock(ByoyomiClock.restore(control, beeps, saved, nowMillis), saved.running(),
                nowMillis);
        if (!saved.paused() && saved.running() != null) {
            c.clock.pause(nowMillis);
            c.waitsForCheck = true;
        } else if (firstTurnWaits) {
            c.holdFirstTurn(nowMillis); // stopped before anyone started the clock: it still waits
        }
        return c;
    }

    /** Whose time the session made run, or null. */
    Side running() {
        return running;
    }

    /** When the turn in progress began. */
    long turnStartMillis() {
        return turnStartMillis;
    }

    /** A new turn begins (a move counted, moves taken back). */
    void turnStarts(long nowMillis) {
        turnStartMillis = nowMillis;
    }

    /** The pieces show the resumed game's position: a clock that waited for the check runs again. */
    void piecesChecked(long nowMillis) {
        if (waitsForCheck) {
            waitsForCheck = false;
            clock.resume(nowMillis);
        }
    }

    /** A side's clock as it stands. */
    SideClock of(Side side, long nowMillis) {
        return clock.state(nowMillis).of(side);
    }

    /** The mover's turn ends at {@code atMillis}: the other side's time runs, unless the mover's ran out. */
    ClockSwitch endTurn(Side mover, long atMillis, long nowMillis) {
        ClockSwitch sw = clock.endTurn(mover, atMillis, nowMillis);
        running = sw.timeUp() ? null : mover.opponent();
        return sw;
    }

    /** The first mover's time starts again from now (gote pressed before the first move). */
    void restartFirstTurn(Side firstMover, long nowMillis) {
        clock.start(firstMover, nowMillis);
    }

    /** The game ended: nothing runs. */
    void stop(long nowMillis) {
        clock.stop(nowMillis);
        running = null;
    }

    /** A side's time ran out: nothing runs. */
    void timedOut() {
        running = null;
    }

    /** The side to move's time runs again from now (after an overrule, or an undo without the turn's clocks). */
    void restart(Side toMove, long nowMillis, boolean paused) {
        clock.stop(nowMillis);
        clock.start(toMove, nowMillis);
        running = toMove;
        if (paused) {
            clock.pause(nowMillis);
        }
    }

    /**
     * After an undo or a takeback: both clocks as they stood when the turn now to play began, the mover's time
     * running from now; without those clocks (a game resumed from an older journal) the side to move's time just
     * runs again from now.
     */
    void restoreTurn(Side toMove, PlyLog.TurnClocks turn, long nowMillis, boolean paused) {
        if (!turn.known()) {
            restart(toMove, nowMillis, paused);
            return;
        }
        clock.restartTurn(toMove, toMove == Side.SENTE ? turn.mover() : turn.opponent(),
                toMove == Side.SENTE ? turn.opponent() : turn.mover(), nowMillis);
        running = toMove;
        if (paused) {
            clock.pause(nowMillis);
        }
    }

    void pause(long nowMillis) {
        clock.pause(nowMillis);
    }

    /** The arbiter's resume: the clock runs again, unless the first turn still waits for the players. */
    void resume(long nowMillis) {
        if (!firstTurnWaits) {
            clock.resume(nowMillis);
        }
    }

    void adjust(Side side, long deltaMillis) {
        clock.adjust(side, deltaMillis);
    }

    /** Beeps and time up as time passes. */
    List<ClockSignal> tick(long nowMillis) {
        return clock.tick(nowMillis);
    }

    /** Both clocks. */
    ClockState state(long nowMillis) {
        return clock.state(nowMillis);
    }

    /** Both clocks as journalled: a clock held only for the check is journalled running (a restart resumes it). */
    ClockState journalled(long nowMillis) {
        ClockState clocks = clock.state(nowMillis);
        return waitsForCheck ? new ClockState(clocks.running(), false, clocks.sente(), clocks.gote(), clocks.turnMs())
                : clocks;
    }

    /** What a player's clock display shows. */
    ClockFace face(Side side, long nowMillis) {
        return clock.face(side, nowMillis);
    }
}
