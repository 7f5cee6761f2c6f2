package org.shogiban.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the short sequences of moves that explain a still board no single move explains: the legal move tree from
 * the last agreed position, searched a few plies deep, where every move must agree with the order of the sensor
 * changes ({@link ChangeLog}): its piece lifted at or after the previous move was completed, and its target filled
 * after that. Every move but the last is legal; the last is any move that explains the rest of the difference
 * exactly (legal or not, as the single-move search finds it), so an illegal move inside a fast sequence is still
 * reported with the rules' reason. Only the sequences of the fewest moves count.
 *
 * <p>Bounded: at most {@link #MAX_PLIES} moves, and at most {@link #MAX_NODES} positions looked at per search; a
 * search that runs out decides nothing.
 */
final class SequenceSearch {
    private static final Logger log = LoggerFactory.getLogger(SequenceSearch.class);
    /** The most moves a sequence may have. */
    static final int MAX_PLIES = 6;
    /** The most positions one search may look at. */
    static final int MAX_NODES = 3_000;

    /** The single moves that explain a frame from a position (the last move of a sequence). */
    interface Leaves {
        List<Candidate> at(Base base, SensorFrame frame);
    }

    /**
     * A position on the way, as the sensors should see it.
     *
     * @param since when the move leading here was completed: the next move's changes come at or after it
     */
    record Base(Position position, ExpectedFrame picture, int[] pending, long since) {
    }

    /** One move of a sequence: when its piece was first lifted and when it was put down where it belongs. */
    record Step(Candidate candidate, long startMillis, long completedMillis) {
        Move move() {
            return candidate.move();
        }
    }

    /** A sequence's moves in USI, for the log. */
    static String usi(List<Step> sequence) {
        return String.join(" ", sequence.stream().map(s -> s.move().usi()).toList());
    }

    /**
     * What a search found.
     *
     * @param sequences the sequences of the fewest moves that fit (none when none fits or the search ran out)
     * @param exhausted whether the search ran out of its bound before deciding
     */
    record Result(List<List<Step>> sequences, boolean exhausted) {
    }

    private final ChangeLog changes;
    private final SensorKind kind;
    private final Leaves leaves;
    private SensorFrame frame;
    private int nodes;
    private boolean exhausted;
    private List<List<Step>> found;
    /** Whether the last move of a sequence must be legal too (the first pass). */
    private boolean legalLastOnly;

    SequenceSearch(ChangeLog changes, SensorKind kind, Leaves leaves) {
        this.changes = changes;
        this.kind = kind;
        this.leaves = leaves;
    }

    /**
     * The sequences of 2 to {@link #MAX_PLIES} moves from a base that explain a frame, the fewest moves first.
     *
     * @param lastMover who must have made the last move, or null for either
     */
    Result search(Base root, SensorFrame f, Side lastMover) {
        // every move legal explains the board best, however many; only when no such sequence fits is one whose
        // last move the rules reject taken (a foul inside a fast sequence), so a legal fast sequence of three
        // moves is never read as two moves ending in a foul
        Result legal = search(root, f, lastMover, true);
        if (legal.exhausted() || !legal.sequences().isEmpty()) {
            return legal;
        }
        return search(root, f, lastMover, false);
    }

    private Result search(Base root, SensorFrame f, Side lastMover, boolean legalOnly) {
        this.frame = f;
        this.legalLastOnly = legalOnly;
        nodes = 0;
        exhausted = false;
        for (int plies = 2; plies <= MAX_PLIES; plies++) {
            Side last = plies % 2 == 1 ? root.position().sideToMove() : root.position().sideToMove().opponent();
            if (lastMover != null && last != lastMover) {
                continue;
            }
            found = new ArrayList<>();
            dfs(root, new ArrayList<>(), plies);
            if (exhausted) {
                return new Result(List.of(), true);
            }
            if (!found.isEmpty()) {
                return new Result(found, false);
            }
        }
        return new Result(List.of(), false);
    }

    private void dfs(Base base, List<Step> path, int movesLeft) {
        if (movesLeft == 1) {
            List<Candidate> lv = leaves.at(base, frame);
            if (log.isTraceEnabled()) {
                log.trace("last moves after {} (changes since {}): {}", path.stream().map(q -> q.move().usi())
                        .toList(), base.since(), lv.stream().map(q -> q.move().usi()).toList());
            }
            for (Candidate c : lv) {
                if (legalLastOnly && !c.optional() && !c.verdict().isLegal()) {
                    continue;
                }
                Step step = timed(c, base.since());
                if (step != null && !path.isEmpty() && !stayed(path.get(path.size() - 1), step)) {
                    step = null;
                }
                if (step != null) {
                    List<Step> sequence = new ArrayList<>(path);
                    sequence.add(step);
                    found.add(sequence);
                }
            }
            return;
        }
        boolean[] touched = changes.touchedSince(base.since());
        Position p = base.position();
        Side mover = p.sideToMove();
        for (Move m : p.legalMoves()) {
            int to = m.to().index();
            if (!touched[to + 81] || (!m.isDrop() && !touched[m.from().index()])) {
                continue;
            }
            long start = m.isDrop() ? base.since() : changes.firstVacated(m.from().index(), base.since());
            long completed = changes.firstFilled(to, start);
            if (start == Long.MIN_VALUE || completed == Long.MIN_VALUE) {
                continue;
            }
            if (!path.isEmpty() && !stayed(path.get(path.size() - 1), start, to)) {
                continue;
            }
            if (kind == SensorKind.POLARITY && !m.isDrop() && changes.firstFilledFaceDown(to, start)
                    != (m.promote() || p.pieceAt(m.from()).type().isPromoted())) {
                continue; // the face it was put down with, even if a later move took it away
            }
            if (++nodes > MAX_NODES) {
                exhausted = true;
                return;
            }
            int[] pendingAfter = base.pending();
            ExpectedFrame picture;
            boolean optional = false;
            if (m.isDrop()) {
                picture = base.picture().afterDrop(mover, m.drop(), m.to(), false);
            } else {
                picture = base.picture().afterBoardMove(m);
                Piece captured = p.pieceAt(m.to());
                if (captured != null && captured.type() != PieceType.KING) {
                    pendingAfter = pendingAfter.clone();
                    pendingAfter[Sides.slotIndex(mover, captured.type())]++;
                }
                optional = kind == SensorKind.OCCUPANCY && p.pieceAt(m.from()).type().canPromote()
                        && p.isLegal(Move.of(m.from(), m.to(), !m.promote()));
            }
            if (picture == null) {
                continue;
            }
            Candidate c = new Candidate(m, Verdict.LEGAL, optional, picture,
                    pendingAfter);
            path.add(new Step(c, start, completed));
            dfs(new Base(p.play(m), picture, pendingAfter, completed), path, movesLeft - 1);
            path.remove(path.size() - 1);
            if (exhausted) {
                return;
            }
        }
    }

    private boolean stayed(Step previous, Step next) {
        return stayed(previous, next.startMillis(), next.move().to().index());
    }

    /**
     * Whether the piece a move put down stayed on its square until the next move began: taken away before that
     * only to be put straight back (adjusted, or flipped to promote), or by the next move's hand capturing it. A
     * piece that only touched a square on its way (slid across it, hovered over it) left it at once: that square
     * was not where its move ended.
     */
    private boolean stayed(Step previous, long nextStart, int nextTarget) {
        int square = previous.move().to().index();
        long left = changes.firstVacated(square, previous.completedMillis());
        if (left == Long.MIN_VALUE || left >= nextStart || square == nextTarget) {
            return true;
        }
        long back = changes.firstFilled(square, left);
        return back != Long.MIN_VALUE && back <= nextStart;
    }

    /** The last move with its times, or null when the sensor changes do not come in its order. */
    private Step timed(Candidate c, long since) {
        Move m = c.move();
        long start = m.isDrop() ? since : changes.firstVacated(m.from().index(), since);
        if (start == Long.MIN_VALUE) {
            return null;
        }
        long completed = changes.firstFilled(m.to().index(), start);
        if (completed == Long.MIN_VALUE) {
            // a capture whose piece landed on the square is seen as a refill; a capture by a piece that was
            // already in the air before the target emptied cannot be told, so it needs the refill too
            return null;
        }
        return new Step(c, start, completed);
    }
}
