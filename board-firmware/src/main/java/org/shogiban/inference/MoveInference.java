package org.shogiban.inference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells from debounced sensor frames and button presses what the players did: moves (with the rules' verdict),
 * takebacks, optional promotions waiting for a choice, and states no move explains. It never invents a move: a move
 * is reported only when the still board differs from the expected position by exactly what one candidate move
 * ({@link CandidateMoves}: legal or not, the rules judge it) or one sequence of moves ({@link SequenceSearch}) would
 * change, and legality is always the rules' verdict ({@link Position#verdict}, {@link Position#verdictOfDrop}).
 *
 * <p>The game's history is the {@link Game}'s ({@link FollowedGame}); the inference keeps only what is its own: the
 * sensor changes ({@link SensorTrail}), the captured pieces not yet on their komadai, the move waiting for a choice
 * or the clock, the presses ({@link PromotionChoices}, {@link ClockPresses}), the reply being detected
 * ({@link ReplyDetection}) and where the board stands ({@link SyncState}). Time comes only from the frames' and
 * buttons' timestamps; it never sleeps. Not thread-safe: feed it from the scan loop's thread.
 */
public final class MoveInference {
    private static final Logger log = LoggerFactory.getLogger(MoveInference.class);

    private final InferenceConfig config;
    private final FollowedGame history;
    /** Captured pieces owed to each of the 14 komadai slots: taken, but still in a hand or at the board's edge. */
    private final int[] pending = new int[14];
    private SensorTrail trail;
    private CandidateMoves candidates;
    private SequenceSearch sequences;
    private PromotionChoices choices;
    private ClockPresses presses;
    private ReplyDetection replies;
    private StillBoard stillBoard;
    /** When the board last agreed with the game: the changes from then on belong to the moves not counted yet. */
    private long syncMillis;
    private SyncState.Stillness stillness;
    private SyncState.Agreement agreement;
    /** The move seen on a still board but not yet counted: waiting for a promotion choice or the clock. */
    private Provisional provisional;

    /**
     * Starts following a game from a position (after {@link PositionSetup} saw it on the board), recording the moves
     * it sees in a game of its own ({@link #game()}).
     */
    public MoveInference(Position start, InferenceConfig config) {
        this(FollowedGame.recording(new Game(start)), config);
    }

    /**
     * Follows a game its owner records: the inference reads the agreed position and the recent ones from it, and
     * reports what it sees; the owner plays the legal moves and the takebacks reported into the game. When the game
     * changes otherwise between two inputs (an arbiter's undo, moves played by the owner) the inference starts over
     * from the game's position, every captured piece expected on its komadai.
     */
    public MoveInference(GameHistory game, InferenceConfig config) {
        this(FollowedGame.following(game), config);
    }

    private MoveInference(FollowedGame history, InferenceConfig config) {
        this.config = config;
        this.history = history;
        startOver();
    }

    /** Forgets everything of its own: the board is expected to show the game's position. */
    private void startOver() {
        Arrays.fill(pending, 0);
        trail = new SensorTrail();
        candidates = new CandidateMoves(config.sensorKind(), trail.touches);
        sequences = new SequenceSearch(trail.changes, config.sensorKind(), candidates::at);
        choices = new PromotionChoices(config.defaultPromotion());
        presses = new ClockPresses(this);
        replies = new ReplyDetection(this);
        stillBoard = new StillBoard(this);
        syncMillis = Long.MIN_VALUE;
        stillness = SyncState.Stillness.CHANGING;
        agreement = SyncState.Agreement.IN_STEP;
        provisional = null;
    }

    /**
     * The owner replaced its game by another with the same history (a foul overruled): the inference keeps its
     * state and follows the new one; with another history it starts over from it.
     */
    public void follow(GameHistory game) {
        if (!history.follow(game)) {
            startOver();
        }
    }

    public InferenceConfig config() {
        return config;
    }

    /** The game followed, read-only: the record of the moves (the inference's own when it records them). */
    public GameHistory game() {
        return history.game();
    }

    /** The position the board should show. */
    public Position position() {
        return history.current();
    }

    /** The start position. */
    public Position start() {
        return history.start();
    }

    /** The moves agreed so far, in order (those reported and not yet recorded by the game's owner included). */
    public List<Move> moves() {
        return history.moves();
    }

    /** What the sensors should read now. */
    public ExpectedFrame expected() {
        return history.picture();
    }

    /** Captured pieces not yet on the komadai, per slot index (sente's 7 then gote's). */
    public int[] pendingCaptures() {
        return pending.clone();
    }

    /** Whether a discrepancy or illegal move is outstanding. */
    public boolean isOutOfSync() {
        return agreement.outOfStep();
    }

    /** Takes one debounced frame (the scan loop may send every scan or only changes) and returns what it tells. */
    public List<InferenceEvent> onFrame(SensorFrame frame) {
        followGame();
        List<InferenceEvent> events = new ArrayList<>(2);
        long now = frame.timeMillis();
        if (trail.advance(frame)) {
            stillness = SyncState.Stillness.CHANGING;
            onChange(now, events);
        }
        checkTimers(now, events);
        return events;
    }

    /** Lets time pass without a new frame (for scan loops that send only changes). */
    public List<InferenceEvent> onTick(long timeMillis) {
        followGame();
        List<InferenceEvent> events = new ArrayList<>(1);
        if (trail.last != null) {
            checkTimers(timeMillis, events);
        }
        return events;
    }

    /** Takes a button event; only presses count. */
    public List<InferenceEvent> onButton(ButtonEvent event) {
        followGame();
        List<InferenceEvent> events = new ArrayList<>(2);
        if (!event.pressed() || trail.last == null) {
            return events;
        }
        long now = event.timeMillis();
        checkTimers(now, events);
        switch (event.button()) {
            case PROMOTE -> choose(PromotionChoice.PROMOTE, now, events);
            case CONFIRM -> choose(PromotionChoice.DECLINE, now, events);
            case CLOCK_SENTE -> presses.pressed(Side.SENTE, now, events);
            case CLOCK_GOTE -> presses.pressed(Side.GOTE, now, events);
            case ARBITER, MENU -> log.debug("ply {}: {} pressed, not the inference's business", nextPly(),
                    event.button());
        }
        return events;
    }

    /** The game shows what was reported (its owner recorded it), or the inference starts over from the game. */
    private void followGame() {
        if (!history.stillFollows()) {
            log.info("ply {}: the game changed; following it from its position", nextPly());
            startOver();
        }
    }

    // ---------------------------------------------------------------------------------------------- frames

    private void onChange(long now, List<InferenceEvent> events) {
        if (presses.onChange(now, events) || replies.onChange(now, events)) {
            return;
        }
        SensorFrame f = trail.last;
        if (provisional != null) {
            Candidate c = provisional.candidate;
            if (FrameComparison.matches(c.picture(), c.pendingAfter(), f, config.sensorKind())) {
                if (provisional.lifted) {
                    provisional.lifted = false;
                    if (c.optional() && now - provisional.announcedMillis <= config.promotionWindowMillis()) {
                        log.debug("ply {}: piece on {} lifted and put back: promotes", nextPly(), c.move().to());
                        if (config.commitPolicy() == CommitPolicy.STABLE) {
                            commit(c, PromotionChoice.PROMOTE, now, events, true);
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
                log.debug("ply {}: the piece of {} moved on before a promotion choice; not counted", nextPly(),
                        c.move());
                provisional = null;
            } else if (config.commitPolicy() == CommitPolicy.STABLE && c.optional()) {
                log.debug("ply {}: board changed while {} waited for a promotion choice: default {}", nextPly(),
                        c.move(), config.defaultPromotion());
                commit(c, choices.forWaiting(provisional), now, events, false);
                stillness = stillness.explained();
                inSync(trail.previousMillis, events);
                trail.changes.record(trail.previous, f, now); // the change that ended the question is the reply's
            } else {
                provisional = null;
            }
        }
        if (stillAgreed(f)) {
            if (trail.changes.filledSince(expected(), syncMillis)) {
                // a piece was put down where the agreed position has none, and taken away again: the pictures
                // cannot tell a move undone from a move whose piece the opponent is capturing first (a dropped
                // piece taken off its square by the capturer's hand); the order of events will, so it is kept
                log.debug("ply {}: the board shows the agreed position again, after a piece put down and taken"
                        + " away; the changes since are kept", nextPly());
                agrees(now, events, false);
            } else {
                inSync(now, events);
            }
        }
    }

    private boolean onlyTargetLifted(Provisional p, SensorFrame f) {
        int to = p.candidate.move().to().index();
        if (f.square(to) != SquareReading.EMPTY) {
            return false;
        }
        ExpectedFrame picture = p.candidate.picture();
        for (int i = 0; i < 81; i++) {
            if (i != to && !picture.agrees(i, f.square(i), config.sensorKind())) {
                return false;
            }
        }
        return FrameComparison.slotsMatch(picture, p.candidate.pendingAfter(), f);
    }

    private void checkTimers(long now, List<InferenceEvent> events) {
        long still = now - trail.lastChangeMillis;
        if (stillness == SyncState.Stillness.CHANGING && still >= config.settleMillis()) {
            stillness = SyncState.Stillness.SETTLED;
            stillBoard.evaluate(now, events);
        }
        if (provisional != null && provisional.candidate.optional() && !provisional.lifted
                && config.commitPolicy() == CommitPolicy.STABLE
                && now - provisional.announcedMillis >= config.promotionWindowMillis()) {
            log.debug("ply {}: no promotion choice for {} within {} ms: default {}", nextPly(),
                    provisional.candidate.move(), config.promotionWindowMillis(), config.defaultPromotion());
            commit(provisional.candidate, choices.forWaiting(provisional), now, events, true);
        }
        presses.checkTimers(now, events);
        if (stillness == SyncState.Stillness.UNEXPLAINED && still >= config.discrepancyMillis()) {
            stillness = SyncState.Stillness.REPORTED;
            reportDiscrepancy(now, events);
        }
    }

    // ---------------------------------------------------------------------------------------------- buttons

    private void choose(PromotionChoice choice, long now, List<InferenceEvent> events) {
        choices.pressed(choice, now);
        if (provisional != null && provisional.candidate.optional()) {
            if (config.commitPolicy() == CommitPolicy.STABLE) {
                commit(provisional.candidate, choice, now, events, true);
            } else {
                provisional.choice = choice;
            }
        } else if (!stillAgreed(trail.last)) {
            choices.request(choice);
            log.debug("ply {}: {} chosen for the move in progress", nextPly(), choice);
        } else {
            log.debug("ply {}: {} pressed with no move in progress; ignored", nextPly(), choice);
        }
    }

    // --------------------------------------------------------------------------------------------- outcomes

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
            inSync(Math.max(time, trail.last.timeMillis()), events);
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
        InferenceEvent.Discrepancy d = FrameComparison.discrepancy(now, expected(), pending, trail.last,
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

    void inSync(long now, List<InferenceEvent> events) {
        agrees(now, events, true);
    }

    /**
     * The board agrees with the game now. {@code forget}: the changes before now belong to the moves counted
     * (else they are kept, and later searches start from the same time as before).
     */
    private void agrees(long now, List<InferenceEvent> events, boolean forget) {
        replies.agreed();
        if (forget) {
            // the changes that follow are those after the frame now agreed was first shown; a tick may have
            // decided later than that, and a frame the sensors debounced is stamped when its change began,
            // possibly before the tick: a reply's first change must not fall before the time the board agreed
            syncMillis = Math.min(now, trail.lastChangeMillis);
            trail.changes.clear();
        }
        choices.agreed(forget);
        FrameComparison.settlePending(expected(), pending, trail.last);
        if (agreement.outOfStep()) {
            agreement = SyncState.Agreement.IN_STEP;
            events.add(new InferenceEvent.BackInSync(now, position()));
            log.info("ply {}: board back in sync", nextPly());
        } else {
            agreement = SyncState.Agreement.IN_STEP;
        }
    }

    // ---------------------------------------------------------------------------------- for the collaborators

    int nextPly() {
        return history.plies() + 1;
    }

    SensorTrail trail() {
        return trail;
    }

    PromotionChoices choices() {
        return choices;
    }

    SequenceSearch sequences() {
        return sequences;
    }

    ReplyDetection replies() {
        return replies;
    }

    FollowedGame history() {
        return history;
    }

    Provisional provisional() {
        return provisional;
    }

    /** The captured pieces owed to each komadai slot (the inference's own array). */
    int[] owed() {
        return pending;
    }

    long syncMillis() {
        return syncMillis;
    }

    /**
     * The moves counted so far agree with the board as it was at a time, though the board shows more (a move
     * waiting for a promotion choice, an illegal move to be put right, the reply's changes): later searches start
     * from there, with the changes since.
     */
    void agreedFrom(long millis) {
        syncMillis = millis;
    }

    void unexplained() {
        stillness = stillness.unexplained();
    }

    void explained() {
        stillness = stillness.explained();
    }

    StillBoard stillBoard() {
        return stillBoard;
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
}
