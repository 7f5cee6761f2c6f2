package org.shogiban.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
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
 * Tells from debounced sensor frames and button presses what the players did: moves (with the rules' verdict),
 * takebacks, optional promotions waiting for a choice, and states no move explains. It never invents a move: a move
 * is reported only when the still board differs from the expected position by exactly what one candidate move
 * (legal or not; the rules judge it) would change, and legality is always asked of the rules:
 * {@link Position#verdict} for a board move, {@link Position#verdictOfDrop} for a drop, so a piece taken from the
 * opponent's komadai or put down with its promoted side up is an illegal move with the rules' reason.
 *
 * <p>The one mutable owner of the game as the board sees it: the positions so far, the captured pieces not yet put
 * on their komadai, and the move being made. Time comes only from the frames' and buttons' timestamps; it never
 * sleeps. Not thread-safe: feed it from the scan loop's thread.
 */
public final class MoveInference {
    private static final Logger log = LoggerFactory.getLogger(MoveInference.class);
    /**
     * How long the sensor picture may lag behind the hands (debounce and bounce, with margin): a clock press made
     * while the board was not still is judged on the picture this long after the press.
     */
    static final long PRESS_LAG_MILLIS = 100;
    /**
     * How long a complete move must have been shown before a lift of the opponent's piece counts as their reply
     * (sooner, it is more likely one hand moving pieces about, hovering or sliding): no one replies within
     * 200 ms of a landing.
     */
    static final long REPLY_MIN_MILLIS = 200;

    private final InferenceConfig config;
    private final List<Position> positions = new ArrayList<>();
    private final List<ExpectedFrame> pictures = new ArrayList<>();
    private final List<Move> moves = new ArrayList<>();
    /** Captured pieces owed to each of the 14 komadai slots: taken, but still in a hand or at the board's edge. */
    private final int[] pending = new int[14];
    private final TouchLog touches = new TouchLog();
    /** The order of the sensor changes since the board last agreed with the game. */
    private final ChangeLog changes = new ChangeLog();
    private final SequenceSearch sequences;
    /** The promote/confirm presses since the board last agreed with the game, for the moves of a sequence. */
    private final List<ChoicePress> choicePresses = new ArrayList<>();
    /** Whether the last sequence search found several sequences of legal moves that fit equally. */
    private boolean sequencesTied;
    /** A clock press the board could not yet explain: the placement it completes may not have been seen yet. */
    private ClockPress unresolvedPress;
    /** Whether the unresolved press was judged once on the picture {@link #PRESS_LAG_MILLIS} after it. */
    private boolean unresolvedPressTried;

    private SensorFrame last;
    /** The frame before the last change, and since when the board had shown it. */
    private SensorFrame previous;
    private long previousMillis;
    private long lastChangeMillis;
    private long syncMillis = Long.MIN_VALUE;
    private boolean stableHandled;
    private boolean unexplained;
    private boolean discrepancyChecked;
    /** A discrepancy or an illegal move was reported and the board has not matched since. */
    private boolean outOfSync;
    private InferenceEvent.Discrepancy lastDiscrepancy;
    /** The illegal move last reported, not reported again until the board has matched in between. */
    private Candidate lastIllegal;
    /** A promote/confirm press made while a move was in progress, for the move being made. */
    private PromotionChoice requestedChoice;
    /** The move seen on a still board but not yet counted: waiting for a promotion choice or the clock. */
    private Provisional provisional;
    /**
     * A complete picture whose next change was a lift of the piece just put down: the reply capturing it (taken
     * first) or the mover adjusting it. The capturer's own piece rising next tells it was the reply.
     */
    private Held held;

    /** Starts following a game from a position (after {@link PositionSetup} saw it on the board). */
    public MoveInference(Position start, InferenceConfig config) {
        this.config = config;
        positions.add(start);
        pictures.add(ExpectedFrame.of(start));
        sequences = new SequenceSearch(changes, config.sensorKind(), this::candidates);
    }

    public InferenceConfig config() {
        return config;
    }

    /** The position the board should show. */
    public Position position() {
        return positions.get(positions.size() - 1);
    }

    /** The start position. */
    public Position start() {
        return positions.get(0);
    }

    /** The moves counted so far, in order. */
    public List<Move> moves() {
        return Collections.unmodifiableList(moves);
    }

    /** What the sensors should read now. */
    public ExpectedFrame expected() {
        return pictures.get(pictures.size() - 1);
    }

    /** Captured pieces not yet on the komadai, per slot index (sente's 7 then gote's). */
    public int[] pendingCaptures() {
        return pending.clone();
    }

    /** Whether a discrepancy or illegal move is outstanding. */
    public boolean isOutOfSync() {
        return outOfSync;
    }

    /** Takes one debounced frame (the scan loop may send every scan or only changes) and returns what it tells. */
    public List<InferenceEvent> onFrame(SensorFrame frame) {
        List<InferenceEvent> events = new ArrayList<>(2);
        long now = frame.timeMillis();
        if (last == null || !frame.sameReadings(last)) {
            if (log.isTraceEnabled()) {
                log.trace("frame {}:{}", now, describeChange(last, frame));
            }
            touches.record(last, frame, now);
            changes.record(last, frame, now);
            previous = last;
            previousMillis = lastChangeMillis;
            last = frame;
            lastChangeMillis = now;
            stableHandled = false;
            unexplained = false;
            discrepancyChecked = false;
            onChange(now, events);
        } else {
            last = frame;
        }
        checkTimers(now, events);
        return events;
    }

    /** The squares a frame filled (+) or emptied (-), and the komadai counts when they changed: for tracing. */
    private static String describeChange(SensorFrame before, SensorFrame after) {
        if (before == null) {
            return " first frame";
        }
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < 81; i++) {
            if (before.square(i) != after.square(i)) {
                d.append(' ').append(Square.ofIndex(i).usi()).append(after.square(i).isOccupied() ? "+" : "-");
            }
        }
        if (!Arrays.equals(before.komadaiCounts(), after.komadaiCounts())) {
            d.append(" komadai ").append(Arrays.toString(after.komadaiCounts()));
        }
        return d.toString();
    }

    /** Lets time pass without a new frame (for scan loops that send only changes). */
    public List<InferenceEvent> onTick(long timeMillis) {
        List<InferenceEvent> events = new ArrayList<>(1);
        if (last != null) {
            checkTimers(timeMillis, events);
        }
        return events;
    }

    /** Takes a button event; only presses count. */
    public List<InferenceEvent> onButton(ButtonEvent event) {
        List<InferenceEvent> events = new ArrayList<>(2);
        if (!event.pressed() || last == null) {
            return events;
        }
        long now = event.timeMillis();
        checkTimers(now, events);
        switch (event.button()) {
            case PROMOTE -> choose(PromotionChoice.PROMOTE, now, events);
            case CONFIRM -> choose(PromotionChoice.DECLINE, now, events);
            case CLOCK_SENTE -> clockPressed(Side.SENTE, now, events);
            case CLOCK_GOTE -> clockPressed(Side.GOTE, now, events);
            case ARBITER, MENU -> log.debug("ply {}: {} pressed, not the inference's business",
                    moves.size() + 1, event.button());
        }
        return events;
    }

    // ---------------------------------------------------------------------------------------------- frames

    private void onChange(long now, List<InferenceEvent> events) {
        SensorFrame f = last;
        if (unresolvedPress != null && now >= unresolvedPress.timeMillis() + PRESS_LAG_MILLIS
                && resolvePress(unresolvedPress, events)) {
            unresolvedPress = null;
            return;
        }
        if (held != null && provisional == null && countHeld(now, events)) {
            return;
        }
        if (provisional == null && config.commitPolicy() == CommitPolicy.STABLE && previous != null
                && now - previousMillis >= REPLY_MIN_MILLIS && !stillAgreed(previous)) {
            countBeforeTheReply(now, events);
        }
        if (provisional != null) {
            if (FrameComparison.matches(provisional.candidate.picture, provisional.candidate.pendingAfter, f,
                    config.sensorKind())) {
                if (provisional.lifted) {
                    provisional.lifted = false;
                    if (provisional.candidate.optional && now - provisional.announcedMillis
                            <= config.promotionWindowMillis()) {
                        log.debug("ply {}: piece on {} lifted and put back: promotes", moves.size() + 1,
                                provisional.candidate.move.to());
                        if (config.commitPolicy() == CommitPolicy.STABLE) {
                            commit(provisional.candidate, PromotionChoice.PROMOTE, now, events);
                        } else {
                            provisional.choice = PromotionChoice.PROMOTE;
                        }
                    }
                }
                return;
            }
            if (onlyTargetLifted(provisional, f)) {
                provisional.lifted = true;
                return;
            }
            if (provisional.lifted) {
                log.debug("ply {}: the piece of {} moved on before a promotion choice; not counted",
                        moves.size() + 1, provisional.candidate.move);
                provisional = null;
            } else if (config.commitPolicy() == CommitPolicy.STABLE && provisional.candidate.optional) {
                log.debug("ply {}: board changed while {} waited for a promotion choice: default {}",
                        moves.size() + 1, provisional.candidate.move, config.defaultPromotion());
                commit(provisional.candidate, choiceFor(provisional), now, events, false);
                unexplained = false;
                inSync(previousMillis, events);
                changes.record(previous, f, now); // the change that ended the question belongs to the reply
            } else {
                provisional = null;
            }
        }
        if (FrameComparison.matches(expected(), pending, f, config.sensorKind())) {
            if (changes.filledSince(expected(), syncMillis)) {
                // a piece was put down where the agreed position has none, and taken away again: the pictures
                // cannot tell a move undone from a move whose piece the opponent is capturing first (a dropped
                // piece taken off its square by the capturer's hand); the order of events will, so it is kept
                log.debug("ply {}: the board shows the agreed position again, after a piece put down and taken"
                        + " away; the changes since are kept", moves.size() + 1);
                agrees(now, events, false);
            } else {
                inSync(now, events);
            }
        }
    }

    private void inSync(long now, List<InferenceEvent> events) {
        agrees(now, events, true);
    }

    /**
     * The board agrees with the game now. {@code forget}: the changes before now belong to the moves counted
     * (else they are kept, and later searches start from the same time as before).
     */
    private void agrees(long now, List<InferenceEvent> events, boolean forget) {
        held = null;
        if (forget) {
            // the changes that follow are those after the frame now agreed was first shown; a tick may have
            // decided later than that, and a frame the sensors debounced is stamped when its change began,
            // possibly before the tick: a reply's first change must not fall before the time the board agreed
            syncMillis = Math.min(now, lastChangeMillis);
            changes.clear();
            choicePresses.clear();
        }
        FrameComparison.settlePending(expected(), pending, last);
        requestedChoice = null;
        lastIllegal = null;
        lastDiscrepancy = null;
        if (outOfSync) {
            outOfSync = false;
            events.add(new InferenceEvent.BackInSync(now, position()));
            log.info("ply {}: board back in sync", moves.size() + 1);
        }
    }

    private boolean onlyTargetLifted(Provisional p, SensorFrame f) {
        int to = p.candidate.move.to().index();
        if (f.square(to) != SquareReading.EMPTY) {
            return false;
        }
        ExpectedFrame picture = p.candidate.picture;
        for (int i = 0; i < 81; i++) {
            if (i != to && !picture.agrees(i, f.square(i), config.sensorKind())) {
                return false;
            }
        }
        return FrameComparison.slotsMatch(picture, p.candidate.pendingAfter, f);
    }

    private void checkTimers(long now, List<InferenceEvent> events) {
        long still = now - lastChangeMillis;
        if (!stableHandled && still >= config.settleMillis()) {
            stableHandled = true;
            evaluateStill(now, events);
        }
        if (provisional != null && provisional.candidate.optional && !provisional.lifted
                && config.commitPolicy() == CommitPolicy.STABLE
                && now - provisional.announcedMillis >= config.promotionWindowMillis()) {
            log.debug("ply {}: no promotion choice for {} within {} ms: default {}", moves.size() + 1,
                    provisional.candidate.move, config.promotionWindowMillis(), config.defaultPromotion());
            commit(provisional.candidate, choiceFor(provisional), now, events);
        }
        if (unresolvedPress != null && !unresolvedPressTried
                && now >= unresolvedPress.timeMillis() + PRESS_LAG_MILLIS) {
            unresolvedPressTried = true;
            ClockPress press = unresolvedPress;
            unresolvedPress = null;
            if (!resolvePress(press, events)) {
                if (pieceInHand(last)) {
                    unresolvedPress = press; // still in the hand: the next changes may complete the move
                } else {
                    unexplainedPress(press, now, events);
                }
            }
        }
        if (unresolvedPress != null && now - unresolvedPress.timeMillis() > config.settleMillis()) {
            ClockPress press = unresolvedPress;
            unresolvedPress = null;
            log.info("ply {}: no move completed around {}'s clock press at {} ms", moves.size() + 1,
                    press.presser().label(), press.timeMillis());
            unexplainedPress(press, now, events);
        }
        if (unexplained && !discrepancyChecked && still >= config.discrepancyMillis()) {
            discrepancyChecked = true;
            reportDiscrepancy(now, events);
        }
    }

    private void evaluateStill(long now, List<InferenceEvent> events) {
        SensorFrame f = last;
        if (provisional != null || FrameComparison.matches(expected(), pending, f, config.sensorKind())) {
            return;
        }
        // a legal move explains the board best; an earlier position (a takeback) comes next, then a sequence of
        // legal moves made without a still board in between, and only then a move the rules reject: undoing the
        // opponent's last move looks like moving their piece back, which is no move
        List<Candidate> found = candidates(f);
        boolean legalMove = found.size() == 1 && (found.get(0).optional || found.get(0).verdict.isLegal());
        if (!legalMove) {
            int maxBack = Math.min(config.maxTakebackPlies(), moves.size());
            for (int k = 1; k <= maxBack; k++) {
                ExpectedFrame earlier = pictures.get(pictures.size() - 1 - k);
                if (FrameComparison.matches(earlier, pending, f, config.sensorKind())) {
                    // in a repetition the moves played forward can bring back an earlier position: when the
                    // pieces did not go back in the takeback's order (the last move undone first) and a sequence
                    // of legal moves fits the order of events, those moves were played
                    if (found.size() <= 1 && !undoneInOrder(k) && explainBySequence(null, now, now, events)) {
                        return;
                    }
                    takeBack(k, now, events);
                    return;
                }
            }
            if (found.size() <= 1 && explainBySequence(null, now, now, events)) {
                return;
            }
        }
        if (found.size() != 1) {
            if (found.size() > 1) {
                log.info("ply {}: {} moves explain the board equally ({}); not choosing", moves.size() + 1,
                        found.size(), found.stream().map(c -> c.move.usi()).toList());
            }
            unexplained = true;
            return;
        }
        if (!legalMove && sequencesTied) {
            // several sequences of legal moves fit: the board waits for the pieces to tell, it does not read
            // the picture as one move the rules reject
            unexplained = true;
            return;
        }
        if (!legalMove && config.commitPolicy() == CommitPolicy.STABLE && replyInTheAir()) {
            // the picture before the last lift showed legal moves complete: the reply is in the air, and the
            // move the still picture reads as illegal is those moves seen without the lifted piece
            log.info("ply {}: a piece lifted after the board showed legal moves complete; waiting for it",
                    moves.size() + 1);
            unexplained = true;
            return;
        }
        settleLastMove(found.get(0), now, events);
    }

    /** Whether the last change only lifted pieces, after a picture that one move or sequence of legal moves explains. */
    private boolean replyInTheAir() {
        if (previous == null) {
            return false;
        }
        for (int i = 0; i < 81; i++) {
            if (!previous.square(i).isOccupied() && last.square(i).isOccupied()) {
                return false;
            }
        }
        int[] before = previous.komadaiCounts();
        int[] now = last.komadaiCounts();
        for (int k = 0; k < before.length; k++) {
            if (now[k] > before[k]) {
                return false;
            }
        }
        return completeIn(previous) != null;
    }

    /** The one move that explains a still board (alone or after a sequence): counted, or waiting for a choice. */
    private void settleLastMove(Candidate c, long now, List<InferenceEvent> events) {
        if (config.commitPolicy() == CommitPolicy.CLOCK) {
            if (c.optional) {
                provisional = new Provisional(c, now);
                events.add(new InferenceEvent.PromotionPending(now, c.move.to(), c.move));
                log.info("ply {}: {} may promote; waiting for the player's choice", moves.size() + 1, c.move);
            }
            return;
        }
        if (c.optional) {
            if (requestedChoice != null) {
                commit(c, requestedChoice, now, events);
            } else {
                provisional = new Provisional(c, now);
                events.add(new InferenceEvent.PromotionPending(now, c.move.to(), c.move));
                log.info("ply {}: {} may promote; waiting for the player's choice", moves.size() + 1, c.move);
            }
            return;
        }
        countMove(c, now, events);
    }

    // ------------------------------------------------------------------------------------------- sequences

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
    private boolean explainBySequence(Side presser, long lastTime, long now, List<InferenceEvent> events) {
        sequencesTied = false;
        SequenceSearch.Result result = sequences.search(base(), last, presser);
        if (result.exhausted()) {
            log.info("ply {}: the search for a sequence of moves ran out of its bound; not choosing",
                    moves.size() + 1);
            return false;
        }
        List<List<SequenceSearch.Step>> fitting = withTheChosenPromotions(result.sequences());
        List<List<SequenceSearch.Step>> legal = fitting.stream()
                .filter(q -> q.get(q.size() - 1).candidate().optional()
                        || q.get(q.size() - 1).candidate().verdict().isLegal())
                .toList();
        List<List<SequenceSearch.Step>> pool = legal.isEmpty() ? fitting : legal;
        sequencesTied = pool.size() > 1 && !legal.isEmpty();
        if (pool.size() > 1) {
            log.info("ply {}: {} sequences of {} moves explain the board equally ({}); not choosing",
                    moves.size() + 1, pool.size(), pool.get(0).size(), pool.stream().map(MoveInference::usi).toList());
            return false;
        }
        if (pool.isEmpty()) {
            return false;
        }
        List<SequenceSearch.Step> sequence = pool.get(0);
        if (presser == null && config.commitPolicy() == CommitPolicy.CLOCK) {
            log.debug("ply {}: the board shows {}; waiting for the clock", moves.size() + 1, usi(sequence));
            return true;
        }
        log.info("ply {}: {} moves made without a still board in between: {}{}", moves.size() + 1,
                sequence.size(), usi(sequence), outOfSync ? " (board back in step)" : "");
        for (int k = 0; k < sequence.size() - 1; k++) {
            // the search played each inner move with its promotion as chosen: no choice is left to make
            SequenceSearch.Step step = sequence.get(k);
            Candidate inner = step.candidate();
            commit(new Candidate(inner.move, Verdict.LEGAL, false, inner.picture, inner.pendingAfter), null,
                    step.completedMillis(), events, false);
        }
        SequenceSearch.Step lastStep = sequence.get(sequence.size() - 1);
        agreedUpTo(sequence.get(sequence.size() - 2).completedMillis());
        Candidate c = lastStep.candidate();
        long time = presser != null ? lastTime : lastStep.completedMillis();
        if (presser != null && c.optional) {
            commit(c, choiceAfter(lastStep.startMillis(), now), time, events, true);
        } else if (presser != null || !c.optional) {
            countMove(c, time, events);
        } else {
            PromotionChoice pressed = pressedBetween(lastStep.startMillis(), now);
            if (pressed != null) {
                commit(c, pressed, time, events, true);
            } else {
                provisional = new Provisional(c, now);
                events.add(new InferenceEvent.PromotionPending(now, c.move.to(), c.move));
                log.info("ply {}: {} may promote; waiting for the player's choice", moves.size() + 1, c.move);
            }
        }
        return true;
    }

    /**
     * On an occupancy board the sensors cannot see whether a move inside a sequence promoted: the player's press
     * between its lift and the next move's lift tells, else the reply ended the question with the default. Keeps
     * the sequences whose inner optional promotions are those choices.
     */
    private List<List<SequenceSearch.Step>> withTheChosenPromotions(List<List<SequenceSearch.Step>> found) {
        List<List<SequenceSearch.Step>> kept = new ArrayList<>(found.size());
        for (List<SequenceSearch.Step> q : found) {
            boolean agrees = true;
            for (int k = 0; k < q.size() - 1 && agrees; k++) {
                SequenceSearch.Step step = q.get(k);
                if (step.candidate().optional()) {
                    PromotionChoice choice = choiceAfter(step.startMillis(), q.get(k + 1).startMillis());
                    agrees = step.move().promote() == choice.promotes();
                }
            }
            if (agrees) {
                kept.add(q);
            }
        }
        return kept;
    }

    private PromotionChoice choiceAfter(long from, long to) {
        PromotionChoice pressed = pressedBetween(from, to);
        return pressed != null ? pressed : config.defaultPromotion();
    }

    /** The last promote/confirm press in a time window, or null. */
    private PromotionChoice pressedBetween(long from, long to) {
        PromotionChoice choice = null;
        for (ChoicePress press : choicePresses) {
            if (press.timeMillis() >= from && press.timeMillis() <= to) {
                choice = press.choice();
            }
        }
        return choice;
    }

    private static String usi(List<SequenceSearch.Step> sequence) {
        return String.join(" ", sequence.stream().map(s -> s.move().usi()).toList());
    }

    private boolean stillAgreed(SensorFrame f) {
        return FrameComparison.matches(expected(), pending, f, config.sensorKind());
    }

    /**
     * The order of events: when the opponent's hand arrives (a piece of theirs lifted, or one taken from their
     * komadai) right after the board showed a complete move (or a sequence of them), that move was made, though the
     * board was never still for the settle time: it is counted at the time it was completed, before the reply.
     * The mover touching the piece just put down again (to slide it on, flip it, or take it back) is not the
     * opponent's hand, nor is a lift of a piece the moving piece could have captured (the mover may be taking it,
     * the piece seen down only hovering on the way), so nothing is counted then: the still board decides.
     */
    private void countBeforeTheReply(long now, List<InferenceEvent> events) {
        SensorFrame before = previous;
        List<SequenceSearch.Step> sequence = completeIn(before);
        if (sequence == null) {
            return;
        }
        Position after = position();
        Position beforeLast = after;
        for (SequenceSearch.Step step : sequence) {
            beforeLast = after;
            after = after.play(step.move()); // an optional promotion's candidate is its plain move
        }
        Move lastMove = sequence.get(sequence.size() - 1).move();
        if (!opponentsHandArrived(before, beforeLast, after, lastMove)) {
            log.debug("ply {}: {} shown complete, but the change is not the opponent's hand", moves.size() + 1,
                    usi(sequence));
            if (onlyLifted(before, last, lastMove.to().index())) {
                held = new Held(sequence, after, before, previousMillis, lastMove.to().index(),
                        new ArrayList<>(List.of(last)));
            }
            return;
        }
        countSeenComplete(sequence, before, previousMillis, List.of(last), now, events);
    }

    /** The one move or sequence (its last move legal) that explains a picture, or null. */
    private List<SequenceSearch.Step> completeIn(SensorFrame before) {
        List<Candidate> found = candidates(before);
        if (found.size() == 1 && (found.get(0).optional || found.get(0).verdict.isLegal())) {
            // a choice pressed since the board last agreed is this move's (the press may precede the landing)
            return List.of(new SequenceSearch.Step(found.get(0), syncMillis, previousMillis));
        }
        if (found.size() > 1) {
            return null;
        }
        SequenceSearch.Result result = sequences.search(base(), before, null);
        List<List<SequenceSearch.Step>> fitting = result.exhausted() ? List.of()
                : withTheChosenPromotions(result.sequences()).stream()
                .filter(q -> q.get(q.size() - 1).candidate().optional()
                        || q.get(q.size() - 1).candidate().verdict().isLegal()).toList();
        if (fitting.size() != 1) {
            log.debug("ply {}: at the hand's arrival {} sequences fit{}", moves.size() + 1, fitting.size(),
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
        log.info("ply {}: {} seen complete before the opponent's hand arrived", moves.size() + 1, usi(sequence));
        for (int k = 0; k < sequence.size(); k++) {
            SequenceSearch.Step step = sequence.get(k);
            Candidate c = step.candidate();
            long until = k + 1 < sequence.size() ? sequence.get(k + 1).startMillis() : now;
            PromotionChoice choice = c.optional ? choiceAfter(step.startMillis(), until) : null;
            if (k + 1 < sequence.size()) {
                commit(new Candidate(c.move, Verdict.LEGAL, false, c.picture, c.pendingAfter), null,
                        step.completedMillis(), events, false);
            } else {
                commit(c, choice, step.completedMillis(), events, false);
            }
        }
        unexplained = false;
        inSync(shownMillis, events);
        syncMillis = shownMillis;
        SensorFrame from = before;
        for (SensorFrame f : after) {
            changes.record(from, f, f.timeMillis()); // the reply's changes belong to the reply
            from = f;
        }
    }

    /**
     * After the piece just put down was lifted: the capturer's own piece rising next (a piece of the side to reply
     * that can take on that square), with at most the replier's komadai changing in between, shows it was the
     * reply taking it first; the picture before that lift is counted. Any other change ends the wait.
     */
    private boolean countHeld(long now, List<InferenceEvent> events) {
        Held h = held;
        SensorFrame before = h.trail().get(h.trail().size() - 1);
        Side replier = h.after().sideToMove();
        int lifted = -1;
        for (int i = 0; i < 81; i++) {
            if (before.square(i).isOccupied() != last.square(i).isOccupied()) {
                if (lifted >= 0 || last.square(i).isOccupied()) {
                    held = null;
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
                held = null;
                return false;
            }
        }
        if (lifted < 0) {
            h.trail().add(last); // the capturer putting an earlier capture on its komadai first
            if (h.trail().size() > 4) {
                held = null;
            }
            return false;
        }
        Square from = Square.ofIndex(lifted);
        Square target = Square.ofIndex(h.square());
        Piece p = h.after().pieceAt(from);
        held = null;
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
    private boolean opponentsHandArrived(SensorFrame before, Position beforeLast, Position after, Move lastMove) {
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
     * The moves counted so far agree with the board as it was when the last of them was completed, though the board
     * shows more (a move waiting for a promotion choice, or an illegal move to be put right): later sequences
     * start from there, with the changes since.
     */
    private void agreedUpTo(long completedMillis) {
        // the last move's own changes (and a choice pressed for it) came after the move before it was completed
        syncMillis = completedMillis;
    }

    /** The last agreed position as the search starts from it. */
    private SequenceSearch.Base base() {
        return new SequenceSearch.Base(position(), expected(), pending, syncMillis);
    }

    // --------------------------------------------------------------------------------------------- buttons

    private void choose(PromotionChoice choice, long now, List<InferenceEvent> events) {
        choicePresses.add(new ChoicePress(now, choice));
        if (provisional != null && provisional.candidate.optional) {
            if (config.commitPolicy() == CommitPolicy.STABLE) {
                commit(provisional.candidate, choice, now, events);
            } else {
                provisional.choice = choice;
            }
        } else if (!FrameComparison.matches(expected(), pending, last, config.sensorKind())) {
            requestedChoice = choice;
            log.debug("ply {}: {} chosen for the move in progress", moves.size() + 1, choice);
        } else {
            log.debug("ply {}: {} pressed with no move in progress; ignored", moves.size() + 1, choice);
        }
    }

    private void clockPressed(Side presser, long now, List<InferenceEvent> events) {
        if (config.commitPolicy() != CommitPolicy.CLOCK) {
            return;
        }
        if (FrameComparison.matches(expected(), pending, last, config.sensorKind())) {
            log.info("ply {}: {} pressed the clock without moving{}", moves.size() + 1, presser.label(),
                    presser == position().sideToMove() ? "" : " (" + position().sideToMove().label() + " to move)");
            return;
        }
        ClockPress press = new ClockPress(presser, now);
        unresolvedPress = null;
        if (now - lastChangeMillis < config.settleMillis()) {
            // the board was not still: the press may come in the same motion as the placement, which the sensors
            // may not have debounced yet (they may still show where the hand hovered), so the picture a moment
            // later tells which move the press completes
            log.debug("ply {}: {} pressed the clock {} ms after the last change seen; judged a moment later",
                    moves.size() + 1, presser.label(), now - lastChangeMillis);
            unresolvedPress = press;
            unresolvedPressTried = false;
            return;
        }
        if (!resolvePress(press, events)) {
            // the sensors lag the hands: a piece put down in the same motion as the press may not be seen yet
            // even on a board that was still before it (the piece held in the air a while), so the picture a
            // moment later decides
            unresolvedPress = press;
            unresolvedPressTried = false;
        }
    }

    /** A press no move explains: a discrepancy when the presser is to move, else ignored (as it always was). */
    private void unexplainedPress(ClockPress press, long now, List<InferenceEvent> events) {
        if (press.presser() == position().sideToMove()) {
            unexplained = true;
            reportDiscrepancy(now, events);
        } else {
            log.info("ply {}: {} pressed the clock, but {} is to move; ignored", moves.size() + 1,
                    press.presser().label(), position().sideToMove().label());
        }
    }

    /**
     * Counts the move a clock press completes, at the press's time: the mover's one move, or a sequence whose last
     * move is the presser's (a press lost before it, or moves made while the board was out of step).
     */
    private boolean resolvePress(ClockPress press, List<InferenceEvent> events) {
        long now = Math.max(press.timeMillis(), last.timeMillis());
        if (press.presser() == position().sideToMove()) {
            List<Candidate> found = candidates(last);
            if (found.size() == 1) {
                Candidate c = found.get(0);
                if (c.optional) {
                    PromotionChoice choice = provisional != null && provisional.candidate.move.equals(c.move)
                            ? choiceFor(provisional)
                            : requestedChoice != null ? requestedChoice : config.defaultPromotion();
                    commit(c, choice, press.timeMillis(), events, true);
                } else {
                    countMove(c, press.timeMillis(), events);
                }
                return true;
            }
            if (found.size() > 1) {
                return false;
            }
        }
        return explainBySequence(press.presser(), press.timeMillis(), now, events);
    }

    /** Whether the board lacks a piece no move put down yet: a hand still holds it. */
    private boolean pieceInHand(SensorFrame f) {
        ExpectedFrame e = expected();
        int missing = 0;
        for (int i = 0; i < 81; i++) {
            boolean want = e.pieceAt(i) != null;
            boolean have = f.square(i).isOccupied();
            missing += want && !have ? 1 : !want && have ? -1 : 0;
        }
        return missing > 0 || !FrameComparison.slotsMatch(e, pending, f);
    }

    private PromotionChoice choiceFor(Provisional p) {
        if (p.choice != null) {
            return p.choice;
        }
        return requestedChoice != null ? requestedChoice : config.defaultPromotion();
    }

    // ------------------------------------------------------------------------------------------ outcomes

    private void countMove(Candidate c, long now, List<InferenceEvent> events) {
        if (c.verdict.isLegal()) {
            commit(c, null, now, events);
            return;
        }
        provisional = null;
        if (lastIllegal != null && c.move.equals(lastIllegal.move) && c.verdict.equals(lastIllegal.verdict)) {
            return;
        }
        lastIllegal = c;
        outOfSync = true;
        events.add(new InferenceEvent.MoveCompleted(now, c.move, c.verdict));
        log.warn("ply {}: illegal move {} by {}: {}", moves.size() + 1, c.move, position().sideToMove().label(),
                c.verdict.reason());
    }

    /** Plays a legal candidate; for an optional promotion, with the choice; the board agrees again. */
    private void commit(Candidate c, PromotionChoice choice, long now, List<InferenceEvent> events) {
        commit(c, choice, now, events, true);
    }

    /**
     * Plays a legal candidate, reported at the time it was made; {@code sync}: the board agrees with the game now
     * (not for a move inside a sequence, which the next move already changed).
     */
    private void commit(Candidate c, PromotionChoice choice, long time, List<InferenceEvent> events, boolean sync) {
        Move move = c.optional ? Move.of(c.move.from(), c.move.to(), choice.promotes()) : c.move;
        Position next = position().play(move);
        positions.add(next);
        pictures.add(ExpectedFrame.of(next));
        moves.add(move);
        System.arraycopy(c.pendingAfter, 0, pending, 0, 14);
        provisional = null;
        events.add(new InferenceEvent.MoveCompleted(time, move, Verdict.LEGAL));
        log.info("ply {}: {} played {}", moves.size(), position().sideToMove().opponent().label(), move);
        if (sync) {
            unexplained = false;
            inSync(Math.max(time, last.timeMillis()), events);
        }
    }

    /**
     * Whether the changes since the board last agreed undo the last moves in order, the last first: each move's
     * piece taken from its target after the later move was undone, and put back on its square after that.
     */
    private boolean undoneInOrder(int plies) {
        long since = syncMillis;
        for (int k = 0; k < plies; k++) {
            Move m = moves.get(moves.size() - 1 - k);
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

    private void takeBack(int plies, long now, List<InferenceEvent> events) {
        List<Move> undone = new ArrayList<>(plies);
        for (int k = 0; k < plies; k++) {
            undone.add(moves.remove(moves.size() - 1));
            positions.remove(positions.size() - 1);
            pictures.remove(pictures.size() - 1);
        }
        provisional = null;
        outOfSync = false;
        events.add(new InferenceEvent.TakeBack(now, undone, position()));
        log.info("ply {}: takeback (待った) of {}", moves.size() + 1, undone);
        inSync(now, events);
    }

    private void reportDiscrepancy(long now, List<InferenceEvent> events) {
        InferenceEvent.Discrepancy d = FrameComparison.discrepancy(now, expected(), pending, last,
                config.sensorKind());
        if (d.isEmpty() || (lastDiscrepancy != null && lastDiscrepancy.squares().equals(d.squares())
                && lastDiscrepancy.slots().equals(d.slots()))) {
            return;
        }
        lastDiscrepancy = d;
        outOfSync = true;
        events.add(d);
        log.info("ply {}: board differs from the position: {} squares, {} slots", moves.size() + 1,
                d.squares().size(), d.slots().size());
    }

    // ------------------------------------------------------------------------------------------ candidates

    /**
     * The candidate moves that explain a frame exactly: at most one square emptied and at most one filled (a capture
     * fills none: its target must have been seen empty and filled again after the mover's square emptied).
     */
    List<Candidate> candidates(SensorFrame f) {
        return candidates(base(), f);
    }

    /** The same from any position on the way (the last move of a sequence), with its own capture evidence. */
    List<Candidate> candidates(SequenceSearch.Base base, SensorFrame f) {
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
                log.debug("ply {}: the piece on {} came from {}'s komadai", moves.size() + 1, to,
                        mover.opponent().label());
            }
        }
    }

    private void addDropsFrom(SequenceSearch.Base base, Side slotOwner, Square to, boolean promotedFace,
                              SensorFrame f, List<Candidate> found) {
        ExpectedFrame e = base.picture();
        int[] pending = base.pending();
        for (PieceType kind : PieceType.HAND_KINDS) {
            ExpectedFrame after = e.afterDrop(slotOwner, kind, to, promotedFace);
            if (after != null && FrameComparison.matches(after, pending, f, config.sensorKind())) {
                Verdict verdict = base.position().verdictOfDrop(slotOwner, kind, to, promotedFace);
                found.add(new Candidate(Move.drop(kind, to), verdict, false, after, pending.clone()));
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
        boolean plainFits = plainPicture != null
                && FrameComparison.matches(plainPicture, pendingAfter, f, config.sensorKind());
        Move promoting = Move.of(plain.from(), plain.to(), true);
        ExpectedFrame promotedPicture = e.afterBoardMove(promoting);
        boolean promotedFits = promotedPicture != null
                && FrameComparison.matches(promotedPicture, pendingAfter, f, config.sensorKind());
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

    /**
     * A move that explains the board. {@code optional} marks a legal move that may promote or not, shown without
     * promotion, whose choice the sensors cannot see.
     */
    record Candidate(Move move, Verdict verdict, boolean optional, ExpectedFrame picture, int[] pendingAfter) {
    }

    /** A promote (成) or confirm (不成) press, kept to tell which move of a sequence it chose for. */
    private record ChoicePress(long timeMillis, PromotionChoice choice) {
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
    private record Held(List<SequenceSearch.Step> sequence, Position after, SensorFrame frame, long shownMillis,
                        int square, List<SensorFrame> trail) {
    }

    /** A clock press waiting for the placement it completes to be seen. */
    private record ClockPress(Side presser, long timeMillis) {
    }

    /** The move seen on a still board, not yet counted. Mutable, owned by the inference. */
    private static final class Provisional {
        final Candidate candidate;
        final long announcedMillis;
        boolean lifted;
        PromotionChoice choice;

        Provisional(Candidate candidate, long announcedMillis) {
            this.candidate = candidate;
            this.announcedMillis = announcedMillis;
        }
    }

    /** When each square last emptied and last filled: the evidence of a capture the occupancy never shows. */
    private static final class TouchLog {
        private final long[] vacated = new long[81];
        private final long[] filled = new long[81];

        TouchLog() {
            Arrays.fill(vacated, Long.MIN_VALUE);
            Arrays.fill(filled, Long.MIN_VALUE);
        }

        void record(SensorFrame before, SensorFrame now, long time) {
            if (before == null) {
                return;
            }
            for (int i = 0; i < 81; i++) {
                boolean was = before.square(i).isOccupied();
                boolean is = now.square(i).isOccupied();
                if (was && !is) {
                    vacated[i] = time;
                } else if (!was && is) {
                    filled[i] = time;
                }
            }
        }

        /** Whether a square was emptied since a time and filled again after another square last emptied. */
        boolean refilledAfter(int target, int mover, long since) {
            return vacated[target] > since && filled[target] >= vacated[target]
                    && filled[target] >= vacated[mover];
        }
    }

    /**
     * Follows a game from its start and the moves already played (a game resumed after a restart, or taken back by
     * the arbiter): the board is expected to show the position after them, every captured piece on its komadai. The
     * game's history stays with its owner (the session); this copy is what the sensors are compared with.
     */
    public static MoveInference resume(Position start, List<Move> played, InferenceConfig config) {
        MoveInference inference = new MoveInference(start, config);
        for (Move move : played) {
            Position next = inference.position().play(move);
            inference.positions.add(next);
            inference.pictures.add(ExpectedFrame.of(next));
            inference.moves.add(move);
        }
        return inference;
    }
}
