package org.shogiban.inference;

import java.util.List;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Clock-press resolution under the tournament rule ({@link CommitPolicy#CLOCK}): the mover's press counts their move.
 * A press made while the board was not still, or one the still picture does not explain (the piece put down in the
 * same motion, not debounced yet), is judged on the picture {@link #PRESS_LAG_MILLIS} later, and while a piece is
 * still in the hand until the settle time after the press. Reads the {@link InferenceState} and calls its outcomes;
 * its own fields: the press waiting for its picture.
 */
final class ClockPresses {
    private static final Logger log = LoggerFactory.getLogger(ClockPresses.class);
    /**
     * How long the sensor picture may lag behind the hands (debounce and bounce, with margin): a clock press made
     * while the board was not still is judged on the picture this long after the press.
     */
    static final long PRESS_LAG_MILLIS = 100;

    private final InferenceState state;
    private final StillBoard stillBoard;
    /** A clock press the board could not yet explain: the placement it completes may not have been seen yet. */
    private Press unresolved;
    /** Whether the unresolved press was judged once on the picture {@link #PRESS_LAG_MILLIS} after it. */
    private boolean tried;

    ClockPresses(InferenceState state, StillBoard stillBoard) {
        this.state = state;
        this.stillBoard = stillBoard;
    }

    void pressed(Side presser, long now, List<InferenceEvent> events) {
        if (state.config().commitPolicy() != CommitPolicy.CLOCK) {
            return;
        }
        SensorTrail trail = state.trail();
        if (state.stillAgreed(trail.last())) {
            Side toMove = state.position().sideToMove();
            log.info("ply {}: {} pressed the clock without moving{}", state.nextPly(), presser.label(),
                    presser == toMove ? "" : " (" + toMove.label() + " to move)");
            return;
        }
        Press press = new Press(presser, now);
        unresolved = null;
        if (now - trail.lastChangeMillis() < state.config().settleMillis()) {
            // the board was not still: the press may come in the same motion as the placement, which the sensors
            // may not have debounced yet (they may still show where the hand hovered), so the picture a moment
            // later tells which move the press completes
            log.debug("ply {}: {} pressed the clock {} ms after the last change seen; judged a moment later",
                    state.nextPly(), presser.label(), now - trail.lastChangeMillis());
            wait(press);
            return;
        }
        if (!resolve(press, events)) {
            // the sensors lag the hands: a piece put down in the same motion as the press may not be seen yet
            // even on a board that was still before it (the piece held in the air a while), so the picture a
            // moment later decides
            wait(press);
        }
    }

    private void wait(Press press) {
        unresolved = press;
        tried = false;
    }

    /** A change of the readings: a press waiting for its picture may be explained now. */
    boolean onChange(long now, List<InferenceEvent> events) {
        if (unresolved != null && now >= unresolved.timeMillis() + PRESS_LAG_MILLIS && resolve(unresolved, events)) {
            unresolved = null;
            return true;
        }
        return false;
    }

    /** Time passed: a press is judged on the picture a moment after it, and given up after the settle time. */
    void checkTimers(long now, List<InferenceEvent> events) {
        if (unresolved != null && !tried && now >= unresolved.timeMillis() + PRESS_LAG_MILLIS) {
            tried = true;
            Press press = unresolved;
            unresolved = null;
            if (!resolve(press, events)) {
                if (pieceInHand(state.trail().last())) {
                    unresolved = press; // still in the hand: the next changes may complete the move
                } else {
                    unexplained(press, now, events);
                }
            }
        }
        if (unresolved != null && now - unresolved.timeMillis() > state.config().settleMillis()) {
            Press press = unresolved;
            unresolved = null;
            log.info("ply {}: no move completed around {}'s clock press at {} ms", state.nextPly(),
                    press.presser().label(), press.timeMillis());
            unexplained(press, now, events);
        }
    }

    /** A press no move explains: a discrepancy when the presser is to move, else ignored (as it always was). */
    private void unexplained(Press press, long now, List<InferenceEvent> events) {
        Side toMove = state.position().sideToMove();
        if (press.presser() == toMove) {
            state.unexplained();
            state.reportDiscrepancy(now, events);
        } else {
            log.info("ply {}: {} pressed the clock, but {} is to move; ignored", state.nextPly(),
                    press.presser().label(), toMove.label());
        }
    }

    /**
     * Counts the move a clock press completes, at the press's time: the mover's one move, or a sequence whose last
     * move is the presser's (a press lost before it, or moves made while the board was out of step).
     */
    private boolean resolve(Press press, List<InferenceEvent> events) {
        SensorFrame last = state.trail().last();
        long now = Math.max(press.timeMillis(), last.timeMillis());
        if (press.presser() == state.position().sideToMove()) {
            List<Candidate> found = state.candidates(last);
            if (found.size() == 1) {
                Candidate c = found.get(0);
                if (c.optional()) {
                    PromotionChoice choice = state.choices().forPressed(state.provisional(), c);
                    state.commit(c, choice, press.timeMillis(), events, true);
                } else {
                    state.countMove(c, press.timeMillis(), events);
                }
                return true;
            }
            if (found.size() > 1) {
                return false;
            }
        }
        return stillBoard.explainBySequence(press.presser(), press.timeMillis(), now, events);
    }

    /** Whether the board lacks a piece no move put down yet: a hand still holds it. */
    private boolean pieceInHand(SensorFrame f) {
        ExpectedFrame e = state.expected();
        int missing = 0;
        for (int i = 0; i < 81; i++) {
            boolean want = e.pieceAt(i) != null;
            boolean have = f.square(i).isOccupied();
            missing += want && !have ? 1 : !want && have ? -1 : 0;
        }
        return missing > 0 || !FrameComparison.slotsMatch(e, state.owed(), f);
    }

    /** A clock press waiting for the placement it completes to be seen. */
    private record Press(Side presser, long timeMillis) {
    }
}
