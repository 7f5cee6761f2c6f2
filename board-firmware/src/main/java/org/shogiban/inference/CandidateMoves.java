package org.shogiban.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The candidate moves that explain a frame exactly from a position: at most one square emptied and at most one
 * filled (a capture fills none: its target must have been seen empty and filled again after the mover's square
 * emptied, {@link TouchLog}). It recognises; the rules judge: every candidate carries {@link Position#verdict}'s or
 * {@link Position#verdictOfDrop}'s verdict.
 */
final class CandidateMoves {
    private static final Logger log = LoggerFactory.getLogger(CandidateMoves.class);

    private final SensorKind kind;
    private final TouchLog touches;

    CandidateMoves(SensorKind kind, TouchLog touches) {
        this.kind = kind;
        this.touches = touches;
    }

    /** The candidates from a position on the way (the agreed one, or the last move of a sequence). */
    List<Candidate> at(SequenceSearch.Base base, SensorFrame f) {
        ExpectedFrame e = base.picture();
        int vacated = -1;
        int filled = -1;
        int nVacated = 0;
        int nFilled = 0;
        for (int i = 0; i < 81; i++) {
            boolean want = e.pieceAt(i) != null;
            boolean have = f.square(i).isOccupied();
            if (want && !have) {
                vacated = i;
                nVacated++;
            } else if (!want && have) {
                filled = i;
                nFilled++;
            }
        }
        List<Candidate> found = new ArrayList<>(2);
        if (nVacated == 1 && nFilled == 1) {
            addBoardMove(base, vacated, filled, f, found);
        } else if (nVacated == 1 && nFilled == 0) {
            for (int target = 0; target < 81; target++) {
                if (target != vacated && e.pieceAt(target) != null
                        && touches.refilledAfter(target, vacated, base.since())) {
                    addBoardMove(base, vacated, target, f, found);
                }
            }
        } else if (nVacated == 0 && nFilled == 1) {
            addDrops(base, Square.ofIndex(filled), f, found);
        }
        return found;
    }

    /**
     * The drops that put a piece on the one filled square: a piece of a kind taken from a komadai slot, face up, or
     * on a polarity board with its promoted side up (read {@link SquareReading#FACE_DOWN}), which is an illegal
     * drop. The mover's own komadai is tried first; only when no drop from it fits is the opponent's tried: a piece
     * taken from the wrong komadai, or the player who just moved dropping again. A pending capture lets a slot read
     * one fewer, so a piece dropped straight from the hand may fit both komadai; it is then the mover's own.
     * The verdict is always {@link Position#verdictOfDrop}'s, with the slot's side as the owner. A gold put down
     * face down has no promoted side to show: it fits no drop and stays a discrepancy. An occupancy board cannot
     * see the face at all, so there a drop is always read face up.
     */
    private void addDrops(SequenceSearch.Base base, Square to, SensorFrame f, List<Candidate> found) {
        Side mover = base.position().sideToMove();
        boolean promotedFace = f.square(to.index()) == SquareReading.FACE_DOWN;
        addDropsFrom(base, mover, to, promotedFace, f, found);
        if (found.isEmpty()) {
            addDropsFrom(base, mover.opponent(), to, promotedFace, f, found);
            if (!found.isEmpty()) {
                log.debug("the piece on {} came from {}'s komadai", to, mover.opponent().label());
            }
        }
    }

    private void addDropsFrom(SequenceSearch.Base base, Side slotOwner, Square to, boolean promotedFace,
                              SensorFrame f, List<Candidate> found) {
        ExpectedFrame e = base.picture();
        int[] pending = base.pending();
        for (PieceType type : PieceType.HAND_KINDS) {
            ExpectedFrame after = e.afterDrop(slotOwner, type, to, promotedFace);
            if (after != null && FrameComparison.matches(after, pending, f, kind)) {
                Verdict verdict = base.position().verdictOfDrop(slotOwner, type, to, promotedFace);
                found.add(new Candidate(Move.drop(type, to), verdict, false, after, pending.clone()));
            }
        }
    }

    private void addBoardMove(SequenceSearch.Base base, int from, int to, SensorFrame f, List<Candidate> found) {
        ExpectedFrame e = base.picture();
        Position position = base.position();
        Piece moving = e.pieceAt(from);
        Piece captured = e.pieceAt(to);
        int[] pendingAfter = base.pending().clone();
        if (captured != null && captured.type() != PieceType.KING) {
            pendingAfter[Sides.slotIndex(moving.side(), captured.type())]++;
        }
        Move plain = Move.of(Square.ofIndex(from), Square.ofIndex(to), false);
        ExpectedFrame plainPicture = e.afterBoardMove(plain);
        boolean plainFits = plainPicture != null && FrameComparison.matches(plainPicture, pendingAfter, f, kind);
        Move promoting = Move.of(plain.from(), plain.to(), true);
        ExpectedFrame promotedPicture = e.afterBoardMove(promoting);
        boolean promotedFits = promotedPicture != null
                && FrameComparison.matches(promotedPicture, pendingAfter, f, kind);
        if (plainFits && promotedFits) {
            // the sensors cannot see the face: the rules tell a forced, optional or impossible promotion apart
            Verdict plainVerdict = position.verdict(plain);
            Verdict promotedVerdict = position.verdict(promoting);
            if (plainVerdict.isLegal() && promotedVerdict.isLegal()) {
                found.add(new Candidate(plain, plainVerdict, true, plainPicture, pendingAfter));
            } else if (promotedVerdict.isLegal()
                    || (!plainVerdict.isLegal() && plainVerdict.reason() == IllegalReason.DEAD_PIECE)) {
                found.add(new Candidate(promoting, promotedVerdict, false, promotedPicture, pendingAfter));
            } else {
                found.add(new Candidate(plain, plainVerdict, false, plainPicture, pendingAfter));
            }
        } else if (plainFits) {
            found.add(new Candidate(plain, position.verdict(plain), false, plainPicture, pendingAfter));
        } else if (promotedFits) {
            found.add(new Candidate(promoting, position.verdict(promoting), false, promotedPicture, pendingAfter));
        }
    }
}
