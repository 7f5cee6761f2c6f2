package org.shogiban.inference;

import java.util.List;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one owner of what the inference has read of the board since it last started over: the game as it agrees
 * with it ({@link FollowedGame}), the sensor changes ({@link SensorTrail}), the captured pieces owed to the komadai,
 * when the board last agreed, the stillness and agreement ({@link SyncState}), the move waiting for a choice or the
 * clock ({@link Provisional}), the complete picture held while a lift is told ({@link ReplyDetection.Held}) and the
 * promotion presses ({@link PromotionChoices}). Its fields are private and change
 * only through its named outcomes: a move {@link #commit committed} or {@link #countMove counted},
 * {@link #askPromotion a promotion asked}, {@link #takeBack a takeback}, {@link #reportDiscrepancy a discrepancy},
 * {@link #inSync the board in sync}, and the stillness and waiting move's steps. {@link MoveInference} feeds it;
 * its helpers ({@link StillBoard}, {@link ReplyDetection}, {@link ClockPresses}) read it and call these outcomes.
 * Not thread-safe.
 */
final class InferenceState {
    private static final Logger log = LoggerFactory.getLogger(InferenceState.class);

    private final InferenceConfig config;
    private final FollowedGame history;
    /** Captured pieces owed to each of the 14 komadai slots: taken, but still in a hand or at the board's edge. */
    private final int[] pending = new int[14];
    private final SensorTrail trail = new SensorTrail();
    private final CandidateMoves candidates;
    private final SequenceSearch sequences;
    private final PromotionChoices choices;
    /** When the board last agreed with the game: the changes from then on belong to the moves not counted yet. */
    private long syncMillis = Long.MIN_VALUE;
    private SyncState.Stillness stillness = SyncState.Stillness.CHANGING;
    private SyncState.Agreement agreement = SyncState.Agreement.IN_STEP;
    /** The move seen on a still board but not yet counted: waiting for a promotion choice or the clock. */
    private Provisional provisional;
    /** A complete picture whose piece just put down was lifted: the reply capturing it, or the mover adjusting it. */
    private ReplyDetection.Held held;

    /** Nothing read yet: the board is expected to show the game's position. */
    InferenceState(FollowedGame history, InferenceConfig config) {
        this.config = config;
        this.history = history;
        this.candidates = new CandidateMoves(config.sensorKind(), trail.touches());
        this.sequences = new SequenceSearch(trail.changes(), config.sensorKind(), candidates::at);
        this.choices = new PromotionChoices(config.defaultPromotion());
    }

    // ---------------------------------------------------------------------------------------------- reading

    InferenceConfig config() {
        return config;
    }

    /** The game as the inference agrees with it, read-only for the helpers. */
    FollowedGame history() {
        return history;
    }

    int nextPly() {
        return history.plies() + 1;
    }

    /** The position the board should show. */
    Position position() {
        return history.current();
    }

    /** What the sensors should read now. */
    ExpectedFrame expected() {
        return history.picture();
    }

    /** The last frame, or null before one. */
    SensorFrame last() {
        return trail.last();
    }

    /** What the sensors showed lately (read it; it changes here). */
    SensorTrail trail() {
        return trail;
    }

    PromotionChoices choices() {
        return choices;
    }

    SequenceSearch sequences() {
        return sequences;
    }

    Provisional provisional() {
        return provisional;
    }

    /** Captured pieces not yet on the komadai, per slot index (a copy). */
    int[] pendingCaptures() {
        return pending.clone();
    }

    /** The captured pieces owed to each komadai slot, to compare with (never to change). */
    int[] owed() {
        return pending;
    }

    long syncMillis() {
        return syncMillis;
    }

    SyncState.Stillness stillness() {
        return stillness;
    }

    /** Whether a discrepancy or illegal move is outstanding. */
    boolean isOutOfSync() {
        return agreement.outOfStep();
    }

    /** The candidate moves from the agreed position that explain a frame. */
    List<Candidate> candidates(SensorFrame f) {
        return candidates.at(base(), f);
    }

    /** Whether a frame shows the agreed position (captured pieces owed to a komadai may still be missing). */
    boolean stillAgreed(SensorFrame f) {
        return FrameComparison.matches(expected(), pending, f, config.sensorKind());
    }

    /** The last agreed position as the search starts from it. */
    SequenceSearch.Base base() {
        return new SequenceSearch.Base(position(), expected(), pending, syncMillis);
    }

    // ---------------------------------------------------------------------------------------------- the sensors

    /** Takes a frame; whether its readings changed (then the board is changing again). */
    boolean advance(SensorFrame frame) {
        if (!trail.advance(frame)) {
            return false;
        }
        stillness = SyncState.Stillness.CHANGING;
        return true;
    }

    /** The board has been still for the settle time: whether it had been changing (then it is to be judged). */
    boolean settles(long now) {
        if (stillness == SyncState.Stillness.CHANGING && now - trail.lastChangeMillis() >= config.settleMillis()) {
            stillness = SyncState.Stillness.SETTLED;
            return true;
        }
        return false;
    }

    /** A still board nothing explains, reported once the discrepancy time passed. */
    void reportUnexplained(long now, List<InferenceEvent> events) {
        if (stillness == SyncState.Stillness.UNEXPLAINED
                && now - trail.lastChangeMillis() >= config.discrepancyMillis()) {
            stillness = SyncState.Stillness.REPORTED;
            reportDiscrepancy(now, events);
        }
    }

    /** Nothing explains the board (see {@link SyncState.Stillness#unexplained}). */
    void unexplained() {
        stillness = stillness.unexplained();
    }

    /** A move or sequence explains the board now. */
    void explained() {
        stillness = stillness.explained();
    }

    /**
     * The frames after a picture now agreed belong to the reply: their changes are kept, in order, for the search
     * of the moves that follow.
     */
    void keepChanges(SensorFrame from, List<SensorFrame> frames) {
        SensorFrame before = from;
        for (SensorFrame f : frames) {
            trail.changes().record(before, f, f.timeMillis());
            before = f;
        }
    }

    /**
     * The moves counted so far agree with the board as it was at a time, though the board shows more (a move
     * waiting for a promotion choice, an illegal move to be put right, the reply's changes): later searches start
     * from there, with the changes since.
     */
    void agreedFrom(long millis) {
        syncMillis = millis;
    }

    /** The complete picture held while the lift of its piece is not told yet, or null. */
    ReplyDetection.Held held() {
        return held;
    }

    /** A complete picture is held (non-null) until the next change tells whose hand lifted its piece, or let go. */
    void hold(ReplyDetection.Held picture) {
        held = picture;
    }

    // ---------------------------------------------------------------------------------------------- the waiting move

    /** The waiting move's piece was lifted (true) or is back on its square (false). */
    void provisionalLifted(boolean lifted) {
        provisional = provisional.lifted(lifted);
    }

    /** A choice made for the waiting move before the clock counts it. */
    void provisionalChosen(PromotionChoice choice) {
        provisional = provisional.chosen(choice);
    }

    /** The waiting move is not counted (its piece moved on, the board changed). */
    void dropProvisional() {
        provisional = null;
    }

    // ---------------------------------------------------------------------------------------------- outcomes

    /** The one move that explains a still board (alone or after a sequence): counted, or waiting for a choice. */
    void settleLastMove(Candidate c, long now, List<InferenceEvent> events) {
        if (config.commitPolicy() == CommitPolicy.CLOCK) {
            if (c.optional()) {
                askPromotion(c, now, events);
            }
            return;
        }
        if (c.optional()) {
            if (choices.requested() != null) {
                commit(c, choices.requested(), now, events, true);
            } else {
                askPromotion(c, now, events);
            }
            return;
        }
        countMove(c, now, events);
    }

    void askPromotion(Candidate c, long now, List<InferenceEvent> events) {
        provisional = new Provisional(c, now);
        events.add(new InferenceEvent.PromotionPending(now, c.move().to(), c.move()));
        log.info("ply {}: {} may promote; waiting for the player's choice", nextPly(), c.move());
    }

    /** A move the rules found legal is counted; an illegal one is reported once, and the board is out of step. */
    void countMove(Candidate c, long now, List<InferenceEvent> events) {
        if (c.verdict().isLegal()) {
            commit(c, null, now, events, true);
            return;
        }
        provisional = null;
        SyncState.OutOfStep out = SyncState.OutOfStep.of(agreement);
        if (out.alreadyReported(c)) {
            return;
        }
        agreement = new SyncState.OutOfStep(out.discrepancy(), c);
        events.add(new InferenceEvent.MoveCompleted(now, c.move(), c.verdict()));
        log.warn("ply {}: illegal move {} by {}: {}", nextPly(), c.move(), position().sideToMove().label(),
                c.verdict().reason());
    }

    /**
     * Plays a legal candidate, reported at the time it was made; for an optional promotion, with the choice;
     * {@code sync}: the board agrees with the game now (not for a move inside a sequence, which the next move
     * already changed).
     */
    void commit(Candidate c, PromotionChoice choice, long time, List<InferenceEvent> events, boolean sync) {
        Move move = c.optional() ? Move.of(c.move().from(), c.move().to(), choice.promotes()) : c.move();
        history.played(move);
        System.arraycopy(c.pendingAfter(), 0, pending, 0, 14);
        provisional = null;
        events.add(new InferenceEvent.MoveCompleted(time, move, Verdict.LEGAL));
        log.info("ply {}: {} played {}", history.plies(), position().sideToMove().opponent().label(), move);
        if (sync) {
            stillness = stillness.explained();
            inSync(Math.max(time, trail.last().timeMillis()), events);
        }
    }

    void takeBack(int plies, long now, List<InferenceEvent> events) {
        List<Move> undone = history.takeBack(plies);
        provisional = null;
        agreement = SyncState.Agreement.IN_STEP;
        events.add(new InferenceEvent.TakeBack(now, undone, position()));
        log.info("ply {}: takeback (待った) of {}", nextPly(), undone);
        inSync(now, events);
    }

    void reportDiscrepancy(long now, List<InferenceEvent> events) {
        InferenceEvent.Discrepancy d = FrameComparison.discrepancy(now, expected(), pending, trail.last(),
                config.sensorKind());
        SyncState.OutOfStep out = SyncState.OutOfStep.of(agreement);
        if (d.isEmpty() || out.alreadyReported(d)) {
            return;
        }
        agreement = new SyncState.OutOfStep(d, out.illegal());
        events.add(d);
        log.info("ply {}: board differs from the position: {} squares, {} slots", nextPly(), d.squares().size(),
                d.slots().size());
    }

    /** The board agrees with the game now; the changes before now belong to the moves counted. */
    void inSync(long now, List<InferenceEvent> events) {
        agrees(now, events, true);
    }

    /**
     * The board agrees with the game now. {@code forget}: the changes before now belong to the moves counted
     * (else they are kept, and later searches start from the same time as before). Nothing is held any more.
     */
    void agrees(long now, List<InferenceEvent> events, boolean forget) {
        held = null;
        if (forget) {
            // the changes that follow are those after the frame now agreed was first shown; a tick may have
            // decided later than that, and a frame the sensors debounced is stamped when its change began,
            // possibly before the tick: a reply's first change must not fall before the time the board agreed
            syncMillis = Math.min(now, trail.lastChangeMillis());
            trail.changes().clear();
        }
        choices.agreed(forget);
        FrameComparison.settlePending(expected(), pending, trail.last());
        if (agreement.outOfStep()) {
            agreement = SyncState.Agreement.IN_STEP;
            events.add(new InferenceEvent.BackInSync(now, position()));
            log.info("ply {}: board back in sync", nextPly());
        } else {
            agreement = SyncState.Agreement.IN_STEP;
        }
    }
}
