package org.shogiban.inference;

import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges a board that has been still for the settle time (or a clock press): one legal move explains it best; an
 * earlier position (a takeback) comes next, then a sequence of legal moves made without a still board in between,
 * and only then a move the rules reject (undoing the opponent's last move looks like moving their piece back, which
 * is no move). Mutable (whether the last search tied), owned by the inference.
 */
final class StillBoard {
    private static final Logger log = LoggerFactory.getLogger(StillBoard.class);

    private final MoveInference inference;
    /** Whether the last sequence search found several sequences of legal moves that fit equally. */
    private boolean tied;

    StillBoard(MoveInference inference) {
        this.inference = inference;
    }

    void evaluate(long now, List<InferenceEvent> events) {
        if (inference.provisional() != null || inference.stillAgreed(inference.trail().last)) {
            return;
        }
        List<Candidate> found = inference.candidates(inference.trail().last);
        boolean legalMove = found.size() == 1 && found.get(0).playable();
        if (!legalMove) {
            FollowedGame history = inference.history();
            int maxBack = Math.min(inference.config().maxTakebackPlies(), history.plies());
            for (int k = 1; k <= maxBack; k++) {
                ExpectedFrame earlier = ExpectedFrame.of(history.back(k));
                if (FrameComparison.matches(earlier, inference.owed(), inference.trail().last,
                        inference.config().sensorKind())) {
                    // in a repetition the moves played forward can bring back an earlier position: when the
                    // pieces did not go back in the takeback's order (the last move undone first) and a sequence
                    // of legal moves fits the order of events, those moves were played
                    if (found.size() <= 1 && !undoneInOrder(k) && explainBySequence(null, now, now, events)) {
                        return;
                    }
                    inference.takeBack(k, now, events);
                    return;
                }
            }
            if (found.size() <= 1 && explainBySequence(null, now, now, events)) {
                return;
            }
        }
        if (found.size() != 1) {
            if (found.size() > 1) {
                log.info("ply {}: {} moves explain the board equally ({}); not choosing", inference.nextPly(),
                        found.size(), found.stream().map(c -> c.move().usi()).toList());
            }
            inference.unexplained();
            return;
        }
        if (!legalMove && tied) {
            // several sequences of legal moves fit: the board waits for the pieces to tell, it does not read
            // the picture as one move the rules reject
            inference.unexplained();
            return;
        }
        if (!legalMove && inference.config().commitPolicy() == CommitPolicy.STABLE
                && inference.replies().replyInTheAir()) {
            // the picture before the last lift showed legal moves complete: the reply is in the air, and the
            // move the still picture reads as illegal is those moves seen without the lifted piece
            log.info("ply {}: a piece lifted after the board showed legal moves complete; waiting for it",
                    inference.nextPly());
            inference.unexplained();
            return;
        }
        inference.settleLastMove(found.get(0), now, events);
    }

    /**
     * Whether the changes since the board last agreed undo the last moves in order, the last first: each move's
     * piece taken from its target after the later move was undone, and put back on its square after that.
     */
    private boolean undoneInOrder(int plies) {
        ChangeLog changes = inference.trail().changes;
        long since = inference.syncMillis();
        for (int k = 0; k < plies; k++) {
            Move m = inference.history().moveBack(k);
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
        SequenceSearch.Result result = inference.sequences().search(inference.base(), inference.trail().last,
                presser);
        if (result.exhausted()) {
            log.info("ply {}: the search for a sequence of moves ran out of its bound; not choosing",
                    inference.nextPly());
            return false;
        }
        List<List<SequenceSearch.Step>> fitting = inference.choices().keepChosen(result.sequences());
        List<List<SequenceSearch.Step>> legal = fitting.stream()
                .filter(q -> q.get(q.size() - 1).candidate().playable())
                .toList();
        List<List<SequenceSearch.Step>> pool = legal.isEmpty() ? fitting : legal;
        tied = pool.size() > 1 && !legal.isEmpty();
        if (pool.size() > 1) {
            log.info("ply {}: {} sequences of {} moves explain the board equally ({}); not choosing",
                    inference.nextPly(), pool.size(), pool.get(0).size(),
                    pool.stream().map(SequenceSearch::usi).toList());
            return false;
        }
        if (pool.isEmpty()) {
            return false;
        }
        List<SequenceSearch.Step> sequence = pool.get(0);
        if (presser == null && inference.config().commitPolicy() == CommitPolicy.CLOCK) {
            log.debug("ply {}: the board shows {}; waiting for the clock", inference.nextPly(),
                    SequenceSearch.usi(sequence));
            return true;
        }
        log.info("ply {}: {} moves made without a still board in between: {}{}", inference.nextPly(),
                sequence.size(), SequenceSearch.usi(sequence),
                inference.isOutOfSync() ? " (board back in step)" : "");
        for (int k = 0; k < sequence.size() - 1; k++) {
            // the search played each inner move with its promotion as chosen: no choice is left to make
            SequenceSearch.Step step = sequence.get(k);
            inference.commit(step.candidate().settled(), null, step.completedMillis(), events, false);
        }
        SequenceSearch.Step lastStep = sequence.get(sequence.size() - 1);
        // the last move's own changes (and a choice pressed for it) came after the move before it was completed
        inference.agreedFrom(sequence.get(sequence.size() - 2).completedMillis());
        Candidate c = lastStep.candidate();
        long time = presser != null ? lastTime : lastStep.completedMillis();
        if (presser != null && c.optional()) {
            inference.commit(c, inference.choices().after(lastStep.startMillis(), now), time, events, true);
        } else if (presser != null || !c.optional()) {
            inference.countMove(c, time, events);
        } else {
            PromotionChoice pressed = inference.choices().between(lastStep.startMillis(), now);
            if (pressed != null) {
                inference.commit(c, pressed, time, events, true);
            } else {
                inference.askPromotion(c, now, events);
            }
        }
        return true;
    }
}
