package org.shogiban.session;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.shogiban.clock.SideClock;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.MoveInference;
import org.shogiban.inference.PositionSetup;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one owner of the session's state: where the board stands ({@link BoardPhase}), what the game was asked to be
 * and is played with, the setup, the ply log (the game), the clock, what the board asks of the players, the remote
 * side, the failing devices, the last sensor frame and the input's time, and the events of the input being taken.
 * Its fields are private and change only through its named transitions:
 *
 * <pre>
 *  SETTING_UP ──startGame──▶ PLAYING ──pause──▶ PAUSED
 *      ▲                      │  ▲ ◀──resume──────┘ │
 *      │                     end reopen            end
 *      │                      ▼  │                  │
 *      └──── startSetup ───── OVER ◀────────────────┘
 *  (startSetup also from SETTING_UP: a new game asked for while setting up)
 * </pre>
 *
 * Beside the phase: {@link #play}, {@link #takeBack}, {@link #comment} and the results ({@link #resign},
 * {@link #declare}, {@link #timeUp}, {@link #abort}, {@link #adjudicate}, {@link #overrule}) go to the ply log, the
 * one writer of the game; {@link #follow} and {@link #checkPieces} decide who reads the board (the inference or the
 * players' check). The rule classes ({@link GameRules}, {@link ArbiterRulings}, {@link RemoteRulings}) read it and
 * call these transitions; the clock ({@link TurnClock}), the prompts ({@link PlayerPrompts}) and the remote side
 * ({@link RemoteMoves}) are its parts, each the one writer of its own fields. Not thread-safe.
 */
final class Match {
    private static final Logger log = LoggerFactory.getLogger(Match.class);

    /** The board's own settings: what a new game is played with where its request asks nothing else. */
    private final GameSettings boardSettings;
    private final Clock wallClock;
    private final Set<String> failing = new LinkedHashSet<>();
    private final PlayerPrompts prompts = new PlayerPrompts();
    /** A side played from elsewhere (an engine): its move waiting to be made on the board, its name, a hint. */
    private final RemoteMoves remote = new RemoteMoves();
    /** The settings of the game being set up or played: the board's, with what its request asked. */
    private GameSettings settings;
    /** What the game being set up or played was asked to be (its players, time control, start, mode). */
    private GameRequest request = GameRequest.BOARD_SETTINGS;
    /** A new game asked for during a game, waiting for the players to confirm it (MENU), or null. */
    private GameRequest confirming;
    /** The events of the input being taken. */
    private final List<BoardEvent> events = new ArrayList<>();
    private BoardPhase phase = BoardPhase.SETTING_UP;
    /** Whether an input was taken (the first one announces the setup or the resumed game). */
    private boolean begun;
    private PositionSetup setup;
    /** What the board reads from the sensors while a game is followed; null while setting up or checking pieces. */
    private MoveInference inference;
    /** The game being played or the last one; null while setting up. */
    private PlyLog plies;
    /** When the current (or last) game started; null before the first game. */
    private Instant startedAt;
    /** The game's clock, from the game's start (the last game's while setting up); null before the first game. */
    private TurnClock clock;
    private SensorFrame lastFrame;
    /** When the sensors last changed: a move under stable commit is charged up to here. */
    private long lastChangeMillis = Long.MIN_VALUE;
    /** The time of the input being handled. */
    private long inputMillis;
    /** The latest time of any input taken (times never go back; a command may carry an earlier one). */
    private long latestMillis = Long.MIN_VALUE;

    Match(GameSettings settings, Clock wallClock) {
        this.boardSettings = Objects.requireNonNull(settings, "settings");
        this.settings = settings;
        this.wallClock = Objects.requireNonNull(wallClock, "wallClock");
        this.setup = new PositionSetup(settings.start(), settings.inference());
    }

    // ------------------------------------------------------------------------------------------------ reading

    GameSettings settings() {
        return settings;
    }

    GameSettings boardSettings() {
        return boardSettings;
    }

    GameRequest request() {
        return request;
    }

    /** The new game waiting for the players' MENU, or null. */
    GameRequest confirming() {
        return confirming;
    }

    BoardPhase phase() {
        return phase;
    }

    /** Whether a game is being played or paused. */
    boolean isOn() {
        return phase == BoardPhase.PLAYING || phase == BoardPhase.PAUSED;
    }

    /** The setup of the game's start (the target while setting up). */
    PositionSetup setup() {
        return setup;
    }

    /** The inference following the game, or null while setting up or checking the pieces. */
    MoveInference inference() {
        return inference;
    }

    /** The game being played or the last one, read-only; null while no game was begun since the setup. */
    GameHistory history() {
        return plies == null ? null : plies.history();
    }

    /** Moves played in the game (0 without one). */
    int plies() {
        return plies == null ? 0 : plies.history().plies();
    }

    /** The ply log, for the projections and the record: read it; its changes go through this owner. */
    PlyLog log() {
        return plies;
    }

    Instant startedAt() {
        return startedAt;
    }

    /** The game's clock (the last game's while setting up), or null before the first game. */
    TurnClock clock() {
        return clock;
    }

    PlayerPrompts prompts() {
        return prompts;
    }

    RemoteMoves remote() {
        return remote;
    }

    Clock wallClock() {
        return wallClock;
    }

    /** The devices reported failing, in the order they failed (a read-only view). */
    Set<String> failing() {
        return Collections.unmodifiableSet(failing);
    }

    /** The last sensor frame, or null before one. */
    SensorFrame lastFrame() {
        return lastFrame;
    }

    long lastChangeMillis() {
        return lastChangeMillis;
    }

    long inputMillis() {
        return inputMillis;
    }

    /** The last frame, still, as of {@code now}. */
    SensorFrame stillFrame(long now) {
        return lastFrame.at(Math.max(now, lastFrame.timeMillis()));
    }

    /** The events of the input being taken, in order. */
    List<BoardEvent> events() {
        // the one list, emptied by each input: the change copies it (most inputs have none, and made a list each)
        return events;
    }

    // ------------------------------------------------------------------------------------------------ input

    /**
     * An input at {@code timeMillis} begins: its events start empty; the first input announces the setup or the
     * resumed game. Returns the input's time as the change carries it (never earlier than an earlier input's).
     */
    long takeInput(long timeMillis) {
        events.clear();
        inputMillis = timeMillis;
        long at = Math.max(timeMillis, latestMillis);
        latestMillis = at;
        if (!begun) {
            begun = true;
            if (plies == null) {
                emit(new BoardEvent.SetupStarted(timeMillis, settings.start()));
                log.info("set up {} to start the game", settings.start().toSfen());
            } else {
                emit(new BoardEvent.GameResumed(timeMillis, plies(), plies.history().current()));
                emit(new BoardEvent.CheckPieces(timeMillis, plies.history().current(), "the game was resumed"));
            }
        }
        return at;
    }

    /** Something happened: one event of the input being taken. */
    void emit(BoardEvent event) {
        events.add(event);
    }

    /** The sensors show a frame: the last one, and when the readings last changed. */
    void frameSeen(SensorFrame frame) {
        if (lastFrame == null || !frame.sameReadings(lastFrame)) {
            lastChangeMillis = frame.timeMillis();
        }
        lastFrame = frame;
    }

    /** A device failed or recovered; an event when that changed what is failing. */
    void fault(FaultEvent fault) {
        String device = fault.chip() + " at " + fault.address();
        boolean changed = fault.type() == FaultEvent.Type.FAILED ? failing.add(device) : failing.remove(device);
        if (changed) {
            emit(new BoardEvent.FaultChanged(fault.timeMillis(), fault));
        }
    }

    // ------------------------------------------------------------------------------------------------ requests

    /** A new game is asked for: its request, and the settings it is played with. */
    void ask(GameRequest asked) {
        confirming = null;
        request = asked;
        settings = asked.applyTo(boardSettings);
    }

    /**
     * The game being played becomes the one asked for as it stands (its moves, its clock and settings): its request
     * (the players, the side played from elsewhere) is the asked one.
     */
    void keep(GameRequest asked) {
        confirming = null;
        request = asked;
        remote.reset(asked.remote().orElse(null));
    }

    /** A new game asked for during the game waits for the players to press MENU. */
    void awaitConfirmation(GameRequest asked) {
        confirming = asked;
    }

    // ------------------------------------------------------------------------------------------------ phases

    /** SETTING_UP: the players set up the settings' start; the game, its inference and prompts are gone. */
    void startSetup(long now) {
        phase = BoardPhase.SETTING_UP;
        setup = new PositionSetup(settings.start(), settings.inference());
        prompts.clear();
        inference = null;
        plies = null;
        remote.reset(request.remote().orElse(null));
        emit(new BoardEvent.SetupStarted(now, settings.start()));
    }

    /**
     * PLAYING from the settings' start, the pieces set up: the first turn's time waits for the players, the
     * inference follows the game.
     */
    void startGame(long now) {
        begin(now);
        clock.holdFirstTurn(now);
        prompts.setupShows(null);
        log.info("game started from {}: {} to move", settings.start().toSfen(),
                settings.start().sideToMove().label());
        emit(new BoardEvent.GameStarted(now, settings.start()));
        follow();
    }

    /**
     * PLAYING at once from the settings' start, the pieces known to stand on it (a replayed trace): the first
     * mover's time runs from {@code now}, the inference follows the game.
     */
    void startPlaying(long now) {
        begun = true;
        inputMillis = now;
        begin(now);
        follow();
    }

    /** A game begins from the settings' start: a new ply log, the first mover's time running from now. */
    private void begin(long now) {
        Side first = settings.start().sideToMove();
        clock = TurnClock.start(settings.timeControl(), settings.beeps(), first, now);
        startedAt = wallClock.instant();
        plies = new PlyLog(settings.start(), startedAt, clock.of(first, now));
        phase = BoardPhase.PLAYING;
    }

    /** PAUSED: the arbiter stopped the game and the clocks (a game not being played stays as it is). */
    void pause(long now) {
        if (phase == BoardPhase.PLAYING) {
            phase = BoardPhase.PAUSED;
            clock.pause(now);
        }
    }

    /** PLAYING again after a pause: the clock runs, unless the first turn still waits for the players. */
    void resume(long now) {
        phase = BoardPhase.PLAYING;
        clock.resume(now);
    }

    /** PLAYING again after the game ended (an undo of its last move, an overruled foul). */
    void reopen() {
        phase = BoardPhase.PLAYING;
        plies.reopen();
    }

    /**
     * OVER (the result set in the game): the clock stops, nothing waits to be made or chosen, the end is written.
     */
    void end(long now) {
        if (clock != null) {
            clock.stop(Math.max(now, inputMillis));
        }
        phase = BoardPhase.OVER;
        remote.clearPending();
        prompts.promotionDropped();
        prompts.stopChecking();
        plies.end(wallClock.instant());
        GameResult result = plies.history().result();
        log.info("game over after {} plies: {} winner {}{}", plies(), result.status(),
                result.winner() == null ? "none" : result.winner().label(),
                result.reason() == null ? "" : " (" + result.reason() + " at ply " + result.ply() + ")");
        emit(new BoardEvent.GameOver(now, result));
    }

    // ------------------------------------------------------------------------------------------------ the readers

    /**
     * The inference follows the game's history from here (its start, a restart, an undo, a forgotten press): the
     * one place the session makes a {@link MoveInference}.
     */
    void follow() {
        inference = new MoveInference(plies.history(), settings.inference());
    }

    /** The players check the pieces against the game's position (after an undo or an overrule); no inference. */
    void checkPieces(long now, String why) {
        prompts.checkAgainst(plies.history().current(), settings.inference());
        inference = null;
        prompts.settled();
        emit(new BoardEvent.CheckPieces(now, plies.history().current(), why));
    }

    /** The pieces show the game's position again: the clock that waited runs, the inference follows the game. */
    void piecesChecked(long now) {
        prompts.stopChecking();
        clock.piecesChecked(now);
        follow();
        log.info("ply {}: the pieces show the game's position again", plies() + 1);
        emit(new BoardEvent.BackInSync(now));
    }

    // ------------------------------------------------------------------------------------------------ the game

    /** Plays a move as ruled (see {@link PlyLog#play}); the result after it. */
    GameResult play(Move move, Verdict verdict, Long millis, SideClock nextTurn) {
        return plies.play(move, verdict, millis, nextTurn);
    }

    /** Takes back the last moves (see {@link PlyLog#takeBack}); the clocks the turn now to play began with. */
    PlyLog.TurnClocks takeBack(int count) {
        return plies.takeBack(count);
    }

    /** The last move's time, as a late press charged it. */
    void chargeLastMove(long millis) {
        plies.setLastMillis(millis);
    }

    /** Writes a comment in the record after the last move. */
    void comment(String text) {
        plies.comment(text);
    }

    void resign(Side side) {
        plies.resign(side);
    }

    /** The side to move declares an impasse; the result. */
    GameResult declare(ImpasseRule rule) {
        return plies.declare(rule);
    }

    void timeUp(Side side) {
        plies.timeUp(side);
    }

    void abort() {
        plies.abort();
    }

    void adjudicate(GameResult ruled, String note) {
        plies.adjudicate(ruled, note);
    }

    void overrule() {
        plies.overrule();
    }

    // ------------------------------------------------------------------------------------------------ restore

    /** A fresh match sets up the game a journalled request asked for. */
    void restoreSetup(GameRequest asked) {
        request = asked;
        remote.reset(asked.remote().orElse(null));
        settings = asked.applyTo(boardSettings);
        setup = new PositionSetup(settings.start(), settings.inference());
    }

    /**
     * A fresh match goes on with a journalled game: its request and settings, the ply log and clock restored, the
     * arbiter's call as journalled, the pieces to be checked before the inference follows.
     */
    void restoreGame(GameRequest asked, GameSettings played, PlyLog log, TurnClock restoredClock, boolean paused,
                     boolean arbiterCalled, long now) {
        request = asked;
        remote.reset(asked.remote().orElse(null));
        settings = played;
        plies = log;
        startedAt = log.startedAt();
        prompts.arbiterCalled(arbiterCalled);
        phase = paused ? BoardPhase.PAUSED : BoardPhase.PLAYING;
        inputMillis = now;
        clock = restoredClock;
        prompts.checkAgainst(log.history().current(), settings.inference());
    }
}
