package org.shogiban.session;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.shogiban.clock.ClockState;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.MoveInference;
import org.shogiban.inference.PositionSetup;
import org.shogiban.inference.SetupStatus;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game on the board, start to result, as a pure state machine: it takes {@link SessionInput}s (sensor frames,
 * buttons, faults, ticks, commands), each with its time, and returns what happened as one {@link SessionChange}. No
 * threads, no I/O, no sleeping; the runtime feeds it from one thread and passes the change to its stages.
 *
 * <p>What it holds, each part with one owner: the phase and the setup here; what was played in the {@link PlyLog}
 * (the {@link Game}, its result, and per ply the time, comments and turn clock); the clock in the {@link TurnClock};
 * what the board asks of the players in the {@link PlayerPrompts}. {@link GameRules} rules on what the inference
 * reports and on the players' and the arbiter's acts; {@link SessionProjection} makes the view, the snapshot and the
 * journalled state; {@link SessionRestore} makes a session from a journalled state. Not thread-safe.
 */
public final class GameSession {
    private static final Logger log = LoggerFactory.getLogger(GameSession.class);

    /** The board's own settings: what a new game is played with where its request asks nothing else. */
    private final GameSettings boardSettings;
    /** The settings of the game being set up or played: the board's, with what its request asked. */
    GameSettings settings;
    /** What the game being set up or played was asked to be (its players, time control, start, mode). */
    GameRequest request = GameRequest.BOARD_SETTINGS;
    final Clock wallClock;
    final Set<String> failing = new LinkedHashSet<>();
    final PlayerPrompts prompts = new PlayerPrompts();
    /** A new game asked for during a game, waiting for the players to confirm it (MENU), or null. */
    GameRequest confirming;
    /** A side played from elsewhere (an engine): its move waiting to be made on the board, its name, a hint. */
    final RemoteMoves remote = new RemoteMoves();
    /** The events of the input being taken. */
    List<BoardEvent> out = new ArrayList<>();

    BoardPhase phase = BoardPhase.SETTING_UP;
    private boolean begun;
    PositionSetup setup;
    /** What the board reads from the sensors while a game is followed; null while setting up or checking pieces. */
    MoveInference inference;
    /** The game being played or the last one; null while setting up. */
    PlyLog plies;
    /** When the current (or last) game started; null before the first game. */
    Instant startedAt;
    /** The game's clock, from the game's start (the last game's while setting up); null before the first game. */
    TurnClock clock;
    SensorFrame lastFrame;
    /** When the sensors last changed: a move under stable commit is charged up to here. */
    long lastChangeMillis = Long.MIN_VALUE;
    /** The time of the input being handled. */
    long inputMillis;
    /** The latest time of any input taken (times never go back; a command may carry an earlier one). */
    private long latestMillis = Long.MIN_VALUE;
    private final GameRules rules = new GameRules(this);
    private SessionChange lastChange;

    /**
     * @param settings the start position, how moves are read, the illegal-move policy and the declaration rule
     * @param wallClock the calendar time written in the record (a fixed clock in tests)
     */
    public GameSession(GameSettings settings, Clock wallClock) {
        this.boardSettings = Objects.requireNonNull(settings, "settings");
        this.settings = settings;
        this.wallClock = Objects.requireNonNull(wallClock, "wallClock");
        this.setup = new PositionSetup(settings.start(), settings.inference());
    }

    /**
     * A session whose game starts at once from the settings' start, the pieces known to stand on it (a replayed
     * trace starts so): no setup phase, the first mover's time runs from {@code nowMillis}.
     */
    public static GameSession playing(GameSettings settings, Clock wallClock, long nowMillis) {
        GameSession s = new GameSession(settings, wallClock);
        s.begun = true;
        s.inputMillis = nowMillis;
        s.begin(nowMillis);
        s.follow();
        return s;
    }

    /**
     * A session setting up the game a journalled request asked for (the board stopped before the pieces stood on
     * the start): the same players, time control, start and mode; the board's settings for the rest.
     */
    public static GameSession settingUp(GameSettings settings, Clock wallClock, SessionState state) {
        return SessionRestore.settingUp(new GameSession(settings, wallClock), state);
    }

    /**
     * A session that goes on with a journalled game: the same moves, record times and comments, the clocks as
     * journalled (the time the board was off is not charged). The players first check the pieces: the clocks wait
     * until the board shows the position. The journalled time control and mode win over the settings' for this
     * game; the players' names and what the game was asked to be come back with it.
     *
     * @throws IllegalArgumentException when the state is not a game in progress or its moves do not replay
     */
    public static GameSession resume(GameSettings settings, Clock wallClock, SessionState state, long nowMillis) {
        return SessionRestore.resume(new GameSession(settings, wallClock), state, nowMillis);
    }

    /** The settings the game being set up or played (or the last one) is played with. */
    public GameSettings settings() {
        return settings;
    }

    /** The board's own settings, which a new game keeps for what its request does not ask. */
    public GameSettings boardSettings() {
        return boardSettings;
    }

    /** The players' names of the game being set up or played (null where none was given). */
    public GameRequest.Players players() {
        return remote.names(request.players());
    }

    /** Who plays from elsewhere in the game being set up or played, and its move waiting to be made. */
    public RemoteMoves remote() {
        return remote;
    }

    /** Where the board stands. */
    public BoardPhase phase() {
        return phase;
    }

    /**
     * The game being played or last played; empty while a setup is under way. Read it only: the session plays, takes
     * back and ends the game.
     */
    public Optional<Game> game() {
        return Optional.ofNullable(plies).map(PlyLog::game);
    }

    /** The result (ONGOING while the game is on or not started). */
    public GameResult result() {
        return plies == null ? GameResult.ONGOING : plies.game().result();
    }

    /** When the current (or last) game started, in calendar time; null before the first game. */
    public Instant startedAt() {
        return startedAt;
    }

    /** The calendar time zone of the records. */
    public ZoneId zone() {
        return wallClock.getZone();
    }

    /** Hardware reported failing, as {@code chip at address}. */
    public Set<String> failingDevices() {
        return Set.copyOf(failing);
    }

    // ------------------------------------------------------------------------------------------------ input

    /**
     * Takes one input and returns what it changed, built once: the events in order (often none), and the view,
     * snapshot, state and record as the input left them. Times must never go back.
     */
    public SessionChange accept(SessionInput input) {
        out = new ArrayList<>(2);
        inputMillis = input.timeMillis();
        long at = Math.max(input.timeMillis(), latestMillis);
        latestMillis = at;
        if (!begun) {
            begun = true;
            if (plies == null) {
                out.add(new BoardEvent.SetupStarted(input.timeMillis(), settings.start()));
                log.info("set up {} to start the game", settings.start().toSfen());
            } else {
                out.add(new BoardEvent.GameResumed(input.timeMillis(), plies.game().plies(),
                        plies.game().current()));
                out.add(new BoardEvent.CheckPieces(input.timeMillis(), plies.game().current(),
                        "the game was resumed"));
            }
        }
        switch (input) {
            case SessionInput.Frame f -> onFrame(f.frame());
            case SessionInput.Press p -> onButton(p.event());
            case SessionInput.Fault f -> onFault(f.fault());
            case SessionInput.Tick t -> onTick(t.timeMillis());
            case SessionInput.Command c -> onCommand(c);
        }
        BoardView view = view();
        if (out.isEmpty() && lastChange != null) {
            lastChange = lastChange.quiet(view, at);
        } else {
            BoardFacts facts = SessionProjection.facts(this, view, at);
            lastChange = new SessionChange(out, view, facts, BoardSnapshot.of(facts),
                    SessionProjection.state(this, at), record(), clockState(at), at);
        }
        return lastChange;
    }

    void onFrame(SensorFrame frame) {
        if (lastFrame == null || !frame.sameReadings(lastFrame)) {
            lastChangeMillis = frame.timeMillis();
        }
        lastFrame = frame;
        switch (phase) {
            case SETTING_UP -> onSetupFrame(frame);
            case PLAYING -> {
                if (prompts.checking()) {
                    onGuideFrame(frame);
                } else {
                    rules.handle(inference.onFrame(frame));
                }
            }
            case PAUSED, OVER -> {
                // paused: nothing on the board counts until the game resumes; over: the pieces may be put away
            }
        }
    }

    private void onTick(long now) {
        if (phase == BoardPhase.SETTING_UP && lastFrame != null && !setup.isReady()) {
            // the scan loop publishes changes only: show the setup the still board again, later
            onSetupFrame(stillFrame(now));
        } else if (phase == BoardPhase.PLAYING) {
            if (prompts.checking()) {
                if (lastFrame != null) {
                    onGuideFrame(stillFrame(now));
                }
            } else {
                rules.handle(inference.onTick(now));
            }
            if (phase == BoardPhase.PLAYING) {
                rules.tickClock(now);
            }
        }
    }

    SensorFrame stillFrame(long now) {
        return lastFrame.at(Math.max(now, lastFrame.timeMillis()));
    }

    private void onButton(ButtonEvent event) {
        boolean following = phase == BoardPhase.PLAYING && !prompts.checking();
        if (!event.pressed()) {
            if (following) {
                rules.handle(inference.onButton(event));
            }
            return;
        }
        long now = event.timeMillis();
        switch (event.button()) {
            case RESIGN_SENTE -> rules.resign(Side.SENTE, now);
            case RESIGN_GOTE -> rules.resign(Side.GOTE, now);
            case DECLARE -> rules.declare(now);
            case ARBITER -> rules.callArbiter(now, "the arbiter button was pressed");
            case MENU -> {
                if (remote.player() != null && remote.player().isSeeking()) {
                    cancelSeek(now);
                } else if (confirming != null && rules.isOn()) {
                    log.info("menu pressed: the players confirm the new game asked for");
                    newGame(now, confirming);
                } else if (phase == BoardPhase.OVER) {
                    log.info("menu pressed after the game: set up the next game");
                    if (request.remote().filter(RemotePlayer::isOnline).isPresent()) {
                        // the site's game is over: the next game is the board's own unless the site gives another
                        request = GameRequest.BOARD_SETTINGS;
                        settings = boardSettings;
                    }
                    startSetup(now);
                } else {
                    log.debug("menu pressed in phase {}; ignored", phase);
                }
            }
            case CLOCK_SENTE, CLOCK_GOTE -> {
                if (following) {
                    rules.clockPressed(event);
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
            case PROMOTE, CONFIRM -> {
                if (following) {
                    rules.handle(inference.onButton(event));
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
        }
    }

    void onFault(FaultEvent fault) {
        String device = fault.chip() + " at " + fault.address();
        boolean changed = fault.type() == FaultEvent.Type.FAILED ? failing.add(device) : failing.remove(device);
        if (changed) {
            out.add(new BoardEvent.FaultChanged(fault.timeMillis(), fault));
        }
    }

    private void onCommand(SessionInput.Command command) {
        long now = command.timeMillis();
        switch (command) {
            case SessionInput.Resign r -> rules.resign(r.side(), now);
            case SessionInput.Declare d -> rules.declare(now);
            case SessionInput.NewGame n -> newGame(now, n.request());
            case SessionInput.Remote r -> rules.onRemote(r);
            case SessionInput.Arbiter a -> rules.onArbiter(a);
        }
    }

    // ------------------------------------------------------------------------------------------------ setup

    private void newGame(long now, GameRequest asked) {
        if (rules.isOn()) {
            if (asked.whilePlaying() == GameRequest.WhilePlaying.REFUSE) {
                rules.refuse(now, "new game", "a game is being played; it must end first");
                return;
            }
            if (asked.whilePlaying() == GameRequest.WhilePlaying.CONFIRM && plies.game().plies() > 0) {
                confirming = asked;
                log.info("a new game is asked for during the game: waiting for the players to press MENU");
                out.add(new BoardEvent.CheckPieces(now, plies.game().current(),
                        "a new game is asked for: press MENU to end this game and set up the new one"));
                return;
            }
            plies.game().abort();
            rules.finish(now);
        }
        confirming = null;
        if (asked.remote().filter(RemotePlayer::isSeeking).isPresent()) {
            // the site looks for an opponent; the board stays as it is until the site gives the game
            remote.reset(asked.remote().get());
            OnlineSeat seek = asked.remote().get().online();
            log.info("seeking an opponent on {}", seek.site());
            out.add(new BoardEvent.OnlineSeeking(now, true, seek.site(), seek.user()));
            return;
        }
        request = asked;
        settings = asked.applyTo(boardSettings);
        log.info("new game asked: {} mode, time {}, start {}, players {} / {}", PlayMode.of(settings).label(),
                settings.timeControl().spec(), settings.start().toSfen(), players().sente(), players().gote());
        startSetup(now);
    }

    void startSetup(long now) {
        phase = BoardPhase.SETTING_UP;
        setup = new PositionSetup(settings.start(), settings.inference());
        prompts.clear();
        inference = null;
        plies = null;
        remote.reset(request.remote().orElse(null));
        out.add(new BoardEvent.SetupStarted(now, settings.start()));
        if (lastFrame != null) {
            onSetupFrame(stillFrame(now));
        }
    }

    /** The seek for an opponent on a site is given up (MENU): the board goes on with what it was doing. */
    private void cancelSeek(long now) {
        log.info("menu pressed: the seek for an opponent is cancelled");
        out.add(new BoardEvent.OnlineSeeking(now, false, remote.player().online().site(),
                remote.player().online().user()));
        remote.reset(request.remote().orElse(null));
        if (phase == BoardPhase.SETTING_UP && lastFrame != null) {
            onSetupFrame(stillFrame(now));
        }
    }

    private void onSetupFrame(SensorFrame frame) {
        SetupStatus status = setup.onFrame(frame);
        prompts.setupShows(status);
        if (status.ready() && !(remote.player() != null && remote.player().isSeeking())) {
            startGame(frame.timeMillis());
        }
    }

    private void startGame(long now) {
        begin(now);
        clock.holdFirstTurn(now);
        prompts.setupShows(null);
        log.info("game started from {}: {} to move", settings.start().toSfen(),
                settings.start().sideToMove().label());
        out.add(new BoardEvent.GameStarted(now, settings.start()));
        follow();
        rules.handle(inference.onFrame(stillFrame(now)));
        if (result().isOver() && phase == BoardPhase.PLAYING) {
            rules.finish(now);
        }
    }

    /** A game begins from the settings' start: a new ply log, the first mover's time running from now. */
    private void begin(long now) {
        Side first = settings.start().sideToMove();
        clock = TurnClock.start(settings.timeControl(), settings.beeps(), first, now);
        startedAt = wallClock.instant();
        plies = new PlyLog(settings.start(), startedAt, clock.of(first, now));
        phase = BoardPhase.PLAYING;
    }

    /**
     * The inference follows the game's history from here (its start, a restart, an undo, a forgotten press): the
     * one place the session makes a {@link MoveInference}.
     */
    void follow() {
        inference = new MoveInference(plies.game(), settings.inference());
    }

    /** Compares the pieces with the game's position until they match, then follows the game again. */
    void onGuideFrame(SensorFrame frame) {
        if (prompts.check(frame).ready()) {
            prompts.stopChecking();
            clock.piecesChecked(frame.timeMillis());
            follow();
            log.info("ply {}: the pieces show the game's position again", plies.game().plies() + 1);
            out.add(new BoardEvent.BackInSync(frame.timeMillis()));
            rules.handle(inference.onFrame(frame));
        }
    }

    /** The players check the pieces against the game's position (after an undo or an overrule). */
    void startGuide(long now, String why) {
        prompts.checkAgainst(plies.game().current(), settings.inference());
        inference = null;
        prompts.settled();
        out.add(new BoardEvent.CheckPieces(now, plies.game().current(), why));
        if (lastFrame != null && phase == BoardPhase.PLAYING) {
            onGuideFrame(stillFrame(now));
        }
    }

    // ------------------------------------------------------------------------------------------------ views

    /** The record of the game so far (its end once it is over); null while no game is played or over. */
    public GameRecord record() {
        if (plies == null) {
            return null;
        }
        GameRecord r = plies.record(players(), settings.timeControl(), zone());
        OnlineSeat site = request.remote().map(RemotePlayer::online).orElse(null);
        return site == null ? r : new GameRecord(r.start(), site.header(r.header()), r.startComments(), r.recordedMoves(),
                r.end());
    }

    /** What the board shows now, for the LEDs, a UI or a test. */
    public BoardView view() {
        return SessionProjection.view(this);
    }

    /** The board's state as of {@code nowMillis}, the one JSON snapshot (see {@link BoardSnapshot}). */
    public BoardSnapshot snapshot(long nowMillis) {
        return SessionProjection.snapshot(this, view(), nowMillis);
    }

    /** The board's typed facts as of {@code nowMillis} (see {@link BoardFacts}). */
    public BoardFacts facts(long nowMillis) {
        return SessionProjection.facts(this, view(), nowMillis);
    }

    /**
     * What the journal keeps: the whole state after the last change, the clocks as of {@code nowMillis} (the turn
     * in progress charged up to then).
     */
    public SessionState state(long nowMillis) {
        return SessionProjection.state(this, nowMillis);
    }

    /**
     * Whether a change on the board may complete a move within {@code windowMillis} after {@code nowMillis} (its
     * settle time ends then): the runtime keeps slow work (a clock checkpoint's fsync) out of the way of that move's
     * acknowledgement.
     */
    public boolean moveMaySettleWithin(long nowMillis, long windowMillis) {
        if (phase != BoardPhase.PLAYING || lastChangeMillis == Long.MIN_VALUE) {
            return false;
        }
        long settlesAt = lastChangeMillis + settings.inference().settleMillis();
        return settlesAt >= nowMillis && settlesAt - nowMillis <= windowMillis;
    }

    /** Both clocks as of a time (no earlier than the last input); null before the first game. */
    public ClockState clockState(long nowMillis) {
        return clock == null ? null : clock.state(Math.max(nowMillis, inputMillis));
    }

    /** What a player's clock display shows as of a time; null before the first game. */
    public ClockFace face(Side side, long nowMillis) {
        return clock == null ? null : clock.face(side, Math.max(nowMillis, inputMillis));
    }

    /** The position the board should show: the setup's target or the game's position. */
    public Position position() {
        return plies == null || phase == BoardPhase.SETTING_UP ? setup.target() : plies.game().current();
    }
}
