package org.shogiban.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reply detection: a move (or a sequence) the board showed complete counts when the opponent's hand arrives, though
 * the board was never still for the settle time, because the reply came fast. The order of events tells whose hand
 * a change is: a piece of the side to reply lifted, or one taken from their komadai. The mover touching the piece
 * just put down (to slide it on, flip it, or take it back) is not the reply, unless the capturer's own piece rises
 * next ({@link Held}, kept by the {@link InferenceState}). Reads the state and calls its outcomes; holds
 * nothing of its own.
 */
final class ReplyDetection {
    private static final Logger log = LoggerFactory.getLogger(ReplyDetection.class);
    /**
     * How long a complete move must have been shown before a lift of the opponent's piece counts as their reply
     * (sooner, it is more likely one hand moving pieces about, hovering or sliding): no one replies within
     * 200 ms of a landing.
     */
    static final long REPLY_MIN_MILLIS = 200;

    private final InferenceState state;

    ReplyDetection(InferenceState state) {
        this.state = state;
    }

    /**
     * A change of the readings: counts what the board showed complete before it when it is the opponent's hand, or
     * the capturer's piece rising after the piece just put down was lifted. Whether the change was used up so.
     */
    boolean onChange(long now, List<InferenceEvent> events) {
        if (state.held() != null && state.provisional() == null && countHeld(now, events)) {
            return true;
        }
        SensorTrail trail = state.trail();
        if (state.provisional() == null && state.config().commitPolicy() == CommitPolicy.STABLE
                && trail.previous() != null && now - trail.previousMillis() >= REPLY_MIN_MILLIS
                && !state.stillAgreed(trail.previous())) {
            countBeforeTheReply(now, events);
        }
        return false;
    }

    /**
     * When the opponent's hand arrives right after the board showed a complete move (or a sequence of them), that
     * move was made: it is counted at the time it was completed, before the reply. A lift of a piece the moving
     * piece could have captured is not the reply (the mover may be taking it, the piece seen down only hovering on
     * the way), so nothing is counted then: the still board decides.
     */
    private void countBeforeTheReply(long now, List<InferenceEvent> events) {
        SensorTrail trail = state.trail();
        SensorFrame before = trail.previous();
        List<SequenceSearch.Step> sequence = completeIn(before);
        if (sequence == null) {
            return;
        }
        Position after = state.position();
        Position beforeLast = after;
        for (SequenceSearch.Step step : sequence) {
            beforeLast = after;
            after = after.play(step.move()); // an optional promotion's candidate is its plain move
        }
        Move lastMove = sequence.get(sequence.size() - 1).move();
        if (!opponentsHandArrived(before, trail.last(), beforeLast, after, lastMove)) {
            log.debug("ply {}: {} shown complete, but the change is not the opponent's hand", state.nextPly(),
                    SequenceSearch.usi(sequence));
            if (onlyLifted(before, trail.last(), lastMove.to().index())) {
                state.hold(new Held(sequence, after, before, trail.previousMillis(), lastMove.to().index(),
                        List.of(trail.last())));
            }
            return;
        }
        countSeenComplete(sequence, before, trail.previousMillis(), List.of(trail.last()), now, events);
    }

    /** Whether the last change only lifted pieces, after a picture that one move or sequence of legal moves explains. */
    boolean replyInTheAir() {
        SensorTrail trail = state.trail();
        SensorFrame previous = trail.previous();
        if (previous == null) {
            return false;
        }
        for (int i = 0; i < 81; i++) {
            if (!previous.square(i).isOccupied() && trail.last().square(i).isOccupied()) {
                return false;
            }
        }
        int[] before = previous.komadaiCounts();
        int[] now = trail.last().komadaiCounts();
        for (int k = 0; k < before.length; k++) {
            if (now[k] > before[k]) {
                return false;
            }
        }
        return completeIn(previous) != null;
    }

    /** The one move or sequence (its last move legal) that explains a picture, or null. */
    private List<SequenceSearch.Step> completeIn(SensorFrame before) {
        List<Candidate> found = state.candidates(before);
        if (found.size() == 1 && found.get(0).playable()) {
            // a choice pressed since the board last agreed is this move's (the press may precede the landing)
            return List.of(new SequenceSearch.Step(found.get(0), state.syncMillis(),
                    state.trail().previousMillis()));
        }
        if (found.size() > 1) {
            return null;
        }
        SequenceSearch.Result result = state.sequences().search(state.base(), before, null);
        List<List<SequenceSearch.Step>> fitting = result.exhausted() ? List.of()
                : state.choices().keepChosen(result.sequences()).stream()
                .filter(q -> q.get(q.size() - 1).candidate().playable()).toList();
        if (fitting.size() != 1) {
            log.debug("ply {}: at the hand's arrival {} sequences fit{}", state.nextPly(), fitting.size(),
                    result.exhausted() ? " (search ran out)" : "");
            return null;
        }
        return fitting.get(0);
    }

    /**
     * Counts a move or sequence the board showed complete before the opponent's hand arrived, each at the time it
     * was completed; the changes after that picture (the reply's) are kept for the reply.
     */
    private void countSeenComplete(List<SequenceSearch.Step> sequence, SensorFrame before, long shownMillis,
                                   List<SensorFrame> after, long now, List<InferenceEvent> events) {
        log.info("ply {}: {} seen complete before the opponent's hand arrived", state.nextPly(),
                SequenceSearch.usi(sequence));
        for (int k = 0; k < sequence.size(); k++) {
            SequenceSearch.Step step = sequence.get(k);
            Candidate c = step.candidate();
            long until = k + 1 < sequence.size() ? sequence.get(k + 1).startMillis() : now;
            PromotionChoice choice = c.optional() ? state.choices().after(step.startMillis(), until) : null;
            if (k + 1 < sequence.size()) {
                state.commit(c.settled(), null, step.completedMillis(), events, false);
            } else {
                state.commit(c, choice, step.completedMillis(), events, false);
            }
        }
        state.explained();
        state.inSync(shownMillis, events);
        state.agreedFrom(shownMillis);
        state.keepChanges(before, after); // the reply's changes belong to the reply
    }

    /**
     * After the piece just put down was lifted: the capturer's own piece rising next (a piece of the side to reply
     * that can take on that square), with at most the replier's komadai changing in between, shows it was the
     * reply taking it first; the picture before that lift is counted. Any other change ends the wait.
     */
    private boolean countHeld(long now, List<InferenceEvent> events) {
        Held h = state.held();
        SensorFrame last = state.trail().last();
        SensorFrame before = h.trail().get(h.trail().size() - 1);
        Side replier = h.after().sideToMove();
        int lifted = -1;
        for (int i = 0; i < 81; i++) {
            if (before.square(i).isOccupied() != last.square(i).isOccupied()) {
                if (lifted >= 0 || last.square(i).isOccupied()) {
                    state.hold(null);
                    return false;
                }
                lifted = i;
            }
        }
        Player[] players = Player.values();
        KomadaiSlot[] slots = KomadaiSlot.values();
        for (int k = 0; k < 14; k++) {
            int was = before.komadai(players[k / 7], slots[k % 7]);
            int is = last.komadai(players[k / 7], slots[k % 7]);
            if (was != is && Sides.side(players[k / 7]) != replier) {
                state.hold(null);
                return false;
            }
        }
        if (lifted < 0) {
            // the capturer putting an earlier capture on its komadai first
            state.hold(h.trail().size() >= 4 ? null : h.withFrame(last));
            return false;
        }
        Square from = Square.ofIndex(lifted);
        Square target = Square.ofIndex(h.square());
        Piece p = h.after().pieceAt(from);
        state.hold(null);
        if (p == null || p.side() != replier || !(h.after().isLegal(Move.of(from, target, false))
                || h.after().isLegal(Move.of(from, target, true)))) {
            return false;
        }
        List<SensorFrame> trail = new ArrayList<>(h.trail());
        trail.add(last);
        countSeenComplete(h.sequence(), h.frame(), h.shownMillis(), trail, now, events);
        return true;
    }

    /** Whether the only change between two frames is one square emptied. */
    private static boolean onlyLifted(SensorFrame before, SensorFrame after, int square) {
        for (int i = 0; i < 81; i++) {
            boolean changed = before.square(i).isOccupied() != after.square(i).isOccupied();
            if (changed != (i == square)) {
                return false;
            }
        }
        return !after.square(square).isOccupied() && Arrays.equals(before.komadaiCounts(), after.komadaiCounts());
    }

    /**
     * Whether the last change took away only pieces of the side now to move (not the piece just put down) or
     * pieces from that side's komadai: the opponent's hand has arrived.
     */
    private static boolean opponentsHandArrived(SensorFrame before, SensorFrame last, Position beforeLast,
                                                Position after, Move lastMove) {
        Side replier = after.sideToMove();
        boolean lifted = false;
        for (int i = 0; i < 81; i++) {
            boolean was = before.square(i).isOccupied();
            boolean is = last.square(i).isOccupied();
            if (was == is) {
                continue;
            }
            Piece p = after.pieceAt(Square.ofIndex(i));
            if (is || p == null || i == lastMove.to().index()) {
                return false;
            }
            // a piece of the mover other than the one just put down: the opponent taking it first to capture it
            // (or the mover's hand on a second piece, which plays no further part in the move just shown)
            if (p.side() == replier && !lastMove.isDrop()
                    && (beforeLast.isLegal(Move.of(lastMove.from(), Square.ofIndex(i), false))
                    || beforeLast.isLegal(Move.of(lastMove.from(), Square.ofIndex(i), true)))) {
                return false; // the mover's hand may be taking it, the piece seen down only hovering on the way
            }
            lifted = true;
        }
        Player[] players = Player.values();
        KomadaiSlot[] slots = KomadaiSlot.values();
        for (int k = 0; k < 14; k++) {
            int was = before.komadai(players[k / 7], slots[k % 7]);
            int is = last.komadai(players[k / 7], slots[k % 7]);
            if (was != SensorFrame.UNKNOWN && is != SensorFrame.UNKNOWN && is != was) {
                if (Sides.side(players[k / 7]) != replier) {
                    return false; // the mover's captured piece reaching their komadai: still the mover's hand
                }
                lifted = true; // the replier taking a piece to drop, or putting down one captured before
            }
        }
        return lifted;
    }

    /**
     * A complete picture and the piece of it just lifted, waiting for the next change to tell whose hand it was.
     *
     * @param sequence the move or moves the picture shows complete
     * @param after the position they lead to
     * @param frame the complete picture, shown since {@code shownMillis}
     * @param square the square of the piece lifted
     * @param trail the frames since the picture, in order
     */
    record Held(List<SequenceSearch.Step> sequence, Position after, SensorFrame frame, long shownMillis,
                int square, List<SensorFrame> trail) {
        Held {
            trail = List.copyOf(trail);
        }

        /** The same picture, one more frame seen since. */
        Held withFrame(SensorFrame f) {
            List<SensorFrame> more = new ArrayList<>(trail);
            more.add(f);
            return new Held(sequence, after, frame, shownMillis, square, more);
        }
    }
}
