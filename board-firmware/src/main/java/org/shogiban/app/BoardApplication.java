package org.shogiban.app;

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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ButtonListener;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultListener;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.scan.PassListener;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;
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
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's application: wires the hardware ports to the move inference and the arbiter and plays games.
 *
 * <p>Each {@linkplain #step(long) pass} takes the button presses queued since the last pass, runs one pass of the
 * {@link ScanLoop} (whose stable frames go to the {@link PositionSetup} while the players set up, then to the
 * {@link MoveInference}), lets time pass for the inference, and shows the LEDs planned by {@link LedPlanner}. What the
 * inference reports is ruled on by a {@link Game}:
 * <ul>
 *   <li>a legal move is played (short beep); checkmate, no legal move, sennichite and perpetual check end the game;
 *   <li>an illegal move (long tone, its squares red) loses under {@link IllegalMovePolicy#LOSS}, or waits for the
 *       pieces to be put back under {@link IllegalMovePolicy#PUT_BACK};
 *   <li>a takeback (待った) takes the undone moves back in the game;
 *   <li>a discrepancy lights the wrong squares and slots (long tone) until the board is back in sync.
 * </ul>
 * The record goes to the {@link RecordSink} after every move, takeback and at the end. When the game is over, MENU
 * starts setting up the next one.
 *
 * <p>One mutable owner, driven from one thread: the scan thread of {@link #start()}, or the caller of
 * {@link #step(long)} in tests and the simulator. Buttons and faults may arrive on any thread; they are queued.
 * {@link #view()} and listeners may be read from any thread.
 */
public final class BoardApplication implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardApplication.class);
    private static final DateTimeFormatter KIF_TIME = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");

    private final Board board;
    private final MonotonicClock clock;
    private final GameSettings settings;
    private final RecordSink records;
    private final Clock wallClock;
    private final ScanLoop scanLoop;
    private final List<BoardListener> listeners = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<ButtonEvent> buttons = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<FaultEvent> faults = new ConcurrentLinkedQueue<>();
    private final ButtonListener buttonListener = buttons::add;
    private final FaultListener faultListener = faults::add;
    private final Set<String> failing = new LinkedHashSet<>();

    private BoardPhase phase = BoardPhase.SETTING_UP;
    private boolean begun;
    private PositionSetup setup;
    private SetupStatus setupStatus;
    private MoveInference inference;
    private Game game;
    private SensorFrame lastFrame;
    private InferenceEvent.Discrepancy discrepancy;
    private Move illegalMove;
    private Square promotionSquare;
    private final List<Long> moveMillis = new ArrayList<>();
    private long turnStartMillis;
    private Instant gameStartWall;
    private String recordName;
    private LedFrame shownLeds;
    private BoardView plannedView;
    private volatile BoardView view;
    private ScheduledExecutorService scanThread;

    /**
     * @param board the ports (real, simulated or in memory)
     * @param scan how the sensors are sampled and debounced
     * @param clock the scan clock (a {@code ManualClock} in tests)
     * @param settings the start position, the inference and the illegal-move policy
     * @param records where records are saved
     * @param wallClock the calendar time written in the records and their names
     */
    public BoardApplication(Board board, ScanSettings scan, MonotonicClock clock, GameSettings settings,
                            RecordSink records, Clock wallClock) {
        this.board = Objects.requireNonNull(board, "board");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.records = Objects.requireNonNull(records, "records");
        this.wallClock = Objects.requireNonNull(wallClock, "wallClock");
        this.scanLoop = new ScanLoop(board.squares(), board.komadai(), scan, clock, board.faults());
        scanLoop.addFrameListener(this::onFrame);
        board.buttons().addListener(buttonListener);
        board.faults().addListener(faultListener);
        setup = new PositionSetup(settings.start(), settings.inference());
        view = buildView();
    }

    /** Starts sending what happens to {@code listener}. */
    public void addListener(BoardListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /** Stops sending events to {@code listener}. */
    public void removeListener(BoardListener listener) {
        listeners.remove(listener);
    }

    /** Tells {@code listener} about every scan pass that read the sensors (a service watchdog's proof of life). */
    public void addPassListener(PassListener listener) {
        scanLoop.addPassListener(listener);
    }

    /** What the application knows now. Any thread. */
    public BoardView view() {
        return view;
    }

    /** The settings games are played with. */
    public GameSettings settings() {
        return settings;
    }

    /** The game being played or last played; empty while the first setup is under way. */
    public Optional<Game> game() {
        return Optional.ofNullable(game);
    }

    // ------------------------------------------------------------------------------------------------ driving

    /**
     * One pass at {@code nowMillis}: queued buttons, one scan pass (stable frames go to the setup or the inference),
     * timers, then the LEDs. Call from one thread only, with times that never go back.
     */
    public void step(long nowMillis) {
        if (!begun) {
            begun = true;
            board.clock().blank();
            emit(new BoardEvent.SetupStarted(nowMillis, settings.start()));
            log.info("set up {} to start the game", settings.start().toSfen());
        }
        for (FaultEvent f; (f = faults.poll()) != null; ) {
            onFault(f);
        }
        for (ButtonEvent b; (b = buttons.poll()) != null; ) {
            onButton(b);
        }
        scanLoop.step(nowMillis);
        onTick(nowMillis);
        showLeds();
    }

    /** Runs {@link #step(long)} at the scan rate on a thread of its own until {@link #close()}. */
    public synchronized void start() {
        if (scanThread != null) {
            throw new IllegalStateException("the board application is already running");
        }
        scanThread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shogiban-scan");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        long period = scanLoop.settings().periodMicros();
        log.info("board running: {} Hz scan, commit {}, illegal moves: {}", scanLoop.settings().rateHz(),
                settings.inference().commitPolicy(), settings.illegalMoves());
        scanThread.scheduleAtFixedRate(this::guardedStep, 0, period, TimeUnit.MICROSECONDS);
    }

    private void guardedStep() {
        try {
            step(clock.millis());
        } catch (RuntimeException e) {
            // an exception escaping here would cancel the schedule and stop the board: log it and go on
            log.error("board pass failed (phase {}, ply {}); the board goes on", phase, plies(), e);
        }
    }

    /** Stops the scan thread (if started), turns the LEDs off and stops listening to the ports. */
    @Override
    public void close() {
        ScheduledExecutorService thread;
        synchronized (this) {
            thread = scanThread;
            scanThread = null;
        }
        if (thread != null) {
            thread.shutdown();
            try {
                if (!thread.awaitTermination(2, TimeUnit.SECONDS)) {
                    log.warn("the scan thread did not stop within 2 s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        board.buttons().removeListener(buttonListener);
        board.faults().removeListener(faultListener);
        board.leds().show(LedFrame.dark());
        board.buzzer().silence();
        log.info("board stopped in phase {} after {} plies", phase, plies());
    }

    // ------------------------------------------------------------------------------------------------ inputs

    private void onFrame(SensorFrame frame) {
        lastFrame = frame;
        switch (phase) {
            case SETTING_UP -> onSetupFrame(frame);
            case PLAYING -> handle(inference.onFrame(frame));
            case OVER -> {
                // the game is over: the pieces may be put away; nothing is judged
            }
        }
    }

    private void onTick(long now) {
        if (phase == BoardPhase.SETTING_UP && lastFrame != null && !setup.isReady()) {
            // the scan loop publishes changes only: show the setup the still board again, later
            onSetupFrame(lastFrame.at(Math.max(now, lastFrame.timeMillis())));
        } else if (phase == BoardPhase.PLAYING) {
            handle(inference.onTick(now));
        }
    }

    private void onButton(ButtonEvent event) {
        switch (phase) {
            case PLAYING -> handle(inference.onButton(event));
            case OVER -> {
                if (event.pressed() && event.button() == Button.MENU) {
                    log.info("menu pressed after the game: set up the next game");
                    startSetup(event.timeMillis());
                }
            }
            case SETTING_UP -> log.debug("{} pressed while setting up; ignored", event.button());
        }
    }

    private void onFault(FaultEvent fault) {
        String device = fault.chip() + " at " + fault.address();
        boolean changed = fault.type() == FaultEvent.Type.FAILED ? failing.add(device) : failing.remove(device);
        if (changed) {
            emit(new BoardEvent.FaultChanged(fault.timeMillis(), fault));
        }
    }

    // ------------------------------------------------------------------------------------------------ setup

    private void startSetup(long now) {
        phase = BoardPhase.SETTING_UP;
        setup = new PositionSetup(settings.start(), settings.inference());
        setupStatus = null;
        inference = null;
        game = null;
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        moveMillis.clear();
        emit(new BoardEvent.SetupStarted(now, settings.start()));
        if (lastFrame != null) {
            onSetupFrame(lastFrame.at(Math.max(now, lastFrame.timeMillis())));
        }
    }

    private void onSetupFrame(SensorFrame frame) {
        SetupStatus status = setup.onFrame(frame);
        boolean changed = setupStatus == null || !status.squares().equals(setupStatus.squares())
                || !status.slots().equals(setupStatus.slots());
        setupStatus = status;
        if (changed) {
            log.debug("setup: {} squares and {} slots still wrong", status.squares().size(), status.slots().size());
            refreshView();
        }
        if (status.ready()) {
            startGame(frame.timeMillis());
        }
    }

    private void startGame(long now) {
        inference = setup.startGame();
        game = new Game(settings.start());
        phase = BoardPhase.PLAYING;
        setupStatus = null;
        turnStartMillis = now;
        gameStartWall = wallClock.instant();
        recordName = RecordDirectory.fileName(gameStartWall, wallClock.getZone());
        board.buzzer().beep();
        log.info("game started from {}: {} to move, record {}", settings.start().toSfen(),
                settings.start().sideToMove().label(), recordName);
        emit(new BoardEvent.GameStarted(now, settings.start()));
        saveRecord();
        handle(inference.onFrame(lastFrame.at(Math.max(now, lastFrame.timeMillis()))));
        if (game.isOver()) {
            finish(now);
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
                    emit(new BoardEvent.PromotionAsked(p.timeMillis(), p.square(), p.withoutPromotion()));
                }
                case InferenceEvent.TakeBack t -> onTakeBack(t);
                case InferenceEvent.Discrepancy d -> {
                    discrepancy = d;
                    board.buzzer().longTone();
                    log.info("ply {}: board differs from the game: {}", plies() + 1, d.describe());
                    emit(new BoardEvent.DiscrepancySeen(d.timeMillis(), d));
                }
                case InferenceEvent.BackInSync b -> {
                    discrepancy = null;
                    illegalMove = null;
                    log.info("ply {}: board back in sync", plies() + 1);
                    emit(new BoardEvent.BackInSync(b.timeMillis()));
                }
            }
        }
    }

    private void onLegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game.current().sideToMove();
        GameResult result = game.play(m.move());
        if (result.status() == GameStatus.ILLEGAL_MOVE) {
            // the inference judged the move legal on its own copy of the position: the two disagree, a bug
            log.error("ply {}: the arbiter rejects {} ({}) that the inference accepted; game ended", plies() + 1,
                    m.move(), result.reason());
        } else {
            moveMillis.add(m.timeMillis() - turnStartMillis);
        }
        turnStartMillis = m.timeMillis();
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        board.buzzer().beep();
        log.info("ply {}: {} played {}", game.plies(), mover.label(), m.move());
        emit(new BoardEvent.MovePlayed(m.timeMillis(), game.plies(), mover, m.move()));
        saveRecord();
        if (game.isOver()) {
            finish(m.timeMillis());
        }
    }

    private void onIllegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game.current().sideToMove();
        int ply = plies() + 1;
        illegalMove = m.move();
        promotionSquare = null;
        board.buzzer().longTone();
        log.warn("ply {}: illegal move {} by {}: {}; policy {}", ply, m.move(), mover.label(), m.verdict().reason(),
                settings.illegalMoves());
        emit(new BoardEvent.IllegalMove(m.timeMillis(), ply, mover, m.move(), m.verdict().reason(),
                settings.illegalMoves()));
        if (settings.illegalMoves() == IllegalMovePolicy.LOSS) {
            game.play(m.move());
            saveRecord();
            finish(m.timeMillis());
        }
    }

    private void onTakeBack(InferenceEvent.TakeBack t) {
        for (Move undone : t.undone()) {
            Move taken = game.takeBack();
            if (!taken.equals(undone)) {
                log.error("takeback of {} but the game's last move was {}", undone, taken);
            }
            if (!moveMillis.isEmpty()) {
                moveMillis.remove(moveMillis.size() - 1);
            }
        }
        turnStartMillis = t.timeMillis();
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        board.buzzer().beep();
        log.info("ply {}: takeback (待った) of {}", plies() + 1, t.undone());
        emit(new BoardEvent.MovesTakenBack(t.timeMillis(), t.undone(), t.restored()));
        saveRecord();
    }

    private void finish(long now) {
        phase = BoardPhase.OVER;
        promotionSquare = null;
        GameResult result = game.result();
        log.info("game over after {} plies: {} winner {}{}", game.plies(), result.status(),
                result.winner() == null ? "none" : result.winner().label(),
                result.reason() == null ? "" : " (" + result.reason() + " at ply " + result.ply() + ")");
        emit(new BoardEvent.GameOver(now, result));
        saveRecord();
    }

    private int plies() {
        return game == null ? 0 : game.plies();
    }

    // ------------------------------------------------------------------------------------------------ record

    private void saveRecord() {
        records.save(recordName, record());
    }

    /** The record of the game so far (its end once it is over). */
    GameRecord record() {
        List<RecordedMove> moves = new ArrayList<>(game.plies());
        for (int i = 0; i < game.plies(); i++) {
            Move move = game.moves().get(i);
            moves.add(i < moveMillis.size() ? RecordedMove.of(move, Duration.ofMillis(moveMillis.get(i)))
                    : RecordedMove.of(move));
        }
        RecordHeader header = RecordHeader.EMPTY
                .with(RecordHeader.START_TIME, KIF_TIME.format(gameStartWall.atZone(wallClock.getZone())))
                .with(RecordHeader.SITE, "ShogiBan");
        if (game.isOver()) {
            header = header.with(RecordHeader.END_TIME, KIF_TIME.format(wallClock.instant()
                    .atZone(wallClock.getZone())));
        }
        return new GameRecord(game.start(), header, List.of(), moves,
                RecordEnd.fromResult(game.result(), game.current().sideToMove()));
    }

    /** The file name the current game's record is saved under, or null before the first game started. */
    public String recordName() {
        return recordName;
    }

    // ------------------------------------------------------------------------------------------------ output

    private void emit(BoardEvent event) {
        refreshView();
        for (BoardListener l : listeners) {
            try {
                l.onEvent(event);
            } catch (RuntimeException e) {
                log.error("board listener {} failed on {}", l, event.describe(), e);
            }
        }
    }

    private void refreshView() {
        view = buildView();
    }

    private BoardView buildView() {
        if (phase == BoardPhase.SETTING_UP) {
            return new BoardView(phase, setup.target(), 0, null,
                    setupStatus == null ? List.of() : setupStatus.squares(),
                    setupStatus == null ? List.of() : setupStatus.slots(), null, null, GameResult.ONGOING, failing);
        }
        List<Move> moves = game.moves();
        return new BoardView(phase, game.current(), game.plies(), moves.isEmpty() ? null : moves.get(moves.size() - 1),
                discrepancy == null ? List.of() : discrepancy.squares(),
                discrepancy == null ? List.of() : discrepancy.slots(), illegalMove, promotionSquare, game.result(),
                failing);
    }

    private void showLeds() {
        BoardView now = view;
        if (now == plannedView) {
            return;
        }
        plannedView = now;
        LedFrame frame = LedPlanner.plan(now);
        if (!frame.equals(shownLeds)) {
            board.leds().show(frame);
            shownLeds = frame;
        }
    }
}
