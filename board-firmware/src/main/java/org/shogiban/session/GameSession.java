package org.shogiban.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.shogiban.clock.ByoyomiClock;
import org.shogiban.clock.ClockSignal;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.ClockSwitch;
import org.shogiban.clock.SideClock;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.MoveInference;
import org.shogiban.inference.PositionSetup;
import org.shogiban.inference.SetupStatus;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game on the board, start to result, as a pure state machine: it takes {@link SessionInput}s (sensor frames,
 * buttons, faults, ticks, commands), each with its time, and returns what happened as {@link BoardEvent}s. No threads,
 * no I/O, no sleeping; the runtime feeds it from one thread and passes the events to its listeners.
 *
 * <p>It owns the game: the phase, the setup, the history ({@link Game}, which the {@link MoveInference} follows and is
 * restarted from when the arbiter changes it), the result, the times and comments of the record. What the
 * inference reports is ruled on here:
 * <ul>
 *   <li>a legal move is played; checkmate, no legal move, sennichite and perpetual check end the game;
 *   <li>an illegal move loses under {@link IllegalMovePolicy#LOSS} (and calls the arbiter), or waits for the pieces
 *       to be put back under {@link IllegalMovePolicy#PUT_BACK};
 *   <li>a takeback (待った) takes the undone moves back in the game;
 *   <li>a discrepancy lights the wrong squares and slots until the board is back in sync.
 * </ul>
 * Players resign on their own button at any time, the side to move declares an impasse, and the arbiter pauses,
 * resumes, sets a result, undoes the last move, overrules a foul or aborts; each arbiter action is written into the
 * record as a comment with the wall time. Not thread-safe.
 */
public final class GameSession {
    private static final Logger log = LoggerFactory.getLogger(GameSession.class);
    private static final DateTimeFormatter KIF_TIME = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");
    private static final DateTimeFormatter GAME_ID = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");
    private static final DateTimeFormatter COMMENT_TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    /** The board's own settings: what a new game is played with where its request asks nothing else. */
    private final GameSettings boardSettings;
    /** The settings of the game being set up or played: the board's, with what its request asked. */
    private GameSettings settings;
    /** What the game being set up or played was asked to be (its players, time control, start, mode). */
    private GameRequest request = GameRequest.BOARD_SETTINGS;
    private final Clock wallClock;
    private final Set<String> failing = new LinkedHashSet<>();
    /** A side played from elsewhere (an engine): its move waiting to be made on the board, its name, a hint. */
    private final RemoteMoves remote = new RemoteMoves();
    private List<BoardEvent> out = new ArrayList<>();

    private BoardPhase phase = BoardPhase.SETTING_UP;
    private boolean begun;
    private PositionSetup setup;
    private SetupStatus setupStatus;
    /** While not null, the pieces are being checked against the game's position (after an undo or a restart). */
    private PositionSetup guide;
    private SetupStatus guideStatus;
    private MoveInference inference;
    private Game game;
    private GameResult result = GameResult.ONGOING;
    /** The arbiter's words on a result they set, or null. */
    private String resultNote;
    private SensorFrame lastFrame;
    private InferenceEvent.Discrepancy discrepancy;
    private Move illegalMove;
    private Square promotionSquare;
    private boolean arbiterCalled;
    /** After an overrule, the foul's pieces are put back: an illegal move is signalled, not ruled, until in sync. */
    private boolean puttingBack;
    private final List<Long> moveMillis = new ArrayList<>();
    private final List<List<String>> moveComments = new ArrayList<>();
    private final List<String> startComments = new ArrayList<>();
    /**
     * Per ply, the clock of the side to move when that ply's turn began (null when not known): one more than the
     * moves played while a game is on. An undo or a takeback puts the clocks back from here.
     */
    private final List<SideClock> turnClocks = new ArrayList<>();
    private long turnStartMillis;
    private Instant gameStartWall;
    private Instant gameEndWall;
    /** The game's clock, from the game's start; null before the first game. */
    private ByoyomiClock clock;
    /** Whose time the session last made run (null: none); the clock's own view may have run out since. */
    private Side clockRunning;
    /** When the sensors last changed: a move under stable commit is charged up to here. */
    private long lastChangeMillis = Long.MIN_VALUE;
    /** The time of the input being handled. */
    private long inputMillis;
    /** A game resumed from the journal: its clock waits (paused) until the pieces are checked. */
    private boolean clockWaitsForCheck;

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
        s.inference = new MoveInference(settings.start(), settings.inference());
        s.game = new Game(settings.start());
        s.result = s.game.result();
        s.phase = BoardPhase.PLAYING;
        s.turnStartMillis = nowMillis;
        s.gameStartWall = wallClock.instant();
        s.clock = new ByoyomiClock(settings.timeControl(), settings.beeps());
        s.clock.start(settings.start().sideToMove(), nowMillis);
        s.clockRunning = settings.start().sideToMove();
        s.turnClocks.add(s.clock.state(nowMillis).of(s.clockRunning));
        return s;
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

    /** The game being played or last played; empty while the first setup is under way. */
    public Optional<Game> game() {
        return Optional.ofNullable(game);
    }

    /** The result (ONGOING while the game is on or not started). */
    public GameResult result() {
        return result;
    }

    /** The arbiter's reason for a result they set, or null. */
    public String resultNote() {
        return resultNote;
    }

    /** When the current (or last) game started, in calendar time; null before the first game. */
    public Instant startedAt() {
        return gameStartWall;
    }

    /** The calendar time zone of the records. */
    public java.time.ZoneId zone() {
        return wallClock.getZone();
    }

    /** Hardware reported failing, as {@code chip at address}. */
    public Set<String> failingDevices() {
        return Set.copyOf(failing);
    }

    // ------------------------------------------------------------------------------------------------ input

    /** Takes one input and returns what happened, in order (often nothing). Times must never go back. */
    public List<BoardEvent> accept(SessionInput input) {
        out = new ArrayList<>(2);
        inputMillis = input.timeMillis();
        if (!begun) {
            begun = true;
            if (game == null) {
                out.add(new BoardEvent.SetupStarted(input.timeMillis(), settings.start()));
                log.info("set up {} to start the game", settings.start().toSfen());
            } else {
                out.add(new BoardEvent.GameResumed(input.timeMillis(), game.plies(), game.current()));
                out.add(new BoardEvent.CheckPieces(input.timeMillis(), game.current(), "the game was resumed"));
            }
        }
        switch (input) {
            case SessionInput.Frame f -> onFrame(f.frame());
            case SessionInput.Press p -> onButton(p.event());
            case SessionInput.Fault f -> onFault(f.fault());
            case SessionInput.Tick t -> onTick(t.timeMillis());
            case SessionInput.Command c -> onCommand(c);
        }
        return List.copyOf(out);
    }

    private void onFrame(SensorFrame frame) {
        if (lastFrame == null || !frame.sameReadings(lastFrame)) {
            lastChangeMillis = frame.timeMillis();
        }
        lastFrame = frame;
        switch (phase) {
            case SETTING_UP -> onSetupFrame(frame);
            case PLAYING -> {
                if (guide != null) {
                    onGuideFrame(frame);
                } else {
                    handle(inference.onFrame(frame));
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
            if (guide != null) {
                if (lastFrame != null) {
                    onGuideFrame(stillFrame(now));
                }
            } else {
                handle(inference.onTick(now));
            }
            if (phase == BoardPhase.PLAYING) {
                tickClock(now);
            }
        }
    }

    private SensorFrame stillFrame(long now) {
        return lastFrame.at(Math.max(now, lastFrame.timeMillis()));
    }

    private void onButton(ButtonEvent event) {
        if (!event.pressed()) {
            if (phase == BoardPhase.PLAYING && guide == null) {
                handle(inference.onButton(event));
            }
            return;
        }
        long now = event.timeMillis();
        switch (event.button()) {
            case RESIGN_SENTE -> resign(Side.SENTE, now);
            case RESIGN_GOTE -> resign(Side.GOTE, now);
            case DECLARE -> declare(now);
            case ARBITER -> callArbiter(now, "the arbiter button was pressed");
            case MENU -> {
                if (phase == BoardPhase.OVER) {
                    log.info("menu pressed after the game: set up the next game");
                    startSetup(now);
                } else {
                    log.debug("menu pressed in phase {}; ignored", phase);
                }
            }
            case CLOCK_SENTE, CLOCK_GOTE -> {
                if (phase == BoardPhase.PLAYING && guide == null) {
                    clockPressed(event);
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
            case PROMOTE, CONFIRM -> {
                if (phase == BoardPhase.PLAYING && guide == null) {
                    handle(inference.onButton(event));
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
        }
    }

    private void onFault(FaultEvent fault) {
        String device = fault.chip() + " at " + fault.address();
        boolean changed = fault.type() == FaultEvent.Type.FAILED ? failing.add(device) : failing.remove(device);
        if (changed) {
            out.add(new BoardEvent.FaultChanged(fault.timeMillis(), fault));
        }
    }

    private void onCommand(SessionInput.Command command) {
        long now = command.timeMillis();
        switch (command) {
            case SessionInput.Resign r -> resign(r.side(), now);
            case SessionInput.Declare d -> declare(now);
            case SessionInput.NewGame n -> newGame(now, n.request());
            case SessionInput.Remote r -> onRemote(r);
            case SessionInput.Arbiter a -> onArbiter(a);
        }
    }

    // ------------------------------------------------------------------------------------------------ setup

    private void startSetup(long now) {
        phase = BoardPhase.SETTING_UP;
        setup = new PositionSetup(settings.start(), settings.inference());
        setupStatus = null;
        guide = null;
        guideStatus = null;
        inference = null;
        game = null;
        result = GameResult.ONGOING;
        resultNote = null;
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        arbiterCalled = false;
        puttingBack = false;
        moveMillis.clear();
        moveComments.clear();
        startComments.clear();
        gameEndWall = null;
        remote.reset(request.remote().orElse(null));
        out.add(new BoardEvent.SetupStarted(now, settings.start()));
        if (lastFrame != null) {
            onSetupFrame(stillFrame(now));
        }
    }

    private void onSetupFrame(SensorFrame frame) {
        SetupStatus status = setup.onFrame(frame);
        setupStatus = status;
        if (status.ready()) {
            startGame(frame.timeMillis());
        }
    }

    private void startGame(long now) {
        inference = setup.startGame();
        game = new Game(settings.start());
        result = game.result();
        phase = BoardPhase.PLAYING;
        setupStatus = null;
        turnStartMillis = now;
        gameStartWall = wallClock.instant();
        clock = new ByoyomiClock(settings.timeControl(), settings.beeps());
        clock.start(settings.start().sideToMove(), now);
        clockRunning = settings.start().sideToMove();
        turnClocks.clear();
        turnClocks.add(clock.state(now).of(clockRunning));
        log.info("game started from {}: {} to move", settings.start().toSfen(),
                settings.start().sideToMove().label());
        out.add(new BoardEvent.GameStarted(now, settings.start()));
        handle(inference.onFrame(stillFrame(now)));
        if (result.isOver() && phase == BoardPhase.PLAYING) {
            finish(now);
        }
    }

    /** Compares the pieces with the game's position until they match, then follows the game again. */
    private void onGuideFrame(SensorFrame frame) {
        guideStatus = guide.onFrame(frame);
        if (guideStatus.ready()) {
            guide = null;
            guideStatus = null;
            if (clockWaitsForCheck) {
                clockWaitsForCheck = false;
                clock.resume(frame.timeMillis());
            }
            inference = MoveInference.resume(game.start(), game.moves(), settings.inference());
            log.info("ply {}: the pieces show the game's position again", game.plies() + 1);
            out.add(new BoardEvent.BackInSync(frame.timeMillis()));
            handle(inference.onFrame(frame));
        }
    }

    private void startGuide(long now, String why) {
        guide = new PositionSetup(game.current(), settings.inference());
        guideStatus = null;
        inference = null;
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        puttingBack = false;
        out.add(new BoardEvent.CheckPieces(now, game.current(), why));
        if (lastFrame != null && phase == BoardPhase.PLAYING) {
            onGuideFrame(stillFrame(now));
        }
    }

    // ------------------------------------------------------------------------------------------------ game

    private void handle(List<InferenceEvent> events) {
        for (InferenceEvent e : events) {
            if (phase != BoardPhase.PLAYING) {
                log.debug("{} after the game ended; ignored", e);
                continue;
            }
            switch (e) {
                case InferenceEvent.MoveCompleted m when m.isLegal() -> onLegalMove(m);
                case InferenceEvent.MoveCompleted m -> onIllegalMove(m);
                case InferenceEvent.PromotionPending p -> {
                    promotionSquare = p.square();
                    log.info("ply {}: {} may promote on {}; waiting for PROMOTE or CONFIRM", plies() + 1,
                            p.withoutPromotion(), p.square());
                    out.add(new BoardEvent.PromotionAsked(p.timeMillis(), p.square(), p.withoutPromotion()));
                }
                case InferenceEvent.TakeBack t -> onTakeBack(t);
                case InferenceEvent.Discrepancy d -> {
                    discrepancy = d;
                    log.info("ply {}: board differs from the game: {}", plies() + 1, d.describe());
                    out.add(new BoardEvent.DiscrepancySeen(d.timeMillis(), d));
                }
                case InferenceEvent.BackInSync b -> {
                    discrepancy = null;
                    illegalMove = null;
                    puttingBack = false;
                    log.info("ply {}: board back in sync", plies() + 1);
                    out.add(new BoardEvent.BackInSync(b.timeMillis()));
                }
            }
        }
    }

    private void onLegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game.current().sideToMove();
        if (remote.isRemote(mover) && !isRemoteMove(m)) {
            return;
        }
        Long elapsed = null;
        // the opponent's clock does not run before the switch: as it stands now, it is the one their turn starts with
        SideClock nextTurn = clock.state(inputMillis).of(mover.opponent());
        if (clockRunning == mover) {
            // stable commit: charged up to the sensor change that completed the move; clock commit: to the press
            long at = settings.inference().commitPolicy() == CommitPolicy.STABLE
                    ? Math.min(Math.max(lastChangeMillis, 0), m.timeMillis()) : m.timeMillis();
            ClockSwitch sw = clock.endTurn(mover, Math.min(at, inputMillis), inputMillis);
            clockRunning = sw.timeUp() ? null : mover.opponent();
            if (sw.timeUp()) {
                log.info("ply {}: {} completed {} after their time ran out", plies() + 1, mover.label(), m.move());
                timeUp(mover, m.timeMillis());
                return;
            }
            elapsed = sw.elapsedMs();
        }
        RemoteMoves.Pending made = remote.isRemote(mover) ? releaseRemote(inputMillis) : null;
        if (made != null) {
            // the remote side was charged when its move arrived
            elapsed = made.elapsedMs();
        }
        GameResult after = game.play(m.move());
        if (after.status() == GameStatus.ILLEGAL_MOVE) {
            // the inference judged the move legal on its own copy of the position: the two disagree, a bug
            log.error("ply {}: the arbiter rejects {} ({}) that the inference accepted; game ended", plies() + 1,
                    m.move(), after.reason());
        } else {
            moveMillis.add(elapsed != null ? elapsed : m.timeMillis() - turnStartMillis);
            moveComments.add(new ArrayList<>());
            turnClocks.add(nextTurn);
        }
        result = after;
        turnStartMillis = m.timeMillis();
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        puttingBack = false;
        log.info("ply {}: {} played {}", game.plies(), mover.label(), m.move());
        out.add(new BoardEvent.MovePlayed(m.timeMillis(), game.plies(), mover, m.move()));
        if (result.isOver()) {
            finish(m.timeMillis());
        }
    }

    private void onIllegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game.current().sideToMove();
        int ply = plies() + 1;
        illegalMove = m.move();
        promotionSquare = null;
        // a wrong move made for the remote side is the hands' slip, not the remote side's foul: put back
        IllegalMovePolicy policy = puttingBack || remote.isRemote(mover) ? IllegalMovePolicy.PUT_BACK
                : settings.illegalMoves();
        log.warn("ply {}: illegal move {} by {}: {}; policy {}", ply, m.move(), mover.label(), m.verdict().reason(),
                policy);
        out.add(new BoardEvent.IllegalMove(m.timeMillis(), ply, mover, m.move(), m.verdict().reason(), policy));
        if (policy == IllegalMovePolicy.LOSS) {
            result = game.play(m.move());
            arbiterCalled = true;
            out.add(new BoardEvent.ArbiterCalled(m.timeMillis(), "illegal move " + m.move().usi() + " by "
                    + mover.label() + " (" + m.verdict().reason() + ")"));
            finish(m.timeMillis());
        }
    }

    private void onTakeBack(InferenceEvent.TakeBack t) {
        releaseRemote(t.timeMillis());
        for (Move undone : t.undone()) {
            Move taken = game.takeBack();
            if (!taken.equals(undone)) {
                log.error("takeback of {} but the game's last move was {}", undone, taken);
            }
            dropLastMoveRecord();
        }
        result = game.result();
        turnStartMillis = t.timeMillis();
        if (clockRunning != null) {
            // 待った gives the turn back: the clocks as they stood when the undone move began, running from now
            restoreTurnClocks(t.timeMillis());
        } else {
            forgetTurnClocksAfter(game.plies());
        }
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        log.info("ply {}: takeback (待った) of {}", plies() + 1, t.undone());
        out.add(new BoardEvent.MovesTakenBack(t.timeMillis(), t.undone(), t.restored()));
    }

    private void dropLastMoveRecord() {
        if (!moveMillis.isEmpty()) {
            moveMillis.remove(moveMillis.size() - 1);
            List<String> comments = moveComments.remove(moveComments.size() - 1);
            // the arbiter's notes stay in the record, on the move before
            currentComments().addAll(comments);
        }
    }

    private void resign(Side side, long now) {
        if (!isOn()) {
            refuse(now, side.label() + " resigns", "no game is being played");
            return;
        }
        result = GameResult.of(GameStatus.RESIGNATION, side.opponent());
        log.info("ply {}: {} resigns", plies() + 1, side.label());
        finish(now);
    }

    private void declare(long now) {
        if (!isOn()) {
            refuse(now, "declare", "no game is being played");
            return;
        }
        Side declarer = game.current().sideToMove();
        result = game.declareImpasse(settings.impasse());
        log.info("ply {}: {} declares an impasse ({}): {}", plies() + 1, declarer.label(), settings.impasse(),
                result.status());
        finish(now);
    }

    private void newGame(long now, GameRequest asked) {
        if (isOn()) {
            if (asked.whilePlaying() == GameRequest.WhilePlaying.REFUSE) {
                refuse(now, "new game", "a game is being played; it must end first");
                return;
            }
            result = GameResult.of(GameStatus.ABORTED, null);
            finish(now);
        }
        request = asked;
        settings = asked.applyTo(boardSettings);
        log.info("new game asked: {} mode, time {}, start {}, players {} / {}", PlayMode.of(settings).label(),
                settings.timeControl().spec(), settings.start().toSfen(), players().sente(), players().gote());
        startSetup(now);
    }

    private boolean isOn() {
        return phase == BoardPhase.PLAYING || phase == BoardPhase.PAUSED;
    }

    private void finish(long now) {
        if (clock != null) {
            clock.stop(Math.max(now, inputMillis));
            clockRunning = null;
        }
        phase = BoardPhase.OVER;
        remote.clearPending();
        promotionSquare = null;
        guide = null;
        guideStatus = null;
        gameEndWall = wallClock.instant();
        log.info("game over after {} plies: {} winner {}{}", game.plies(), result.status(),
                result.winner() == null ? "none" : result.winner().label(),
                result.reason() == null ? "" : " (" + result.reason() + " at ply " + result.ply() + ")");
        out.add(new BoardEvent.GameOver(now, result));
    }

    private void refuse(long now, String what, String why) {
        log.info("{} refused: {}", what, why);
        out.add(new BoardEvent.Refused(now, what, why));
    }

    private int plies() {
        return game == null ? 0 : game.plies();
    }

    // ------------------------------------------------------------------------------------------------ clock

    /**
     * A clock button under clock commit. Gote's press before the first move starts sente's time again from the
     * press; the mover's press counts their move (the inference) and switches the clock; a player who forgot to press
     * may press once after the opponent's reply: both moves count in order, and the opponent's next press switches.
     */
    private void clockPressed(ButtonEvent event) {
        Side presser = event.button() == Button.CLOCK_SENTE ? Side.SENTE : Side.GOTE;
        long now = event.timeMillis();
        if (settings.inference().commitPolicy() != CommitPolicy.CLOCK) {
            handle(inference.onButton(event));
            return;
        }
        Side firstMover = game.start().sideToMove();
        if (game.plies() == 0 && presser == firstMover.opponent() && clockRunning == firstMover) {
            clock.start(firstMover, now);
            log.info("{} pressed before the first move: {}'s time starts now", presser.label(), firstMover.label());
            out.add(new BoardEvent.ClockPressed(now, firstMover, 0));
            return;
        }
        int before = game.plies();
        handle(inference.onButton(event));
        if (game.plies() != before || phase != BoardPhase.PLAYING || clockRunning != presser) {
            return;
        }
        if (game.current().sideToMove() != presser) {
            // the presser's move already counted (made up after a forgotten press): their press switches the clock
            ClockSwitch sw = clock.endTurn(presser, now, now);
            clockRunning = sw.timeUp() ? null : presser.opponent();
            if (sw.timeUp()) {
                timeUp(presser, now);
                return;
            }
            if (!moveMillis.isEmpty()) {
                moveMillis.set(moveMillis.size() - 1, sw.elapsedMs());
            }
            out.add(new BoardEvent.ClockPressed(now, presser.opponent(), sw.elapsedMs()));
        } else {
            forgottenPress(presser, now);
        }
    }

    /**
     * The mover pressed after the opponent already replied on the board: if exactly one pair of legal moves (the
     * mover's, then the opponent's) explains the board, both count in order; the mover is charged up to the press.
     */
    private void forgottenPress(Side presser, long now) {
        if (lastFrame == null) {
            return;
        }
        Position here = game.current();
        Move first = null;
        Move second = null;
        int found = 0;
        for (Move m1 : here.legalMoves()) {
            Position p1 = here.play(m1);
            for (Move m2 : p1.legalMoves()) {
                if (new PositionSetup(p1.play(m2), settings.inference()).onFrame(lastFrame).matches()) {
                    found++;
                    first = m1;
                    second = m2;
                }
            }
        }
        if (found != 1) {
            log.info("ply {}: {} pressed; {} pairs of moves explain the board", plies() + 1, presser.label(), found);
            return;
        }
        log.info("ply {}: {} pressed late: {} then {} count", plies() + 1, presser.label(), first, second);
        SideClock opponentTurn = clock.state(now).of(presser.opponent());
        ClockSwitch sw = clock.endTurn(presser, now, now);
        clockRunning = sw.timeUp() ? null : presser.opponent();
        if (sw.timeUp()) {
            timeUp(presser, now);
            return;
        }
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        for (Move m : List.of(first, second)) {
            Side mover = game.current().sideToMove();
            result = game.play(m);
            moveMillis.add(m == first ? sw.elapsedMs() : 0L);
            moveComments.add(new ArrayList<>());
            // the presser's next turn begins with their clock after this switch (it waits for the opponent's press)
            turnClocks.add(m == first ? opponentTurn : sw.after().of(presser));
            out.add(new BoardEvent.MovePlayed(now, game.plies(), mover, m));
            if (result.isOver()) {
                finish(now);
                return;
            }
        }
        turnStartMillis = now;
        inference = MoveInference.resume(game.start(), game.moves(), settings.inference());
        handle(inference.onFrame(stillFrame(now)));
    }

    /** Beeps and time up as time passes; held under stable commit while a change may still complete a move. */
    private void tickClock(long now) {
        if (clock == null || clockRunning == null) {
            return;
        }
        if (settings.inference().commitPolicy() == CommitPolicy.STABLE
                && (now - lastChangeMillis <= settings.inference().settleMillis() || promotionSquare != null)) {
            return;
        }
        for (ClockSignal signal : clock.tick(now)) {
            switch (signal) {
                case ClockSignal.Beep b -> out.add(new BoardEvent.ClockBeep(now, b.side(), b.remainingMs(),
                        b.tone() == ClockSignal.Tone.LONG));
                case ClockSignal.TimeUp t -> {
                    if (phase == BoardPhase.PLAYING || phase == BoardPhase.PAUSED) {
                        timeUp(t.side(), t.atMs());
                    }
                }
            }
        }
    }

    private void timeUp(Side side, long atMs) {
        clockRunning = null;
        result = game.timeUp(side);
        log.info("ply {}: {}'s time is up", plies() + 1, side.label());
        out.add(new BoardEvent.TimeUp(atMs, side));
        finish(atMs);
    }

    /** After an undo, an overrule or a takeback: the side to move's time runs again from now. */
    private void restartClock(long now) {
        clock.stop(now);
        clock.start(game.current().sideToMove(), now);
        clockRunning = game.current().sideToMove();
        if (phase == BoardPhase.PAUSED) {
            clock.pause(now);
        }
    }

    /**
     * After an undo or a takeback: both clocks as they stood when the turn of the ply now to play began (the mover
     * gets back the time spent on the undone move, byoyomi periods and increment included; the opponent the time
     * since), the mover's time running from now. Without those clocks (a game resumed from an older journal) the
     * side to move's time just runs again from now.
     */
    private void restoreTurnClocks(long now) {
        int ply = game.plies();
        SideClock mover = ply < turnClocks.size() ? turnClocks.get(ply) : null;
        SideClock opponent = ply + 1 < turnClocks.size() ? turnClocks.get(ply + 1) : null;
        forgetTurnClocksAfter(ply);
        if (mover == null || opponent == null) {
            restartClock(now);
            return;
        }
        Side toMove = game.current().sideToMove();
        clock.restartTurn(toMove, toMove == Side.SENTE ? mover : opponent, toMove == Side.SENTE ? opponent : mover,
                now);
        clockRunning = toMove;
        if (phase == BoardPhase.PAUSED) {
            clock.pause(now);
        }
    }

    /** Keeps the turn clocks up to ply {@code plies + 1}'s. */
    private void forgetTurnClocksAfter(int plies) {
        while (turnClocks.size() > plies + 1) {
            turnClocks.remove(turnClocks.size() - 1);
        }
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
    public org.shogiban.hal.ClockFace face(Side side, long nowMillis) {
        return clock == null ? null : clock.face(side, Math.max(nowMillis, inputMillis));
    }

    // ------------------------------------------------------------------------------------------------ remote side

    /** What a side played from elsewhere tells the board (see {@link RemoteMoves}). */
    private void onRemote(SessionInput.Remote input) {
        long now = input.timeMillis();
        switch (input) {
            case SessionInput.OpponentReady r -> remote.named(r.name());
            case SessionInput.OpponentFault f -> onFault(new FaultEvent("USI engine", "engine:"
                    + f.side().name().toLowerCase(java.util.Locale.ROOT), f.failed() ? FaultEvent.Type.FAILED
                    : FaultEvent.Type.RECOVERED, f.why(), now));
            case SessionInput.OpponentMove m -> opponentMove(m);
            case SessionInput.OpponentFailed f -> {
                if (phase == BoardPhase.PLAYING && remote.isRemote(f.side())) {
                    callArbiter(now, f.why());
                }
            }
            case SessionInput.Hint h -> {
                Move hint = h.ply() == plies() && phase == BoardPhase.PLAYING ? RemoteMoves.readMove(h.usi()) : null;
                if (hint != null && game.current().isLegal(hint)) {
                    remote.hint(h.ply(), hint);
                    out.add(new BoardEvent.HintShown(now, h.ply() + 1, hint));
                }
            }
        }
    }

    /**
     * The remote side's move arrived: its clock stops now (charged up to here), nobody's time runs while the
     * player makes it on the board. An unreadable or illegal move is never shown: it is the remote side's loss.
     */
    private void opponentMove(SessionInput.OpponentMove m) {
        long now = m.timeMillis();
        Side side = m.side();
        if (phase != BoardPhase.PLAYING || !remote.isRemote(side) || m.ply() != plies()
                || game.current().sideToMove() != side || remote.pending() != null) {
            log.info("{}'s move {} for ply {} ignored: the game is at ply {} ({})", side.label(), m.usi(),
                    m.ply() + 1, plies() + 1, phase);
            return;
        }
        Move move = RemoteMoves.readMove(m.usi());
        if (move == null || !game.current().isLegal(move)) {
            log.warn("ply {}: {} answered the illegal move '{}': {} loses", plies() + 1, side.label(), m.usi(),
                    side.label());
            result = move == null ? new GameResult(GameStatus.ILLEGAL_MOVE, side.opponent(),
                    IllegalReason.INVALID_MOVEMENT, plies() + 1) : game.play(move);
            finish(now);
            return;
        }
        long elapsed = now - turnStartMillis;
        boolean held = false;
        if (clock != null && clockRunning == side) {
            ClockSwitch sw = clock.endTurn(side, now, now);
            if (sw.timeUp()) {
                timeUp(side, now);
                return;
            }
            elapsed = sw.elapsedMs();
            clockRunning = side.opponent();
            clock.pause(now);
            held = true;
        }
        List<Move> moves = game.moves();
        String words = RemoteMoves.words(game.current(), move, side,
                moves.isEmpty() ? null : moves.get(moves.size() - 1).to());
        remote.arrived(new RemoteMoves.Pending(side, plies() + 1, move, elapsed, words, held));
        log.info("ply {}: {} chose {} {}; waiting for it on the board", plies() + 1, side.label(), move.usi(), words);
        out.add(new BoardEvent.OpponentMoved(now, plies() + 1, side, move, words));
    }

    /** Whether the move the board saw is the remote side's chosen one; if not, the pieces are to be put back. */
    private boolean isRemoteMove(InferenceEvent.MoveCompleted m) {
        RemoteMoves.Pending expected = remote.pending();
        if (expected != null && expected.move().equals(m.move()) && expected.ply() == plies() + 1) {
            return true;
        }
        log.info("ply {}: {} made for {} is not its move ({}); put it back", plies() + 1, m.move(),
                game.current().sideToMove().label(), expected == null ? "it has not chosen yet" : expected.move());
        startGuide(m.timeMillis(), "not " + game.current().sideToMove().label() + "'s move: put back "
                + m.move().usi());
        return false;
    }

    /** Forgets the remote move waiting to be made; the clock held for it runs again. Returns it (or null). */
    private RemoteMoves.Pending releaseRemote(long now) {
        RemoteMoves.Pending p = remote.clearPending();
        if (p != null && p.clockHeld() && clock != null && phase == BoardPhase.PLAYING) {
            clock.resume(now);
        }
        return p;
    }

    // ------------------------------------------------------------------------------------------------ arbiter

    private void callArbiter(long now, String why) {
        arbiterCalled = true;
        if (phase == BoardPhase.PLAYING) {
            phase = BoardPhase.PAUSED;
            clock.pause(now);
        }
        log.info("arbiter called: {}", why);
        out.add(new BoardEvent.ArbiterCalled(now, why));
    }

    private void onArbiter(SessionInput.Arbiter action) {
        long now = action.timeMillis();
        if (game == null) {
            refuse(now, "arbiter " + action.describe(), "no game has started");
            return;
        }
        String refusal = switch (action) {
            case SessionInput.Pause p -> phase == BoardPhase.PLAYING ? null : "the game is not being played";
            case SessionInput.Resume r -> phase == BoardPhase.PAUSED || (phase == BoardPhase.PLAYING
                    && arbiterCalled) ? null : "the game is not paused";
            case SessionInput.Adjust a -> isOn() ? null : "no game is being played";
            case SessionInput.SetResult s -> null;
            case SessionInput.Undo u -> game.plies() > 0 ? null : "no move to undo";
            case SessionInput.Overrule o -> phase == BoardPhase.OVER
                    && result.status() == GameStatus.ILLEGAL_MOVE ? null : "there is no foul to overrule";
            case SessionInput.Abort a -> isOn() ? null : "no game is being played";
        };
        if (refusal != null) {
            refuse(now, "arbiter " + action.describe(), refusal);
            return;
        }
        arbiterCalled = false;
        note(action);
        out.add(new BoardEvent.ArbiterActed(now, action));
        switch (action) {
            case SessionInput.Pause p -> {
                phase = BoardPhase.PAUSED;
                clock.pause(now);
            }
            case SessionInput.Resume r -> resume(now);
            case SessionInput.Adjust a -> {
                log.info("arbiter adjusts {}'s time by {} ms", a.side().label(), a.deltaMillis());
                clock.adjust(a.side(), a.deltaMillis());
            }
            case SessionInput.SetResult s -> {
                result = arbiterResult(s);
                resultNote = s.reason().isEmpty() ? "arbiter" : "arbiter: " + s.reason();
                finish(now);
            }
            case SessionInput.Undo u -> undo(now);
            case SessionInput.Overrule o -> overrule(now);
            case SessionInput.Abort a -> {
                result = GameResult.of(GameStatus.ABORTED, null);
                resultNote = "arbiter";
                finish(now);
            }
        }
    }

    private void resume(long now) {
        phase = BoardPhase.PLAYING;
        clock.resume(now);
        if (lastFrame != null) {
            onFrame(stillFrame(now));
        }
    }

    /**
     * The arbiter's result. An illegal move ruled by the arbiter has no reason the board saw; it is recorded as
     * {@link IllegalReason#INVALID_MOVEMENT} at the next ply, the arbiter's words in the note.
     */
    private GameResult arbiterResult(SessionInput.SetResult s) {
        if (s.status() == GameStatus.ILLEGAL_MOVE) {
            return new GameResult(GameStatus.ILLEGAL_MOVE, s.winner(), IllegalReason.INVALID_MOVEMENT,
                    game.plies() + 1);
        }
        return GameResult.of(s.status(), s.winner());
    }

    private void undo(long now) {
        releaseRemote(now);
        Move taken = game.takeBack();
        dropLastMoveRecord();
        result = game.result();
        resultNote = null;
        turnStartMillis = now;
        if (phase == BoardPhase.OVER) {
            phase = BoardPhase.PLAYING;
            gameEndWall = null;
        }
        restoreTurnClocks(now);
        log.info("arbiter undoes {}; ply {} again", taken, plies() + 1);
        startGuide(now, "the arbiter took back " + taken.usi());
    }

    private void overrule(long now) {
        Game replayed = new Game(game.start());
        for (Move m : game.moves()) {
            replayed.play(m);
        }
        game = replayed;
        result = game.result();
        resultNote = null;
        phase = BoardPhase.PLAYING;
        gameEndWall = null;
        puttingBack = true;
        releaseRemote(now);
        restartClock(now);
        log.info("arbiter overrules the foul; the game goes on from ply {}", plies() + 1);
        out.add(new BoardEvent.CheckPieces(now, game.current(), "the foul was overruled: put the pieces back"));
        if (inference == null) {
            startGuide(now, "the foul was overruled");
        } else if (lastFrame != null) {
            handle(inference.onFrame(stillFrame(now)));
        }
    }

    /** Writes an arbiter action in the record, after the last move, with the wall time. */
    private void note(SessionInput.Arbiter action) {
        currentComments().add("arbiter " + COMMENT_TIME.format(wallClock.instant().atZone(wallClock.getZone()))
                + ": " + action.describe());
    }

    private List<String> currentComments() {
        return moveComments.isEmpty() ? startComments : moveComments.get(moveComments.size() - 1);
    }

    // ------------------------------------------------------------------------------------------------ views

    /** The record of the game so far (its end once it is over); null before the first game. */
    public GameRecord record() {
        if (game == null) {
            return null;
        }
        List<RecordedMove> moves = new ArrayList<>(game.plies());
        for (int i = 0; i < game.plies(); i++) {
            Move move = game.moves().get(i);
            Duration used = i < moveMillis.size() ? Duration.ofMillis(moveMillis.get(i)) : null;
            List<String> comments = i < moveComments.size() ? moveComments.get(i) : List.of();
            moves.add(new RecordedMove(move, used, comments));
        }
        RecordHeader header = RecordHeader.EMPTY
                .with(RecordHeader.START_TIME, KIF_TIME.format(gameStartWall.atZone(wallClock.getZone())))
                .with(RecordHeader.SITE, "ShogiBan");
        if (players().sente() != null) {
            header = header.with(RecordHeader.SENTE, players().sente());
        }
        if (players().gote() != null) {
            header = header.with(RecordHeader.GOTE, players().gote());
        }
        header = RecordTimes.write(header, settings.timeControl());
        if (gameEndWall != null) {
            header = header.with(RecordHeader.END_TIME, KIF_TIME.format(gameEndWall.atZone(wallClock.getZone())));
        }
        return new GameRecord(game.start(), header, startComments, moves,
                RecordEnd.fromResult(result, game.current().sideToMove()));
    }

    /** What the board shows now, for the LEDs, a UI or a test. */
    public BoardView view() {
        if (phase == BoardPhase.SETTING_UP) {
            return new BoardView(phase, setup.target(), 0, null,
                    setupStatus == null ? List.of() : setupStatus.squares(),
                    setupStatus == null ? List.of() : setupStatus.slots(), null, null, GameResult.ONGOING, failing,
                    arbiterCalled);
        }
        List<Move> moves = game.moves();
        var squares = guideStatus != null ? guideStatus.squares()
                : discrepancy == null ? List.<org.shogiban.inference.SquareMismatch>of() : discrepancy.squares();
        var slots = guideStatus != null ? guideStatus.slots()
                : discrepancy == null ? List.<org.shogiban.inference.SlotMismatch>of() : discrepancy.slots();
        return new BoardView(phase, game.current(), game.plies(), moves.isEmpty() ? null : moves.get(moves.size() - 1),
                squares, slots, illegalMove, promotionSquare, result, failing, arbiterCalled,
                remote.pending() == null ? null : remote.pending().move(),
                phase == BoardPhase.PLAYING ? remote.hint(game.plies()) : null);
    }

    /** The board's state as of {@code nowMillis}, the one JSON snapshot (see {@link BoardSnapshot}). */
    public BoardSnapshot snapshot(long nowMillis) {
        BoardView v = view();
        List<String> moves = game == null || phase == BoardPhase.SETTING_UP ? List.of()
                : game.moves().stream().map(Move::usi).toList();
        BoardSnapshot.Result end = null;
        if (phase != BoardPhase.SETTING_UP && result.isOver()) {
            String reason = resultNote != null ? resultNote : result.reason() == null ? null : result.reason().name();
            end = new BoardSnapshot.Result(result.status().name(), sideName(result.winner()), reason,
                    result.ply() > 0 ? result.ply() : plies());
        }
        return new BoardSnapshot(phaseName(), v.plies(), v.position().toSfen(), moves,
                sideName(v.position().sideToMove()), clocks(nowMillis), end, waitingFor(v),
                settings.illegalMoves() == IllegalMovePolicy.LOSS ? "tournament" : "casual",
                settings.inference().sensorKind().name().toLowerCase(java.util.Locale.ROOT), timeControlSpec(),
                gameStartWall == null ? null : GAME_ID.format(gameStartWall.atZone(wallClock.getZone())),
                (game == null ? settings.start() : game.start()).toSfen(),
                v.lastMove() == null ? null : v.lastMove().usi(), arbiterCalled, List.copyOf(failing), 0,
                remote.snapshotPlayers(request.players()));
    }

    private String phaseName() {
        return phase == BoardPhase.SETTING_UP ? "SETUP" : phase.name();
    }

    private static String sideName(Side side) {
        return side == null ? null : side == Side.SENTE ? "sente" : "gote";
    }

    private List<BoardSnapshot.Waiting> waitingFor(BoardView v) {
        List<BoardSnapshot.Waiting> waiting = new ArrayList<>(2);
        List<String> squares = v.wrongSquares().stream().map(m -> m.square().usi()).toList();
        List<String> slots = v.wrongSlots().stream().map(m -> m.player().name().toLowerCase(java.util.Locale.ROOT)
                + ":" + slotLetter(m.slot())).toList();
        String detail = String.join(" ", v.wrongSquares().stream().map(m -> m.describe()).toList());
        String slotDetail = String.join(" ", v.wrongSlots().stream().map(m -> m.describe()).toList());
        String both = (detail + " " + slotDetail).strip();
        if (phase == BoardPhase.SETTING_UP) {
            waiting.add(new BoardSnapshot.Waiting("setup", squares, slots, null, both.isEmpty()
                    ? "the start position is set up" : both));
        } else if (phase != BoardPhase.OVER) {
            if (!squares.isEmpty() || !slots.isEmpty()) {
                waiting.add(new BoardSnapshot.Waiting("pieces", squares, slots, null, both));
            } else if (guide != null) {
                waiting.add(new BoardSnapshot.Waiting("pieces", List.of(), List.of(), null,
                        "the pieces show the position; hold still"));
            }
            if (v.illegalMove() != null) {
                waiting.add(new BoardSnapshot.Waiting("put-back", null, null, v.illegalMove().usi(),
                        "put the pieces of the illegal move back"));
            }
            if (v.promotionSquare() != null) {
                waiting.add(new BoardSnapshot.Waiting("promotion", List.of(v.promotionSquare().usi()), null, null,
                        "promote on " + v.promotionSquare().usi() + "? press promote or confirm"));
            }
        }
        if (arbiterCalled) {
            waiting.add(new BoardSnapshot.Waiting("arbiter", null, null, null, "the arbiter is called"));
        }
        BoardSnapshot.Waiting fromElsewhere = remote.waiting(v.position().sideToMove(), phase == BoardPhase.PLAYING);
        if (fromElsewhere != null) {
            waiting.add(fromElsewhere);
        }
        return waiting;
    }

    private static char slotLetter(org.shogiban.hal.KomadaiSlot slot) {
        return org.shogiban.rules.PieceType.HAND_KINDS[slot.ordinal()].letter();
    }

    /** The clocks as of a time: the game's, or the full time control's before the first game. */
    private BoardSnapshot.Clocks clocks(long nowMillis) {
        ClockState state = clock != null ? clockState(nowMillis)
                : new ClockState(null, false, settings.timeControl().of(Side.SENTE).initialClock(),
                settings.timeControl().of(Side.GOTE).initialClock());
        return new BoardSnapshot.Clocks(state.runningLabel(), sideClock(state.sente()), sideClock(state.gote()));
    }

    private static BoardSnapshot.SideClock sideClock(org.shogiban.clock.SideClock c) {
        return new BoardSnapshot.SideClock(c.mainMs(), c.byoyomiMs(), c.periods(), c.considerUnits());
    }

    /** The time control's spec, or null when the game has no time limit. */
    private String timeControlSpec() {
        return settings.timeControl().isNone() ? null : settings.timeControl().spec();
    }

    /**
     * What the journal keeps: the whole state after the last change, the clocks as of {@code nowMillis} (the turn
     * in progress charged up to then).
     */
    public SessionState state(long nowMillis) {
        String phaseName = phaseName();
        if (game == null || phase == BoardPhase.SETTING_UP) {
            return new SessionState(1, phaseName, 0, settings.start().toSfen(), settings.timeControl().spec(),
                    List.of(), List.of(), List.of(), List.of(), null, null, arbiterCalled,
                    PlayMode.of(settings).label(), asked(), List.of());
        }
        SessionState.Result end = null;
        if (result.isOver()) {
            end = new SessionState.Result(result.status().name(), result.winner() == null ? null
                    : result.winner().name(), result.reason() == null ? null : result.reason().name(), result.ply(),
                    resultNote);
        }
        ClockState clocks = clockState(nowMillis);
        if (clockWaitsForCheck && clocks != null) {
            // the clock is held only for the check: a restart now resumes it running
            clocks = new ClockState(clocks.running(), false, clocks.sente(), clocks.gote(), clocks.turnMs());
        }
        return new SessionState(1, phaseName, gameStartWall.toEpochMilli(), game.start().toSfen(),
                settings.timeControl().spec(), game.moves().stream().map(Move::usi).toList(), moveMillis,
                moveComments, startComments, end, clocks == null ? null : SessionState.Clocks.of(clocks),
                arbiterCalled, PlayMode.of(settings).label(), asked(),
                turnClocks.stream().map(SessionState::turnClock).toList());
    }

    /** The request as journalled, or null when the game was not asked to differ from the board's settings. */
    private SessionState.Asked asked() {
        if (request.equals(GameRequest.BOARD_SETTINGS)) {
            return null;
        }
        return new SessionState.Asked(request.sente().orElse(null), request.gote().orElse(null),
                request.timeControl().map(TimeControl::spec).orElse(null),
                request.start().map(Position::toSfen).orElse(null),
                request.mode().map(PlayMode::label).orElse(null),
                request.remote().map(r -> r.side().name().toLowerCase(java.util.Locale.ROOT)).orElse(null),
                request.remote().map(RemotePlayer::level).orElse(null));
    }

    /** A journalled request back (a bad part is an IllegalArgumentException naming it). */
    private static GameRequest request(SessionState.Asked asked) {
        if (asked == null) {
            return GameRequest.BOARD_SETTINGS;
        }
        return new GameRequest(Optional.ofNullable(asked.sente()), Optional.ofNullable(asked.gote()),
                Optional.ofNullable(asked.time()).map(TimeControl::parse),
                Optional.ofNullable(asked.start()).map(Position::fromSfen),
                Optional.ofNullable(asked.mode()).map(PlayMode::parse), GameRequest.WhilePlaying.ABORT,
                Optional.ofNullable(asked.engine()).map(side -> RemotePlayer.parse(side,
                        asked.level() == null ? null : asked.level().toString(), 1)));
    }

    /**
     * A session setting up the game a journalled request asked for (the board stopped before the pieces stood on
     * the start): the same players, time control, start and mode; the board's settings for the rest.
     */
    public static GameSession settingUp(GameSettings settings, Clock wallClock, SessionState state) {
        GameSession s = new GameSession(settings, wallClock);
        s.request = request(state.asked());
        s.settings = s.request.applyTo(settings);
        s.setup = new PositionSetup(s.settings.start(), s.settings.inference());
        s.remote.reset(s.request.remote().orElse(null));
        return s;
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
        if (!state.inGame()) {
            throw new IllegalArgumentException("the journalled state is " + state.phase() + ", not a game to resume");
        }
        TimeControl control = TimeControl.parse(state.timeControl());
        GameSession s = new GameSession(settings, wallClock);
        s.request = request(state.asked());
        s.remote.reset(s.request.remote().orElse(null));
        GameSettings asked = s.request.applyTo(settings).withTime(control);
        s.settings = state.mode() == null ? asked : PlayMode.parse(state.mode()).applyTo(asked);
        Game game = new Game(Position.fromSfen(state.startSfen()));
        for (String usi : state.moves()) {
            GameResult after = game.play(Move.parseUsi(usi));
            if (after.status() == GameStatus.ILLEGAL_MOVE) {
                throw new IllegalArgumentException("journalled move " + usi + " is illegal at ply "
                        + (game.plies() + 1));
            }
        }
        s.game = game;
        s.result = game.result().isOver() ? GameResult.ONGOING : game.result();
        s.moveMillis.addAll(state.moveMillis());
        for (int i = 0; i < game.plies(); i++) {
            s.moveComments.add(new ArrayList<>(i < state.comments().size() ? state.comments().get(i) : List.of()));
        }
        s.startComments.addAll(state.startComments());
        s.gameStartWall = Instant.ofEpochMilli(state.startWallMillis());
        s.arbiterCalled = state.arbiterCalled();
        s.phase = state.phase().equals("PAUSED") ? BoardPhase.PAUSED : BoardPhase.PLAYING;
        s.turnStartMillis = nowMillis;
        s.inputMillis = nowMillis;
        ClockState clocks = state.clock() == null ? new ClockState(game.current().sideToMove(), false,
                control.of(Side.SENTE).initialClock(), control.of(Side.GOTE).initialClock())
                : state.clock().toClockState();
        s.clock = ByoyomiClock.restore(control, s.settings.beeps(), clocks, nowMillis);
        s.clockRunning = clocks.running();
        for (int i = 0; i <= game.plies(); i++) {
            s.turnClocks.add(state.turnClocks().size() == game.plies() + 1
                    ? SessionState.sideClock(state.turnClocks().get(i)) : null);
        }
        if (!clocks.paused() && clocks.running() != null) {
            s.clock.pause(nowMillis);
            s.clockWaitsForCheck = true;
        }
        s.guide = new PositionSetup(game.current(), s.settings.inference());
        log.info("game resumed from the journal: {} plies, {} to move, clocks {}", game.plies(),
                game.current().sideToMove().label(), clocks);
        return s;
    }

    /** Whether the pieces are being checked against the game's position (after an undo or a restart). */
    public boolean checkingPieces() {
        return guide != null;
    }

    /** The position the board should show: the setup's target or the game's position. */
    public Position position() {
        return game == null || phase == BoardPhase.SETTING_UP ? setup.target() : game.current();
    }
}
