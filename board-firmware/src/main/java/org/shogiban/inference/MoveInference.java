package org.shogiban.inference;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells from debounced sensor frames and button presses what the players did: moves (with the rules' verdict),
 * takebacks, optional promotions waiting for a choice, and states no move explains. It never invents a move: a move
 * is reported only when the still board differs from the expected position by exactly what one candidate move
 * ({@link CandidateMoves}: legal or not, the rules judge it) or one sequence of moves ({@link SequenceSearch}) would
 * change, and legality is always the rules' verdict ({@link Position#verdict}, {@link Position#verdictOfDrop}).
 *
 * <p>The game's history is the {@link Game}'s ({@link FollowedGame}); what the inference reads of the board is owned
 * by one {@link InferenceState} (the sensor changes, the captured pieces not yet on their komadai, the move waiting
 * for a choice or the clock, the presses, where the board stands), made anew when it starts over. This class feeds
 * it the frames, ticks and presses; its helpers judge the still board ({@link StillBoard}), the reply
 * ({@link ReplyDetection}) and the clock presses ({@link ClockPresses}) and call the state's outcomes. Time comes
 * only from the frames' and buttons' timestamps; it never sleeps. Not thread-safe: feed it from the scan loop's
 * thread.
 */
public final class MoveInference {
    private static final Logger log = LoggerFactory.getLogger(MoveInference.class);

    private final InferenceConfig config;
    private final FollowedGame history;
    private InferenceState state;
    private ClockPresses presses;
    private ReplyDetection replies;
    private StillBoard stillBoard;
    /** The events of the tick being taken (see {@link #onTick}). */
    private final List<InferenceEvent> tickEvents = new ArrayList<>(1);

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
        state = new InferenceState(history, config);
        replies = new ReplyDetection(state);
        stillBoard = new StillBoard(state, replies);
        presses = new ClockPresses(state, stillBoard);
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
        return state.pendingCaptures();
    }

    /** Whether a discrepancy or illegal move is outstanding. */
    public boolean isOutOfSync() {
        return state.isOutOfSync();
    }

    /** Takes one debounced frame (the scan loop may send every scan or only changes) and returns what it tells. */
    public List<InferenceEvent> onFrame(SensorFrame frame) {
        followGame();
        List<InferenceEvent> events = new ArrayList<>(2);
        long now = frame.timeMillis();
        if (state.advance(frame)) {
            onChange(now, events);
        }
        checkTimers(now, events);
        return events;
    }

    /** Lets time pass without a new frame (for scan loops that send only changes). */
    public List<InferenceEvent> onTick(long timeMillis) {
        followGame();
        if (state.last() == null) {
            return List.of();
        }
        // every scan pass ticks, and almost every tick tells nothing: one list kept for them, copied when it tells
        List<InferenceEvent> events = tickEvents;
        events.clear();
        checkTimers(timeMillis, events);
        return events.isEmpty() ? List.of() : List.copyOf(events);
    }

    /** Takes a button event; only presses count. */
    public List<InferenceEvent> onButton(ButtonEvent event) {
        followGame();
        List<InferenceEvent> events = new ArrayList<>(2);
        if (!event.pressed() || state.last() == null) {
            return events;
        }
        long now = event.timeMillis();
        checkTimers(now, events);
        switch (event.button()) {
            case PROMOTE -> choose(PromotionChoice.PROMOTE, now, events);
            case CONFIRM -> choose(PromotionChoice.DECLINE, now, events);
            case CLOCK_SENTE -> presses.pressed(Side.SENTE, now, events);
            case CLOCK_GOTE -> presses.pressed(Side.GOTE, now, events);
            case ARBITER, MENU -> log.debug("ply {}: {} pressed, not the inference's business", state.nextPly(),
                    event.button());
        }
        return events;
    }

    /** The game shows what was reported (its owner recorded it), or the inference starts over from the game. */
    private void followGame() {
        if (!history.stillFollows()) {
            log.info("ply {}: the game changed; following it from its position", state.nextPly());
            startOver();
        }
    }

    // ---------------------------------------------------------------------------------------------- frames

    private void onChange(long now, List<InferenceEvent> events) {
        if (presses.onChange(now, events) || replies.onChange(now, events)) {
            return;
        }
        SensorTrail trail = state.trail();
        SensorFrame f = trail.last();
        Provisional provisional = state.provisional();
        if (provisional != null) {
            Candidate c = provisional.candidate();
            if (FrameComparison.matches(c.picture(), c.pendingAfter(), f, config.sensorKind())) {
                if (provisional.lifted()) {
                    state.provisionalLifted(false);
                    if (c.optional() && now - provisional.announcedMillis() <= config.promotionWindowMillis()) {
                        log.debug("ply {}: piece on {} lifted and put back: promotes", state.nextPly(), c.move().to());
                        if (config.commitPolicy() == CommitPolicy.STABLE) {
                            state.commit(c, PromotionChoice.PROMOTE, now, events, true);
                        } else {
                            state.provisionalChosen(PromotionChoice.PROMOTE);
                        }
                    }
                }
                return;
            }
            if (onlyTargetLifted(provisional, f)) {
                state.provisionalLifted(true);
                return;
            }
            if (provisional.lifted()) {
                log.debug("ply {}: the piece of {} moved on before a promotion choice; not counted", state.nextPly(),
                        c.move());
                state.dropProvisional();
            } else if (config.commitPolicy() == CommitPolicy.STABLE && c.optional()) {
                log.debug("ply {}: board changed while {} waited for a promotion choice: default {}",
                        state.nextPly(), c.move(), config.defaultPromotion());
                state.commit(c, state.choices().forWaiting(provisional), now, events, false);
                state.explained();
                state.inSync(trail.previousMillis(), events);
                // the change that ended the question is the reply's
                state.keepChanges(trail.previous(), List.of(f));
            } else {
                state.dropProvisional();
            }
        }
        if (state.stillAgreed(f)) {
            if (trail.changes().filledSince(expected(), state.syncMillis())) {
                // a piece was put down where the agreed position has none, and taken away again: the pictures
                // cannot tell a move undone from a move whose piece the opponent is capturing first (a dropped
                // piece taken off its square by the capturer's hand); the order of events will, so it is kept
                log.debug("ply {}: the board shows the agreed position again, after a piece put down and taken"
                        + " away; the changes since are kept", state.nextPly());
                state.agrees(now, events, false);
            } else {
                state.inSync(now, events);
            }
        }
    }

    private boolean onlyTargetLifted(Provisional p, SensorFrame f) {
        int to = p.candidate().move().to().index();
        if (f.square(to) != SquareReading.EMPTY) {
            return false;
        }
        ExpectedFrame picture = p.candidate().picture();
        for (int i = 0; i < 81; i++) {
            if (i != to && !picture.agrees(i, f.square(i), config.sensorKind())) {
                return false;
            }
        }
        return FrameComparison.slotsMatch(picture, p.candidate().pendingAfter(), f);
    }

    private void checkTimers(long now, List<InferenceEvent> events) {
        if (state.settles(now)) {
            stillBoard.evaluate(now, events);
        }
        Provisional provisional = state.provisional();
        if (provisional != null && provisional.candidate().optional() && !provisional.lifted()
                && config.commitPolicy() == CommitPolicy.STABLE
                && now - provisional.announcedMillis() >= config.promotionWindowMillis()) {
            log.debug("ply {}: no promotion choice for {} within {} ms: default {}", state.nextPly(),
                    provisional.candidate().move(), config.promotionWindowMillis(), config.defaultPromotion());
            state.commit(provisional.candidate(), state.choices().forWaiting(provisional), now, events, true);
        }
        presses.checkTimers(now, events);
        state.reportUnexplained(now, events);
    }

    // ---------------------------------------------------------------------------------------------- buttons

    private void choose(PromotionChoice choice, long now, List<InferenceEvent> events) {
        state.choices().pressed(choice, now);
        Provisional provisional = state.provisional();
        if (provisional != null && provisional.candidate().optional()) {
            if (config.commitPolicy() == CommitPolicy.STABLE) {
                state.commit(provisional.candidate(), choice, now, events, true);
            } else {
                state.provisionalChosen(choice);
            }
        } else if (!state.stillAgreed(state.last())) {
            state.choices().request(choice);
            log.debug("ply {}: {} chosen for the move in progress", state.nextPly(), choice);
        } else {
            log.debug("ply {}: {} pressed with no move in progress; ignored", state.nextPly(), choice);
        }
    }
}
