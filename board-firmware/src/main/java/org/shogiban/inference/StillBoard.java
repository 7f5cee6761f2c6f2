package org.shogiban.inference;

import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges a board that has been still for the settle time (or a clock press): one legal move explains it best; an
 * earlier position (a takeback) comes next, then a sequence of legal moves made without a still board in between,
 * and only then a move the rules reject (undoing the opponent's last move looks like moving their piece back, which
 * is no move). Reads the {@link InferenceState} and calls its outcomes; its own field: whether the last search
 * tied.
 */
final class StillBoard {
    private static final Logger log = LoggerFactory.getLogger(StillBoard.class);

    private final InferenceState state;
    private final ReplyDetection replies;
    /** Whether the last sequence search found several sequences of legal moves that fit equally. */
    private boolean tied;

    StillBoard(InferenceState state, ReplyDetection replies) {
        this.state = state;
        this.replies = replies;
    }

    void evaluate(long now, List<InferenceEvent> events) {
        if (state.provisional() != null || state.stillAgreed(state.trail().last())) {
            return;
        }
        List<Candidate> found = state.candidates(state.trail().last());
        boolean legalMove = found.size() == 1 && found.get(0).playable();
        if (!legalMove) {
            FollowedGame history = state.history();
            int maxBack = Math.min(state.config().maxTakebackPlies(), history.plies());
            for (int k = 1; k <= maxBack; k++) {
                ExpectedFrame earlier = ExpectedFrame.of(history.back(k));
                if (FrameComparison.matches(earlier, state.owed(), state.trail().last(),
                        state.config().sensorKind())) {
                    // in a repetition the moves played forward can bring back an earlier position: when the
                    // pieces did not go back in the takeback's order (the last move undone first) and a sequence
                    // of legal moves fits the order of events, those moves were played
                    if (found.size() <= 1 && !undoneInOrder(k) && explainBySequence(null, now, now, events)) {
                        return;
                    }
                    state.takeBack(k, now, events);
                    return;
                }
            }
            if (found.size() <= 1 && explainBySequence(null, now, now, events)) {
                return;
            }
        }
        if (found.size() != 1) {
            if (found.size() > 1) {
                log.info("ply {}: {} moves explain the board equally ({}); not choosing", state.nextPly(),
                        found.size(), found.stream().map(c -> c.move().usi()).toList());
            }
            state.unexplained();
            return;
        }
        if (!legalMove && tied) {
            // several sequences of legal moves fit: the board waits for the pieces to tell, it does not read
            // the picture as one move the rules reject
            state.unexplained();
            return;
        }
        if (!legalMove && state.config().commitPolicy() == CommitPolicy.STABLE
                && replies.replyInTheAir()) {
            // the picture before the last lift showed legal moves complete: the reply is in the air, and the
            // move the still picture reads as illegal is those moves seen without the lifted piece
            log.info("ply {}: a piece lifted after the board showed legal moves complete; waiting for it",
                    state.nextPly());
            state.unexplained();
            return;
        }
        state.settleLastMove(found.get(0), now, events);
    }

    /**
     * Whether the changes since the board last agreed undo the last moves in order, the last first: each move's
     * piece taken from its target after the later move was undone, and put back on its square after that.
     */
    private boolean undoneInOrder(int plies) {
        ChangeLog changes = state.trail().changes();
        long since = state.syncMillis();
        for (int k = 0; k < plies; k++) {
            Move m = state.history().moveBack(k);
            long taken = changes.firstVacated(m.to().index(), since);
            if (taken == Long.MIN_VALUE) {
                return false;
            }
            since = m.isDrop() ? taken : changes.firstFilled(m.from().index(), taken);
            if (since == Long.MIN_VALUE) {
                return false;
            }
        }
        return true;
    }

    /**
     * Explains the board by a sequence of two or more moves from the last agreed position (replies made while the
     * board still settled, or moves made while the board was out of step), when exactly one sequence of the fewest
     * moves fits: its legal moves are counted in order, each at the time it was completed; an illegal last move is
     * reported as such. Under the clock policy a still board only shows the sequence; the press counts it.
     *
     * @param presser who pressed the clock (the last move must be theirs), or null on a still board
     * @param lastTime the time of the last move when it counts now (the press), else when it was completed
     * @return whether a sequence explained the board (several fitting is not an explanation: nothing is counted)
     */
    boolean explainBySequence(Side presser, long lastTime, long now, List<InferenceEvent> events) {
        tied = false;
        SequenceSearch.Result result = state.sequences().search(state.base(), state.trail().last(),
                presser);
        if (result.exhausted()) {
            log.info("ply {}: the search for a sequence of moves ran out of its bound; not choosing",
                    state.nextPly());
            return false;
        }
        List<List<SequenceSearch.Step>> fitting = state.choices().keepChosen(result.sequences());
        List<List<SequenceSearch.Step>> legal = fitting.stream()
                .filter(q -> q.get(q.size() - 1).candidate().playable())
                .toList();
        List<List<SequenceSearch.Step>> pool = legal.isEmpty() ? fitting : legal;
        tied = pool.size() > 1 && !legal.isEmpty();
        if (pool.size() > 1) {
            log.info("ply {}: {} sequences of {} moves explain the board equally ({}); not choosing",
                    state.nextPly(), pool.size(), pool.get(0).size(),
                    pool.stream().map(SequenceSearch::usi).toList());
            return false;
        }
        if (pool.isEmpty()) {
            return false;
        }
        List<SequenceSearch.Step> sequence = pool.get(0);
        if (presser == null && state.config().commitPolicy() == CommitPolicy.CLOCK) {
            log.debug("ply {}: the board shows {}; waiting for the clock", state.nextPly(),
                    SequenceSearch.usi(sequence));
            return true;
        }
        log.info("ply {}: {} moves made without a still board in between: {}{}", state.nextPly(),
                sequence.size(), SequenceSearch.usi(sequence),
                state.isOutOfSync() ? " (board back in step)" : "");
        for (int k = 0; k < sequence.size() - 1; k++) {
            // the search played each inner move with its promotion as chosen: no choice is left to make
            SequenceSearch.Step step = sequence.get(k);
            state.commit(step.candidate().settled(), null, step.completedMillis(), events, false);
        }
        SequenceSearch.Step lastStep = sequence.get(sequence.size() - 1);
        // the last move's own changes (and a choice pressed for it) came after the move before it was completed
        state.agreedFrom(sequence.get(sequence.size() - 2).completedMillis());
        Candidate c = lastStep.candidate();
        long time = presser != null ? lastTime : lastStep.completedMillis();
        if (presser != null && c.optional()) {
            state.commit(c, state.choices().after(lastStep.startMillis(), now), time, events, true);
        } else if (presser != null || !c.optional()) {
            state.countMove(c, time, events);
        } else {
            PromotionChoice pressed = state.choices().between(lastStep.startMillis(), now);
            if (pressed != null) {
                state.commit(c, pressed, time, events, true);
            } else {
                state.askPromotion(c, now, events);
            }
        }
        return true;
    }
}
