package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.shogiban.app.BackgroundRecordSink;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.RecordSink;
import org.shogiban.app.Resumption;
import org.shogiban.app.SerialLinks;
import org.shogiban.app.SessionJournal;
import org.shogiban.app.StartPositions;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.Buzzer;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.LedPanel;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.BoardView;
import org.shogiban.session.GameRequest;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.PlayMode;
import org.shogiban.session.SessionInput;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.table.PieceTable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link WebBoard} over the firmware: one board runtime ({@code app.BoardApplication}, with its game session) for
 * the simulator's whole life, running on the simulator's in-memory hardware as the console's {@code play} runs it.
 * The ONLY class of the web simulator that knows the runtime.
 *
 * <p>A new game from the page is the session's {@code NewGame} with what the page asks (players, time control,
 * start, mode; the board's settings for the rest), as the USB link's {@code NEW} is. With a state directory every
 * change is journalled there and a game in progress is resumed at the next start, the simulated pieces laid out where
 * it left them; with a serial device the USB link is attached to the same runtime, so a terminal program follows
 * and drives the board the page shows.
 *
 * <p>The page's snapshot is built from the runtime's view and the session's own snapshot; resign, declare and the
 * arbiter's actions go into the runtime's inbox.
 *
 * <p>Threads: the application runs its own scan thread (real time), or is stepped by {@link #advance(long)} on a
 * {@link ManualClock} (tests). Its events arrive on that thread; the page's requests on the server's.
 */
public final class BoardApplicationAdapter implements WebBoard {
    private static final Logger log = LoggerFactory.getLogger(BoardApplicationAdapter.class);
    /** Log lines kept for listeners that come later. */
    static final int RECENT = 50;
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    /** What the board application cannot do; the page shows these buttons but the board answers that it cannot. */
    static final List<String> UNSUPPORTED = List.of();
    /** The time control of a new game when the page or the command line names none. */
    static final String DEFAULT_TIME = "main=600,byoyomi=30,periods=1";

    /**
     * Where the board keeps its state and whom it talks to besides the page.
     *
     * @param records the directory where records are saved and listed, or null to keep them in memory only
     * @param state the state directory (journal, link events), or null for none
     * @param serial the USB link's device, or null for no link
     * @param link the link's settings (board id, arbiter PIN), used with {@code serial}
     */
    public record Storage(Path records, Path state, SerialTransport serial, LinkSettings link) {
        /** Records only (or none), no journal, no link. */
        public static Storage records(Path records) {
            return new Storage(records, null, null, null);
        }
    }

    private final SensorKind sensors;
    private final MonotonicClock clock;
    private final boolean stepped;
    private final MemoryBoard hardware;
    private final Board ports;
    private final PieceTable table;
    private final GameShelf shelf;
    private final BackgroundRecordSink diskSink;
    private final SessionJournal journal;
    private final GameSettings boardSettings;
    private final BoardApplication app;
    private final AutoCloseable serialLink;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    /** The engine games may be played against ({@link #attachEngine}), or null. */
    private volatile org.shogiban.engine.EnginePlayer engine;
    /** The last log lines, told to a new listener first. */
    private final java.util.Deque<String[]> recent = new java.util.ArrayDeque<>();
    private volatile LedFrame leds = LedFrame.dark();

    // the settings of the game set up or played, as the session said at its last setup or resume; guarded by this
    private String mode;
    private String timeText;
    private String startText;
    private Position start;
    private GameRequest.Players players = GameRequest.Players.NONE;

    /** A board keeping its records in {@code records} (or in memory when null), without journal or link. */
    public BoardApplicationAdapter(Setup settings, MonotonicClock clock, Clock wallClock, Path records) {
        this(settings, clock, wallClock, Storage.records(records));
    }

    /**
     * @param settings how the board is built and plays when a new game asks nothing else
     * @param clock the scan clock: a {@link ManualClock} steps the board by {@link #advance(long)}, any other clock
     *     runs the board on its own scan thread
     * @param wallClock calendar time for the records
     * @param storage records, state directory and serial link
     * @throws IllegalArgumentException for a bad mode, time control or start
     * @throws org.shogiban.journal.JournalException when the state directory cannot be written
     */
    public BoardApplicationAdapter(Setup settings, MonotonicClock clock, Clock wallClock, Storage storage) {
        this.sensors = Objects.requireNonNull(settings.sensors(), "sensors");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.stepped = clock instanceof ManualClock;
        this.boardSettings = boardSettings(settings);
        this.hardware = new MemoryBoard(sensors, clock);
        this.ports = new Board(hardware.squares, hardware.komadai, new PageLeds(), hardware.clock, new PageBuzzer(),
                hardware.buttons, hardware.faults, () -> { });
        this.table = new PieceTable(sensors, hardware.squares, hardware.komadai);
        this.diskSink = storage.records() == null ? null
                : new BackgroundRecordSink(new RecordDirectory(storage.records()));
        this.shelf = new GameShelf(storage.records(), diskSink == null ? RecordSink.NONE : diskSink);
        this.journal = storage.state() == null ? null : SessionJournal.open(storage.state(), wallClock);
        GameSession session = journal == null ? new GameSession(boardSettings, wallClock)
                : Resumption.session(boardSettings, wallClock, journal, clock.millis(), line -> {
                    log.info("{}", line);
                    logged("event", line);
                });
        app = new BoardApplication(ports, ScanSettings.defaults(), clock, session, shelf);
        if (journal != null) {
            app.setJournal(journal);
        }
        app.addListener(this::onEvent);
        app.addPassListener(now -> snapshotPassed());
        serialLink = storage.serial() == null ? () -> { } : SerialLinks.attach(app, storage.records(),
                SerialLinks.eventDirectory(storage.state(), storage.records()), storage.serial(), storage.link());
        noteSettings(session);
        // the simulated pieces stand where the players left them: the start, or the resumed game's position
        table.layOut(session.position());
        if (!stepped) {
            app.start();
        }
        log.info("web board: {} mode, time {}, start {}", mode, timeText, startText);
    }

    /** The board's own settings from the command line's words. */
    private GameSettings boardSettings(Setup setup) {
        PlayMode playMode = PlayMode.parse(mode(setup.mode()));
        TimeControl control = TimeControl.parse(setup.time() == null || setup.time().isBlank() ? DEFAULT_TIME
                : setup.time());
        Position position = StartPositions.parse(setup.start() == null || setup.start().isBlank() ? "startpos"
                : setup.start());
        return playMode.applyTo(GameSettings.of(position, InferenceConfig.defaults(sensors)).withTime(control));
    }

    // ------------------------------------------------------------------------------------------------ games

    @Override
    public void newGame(NewGame request) {
        Optional<RemotePlayer> remote = blank(request.engine()).filter(e -> !e.equals("none"))
                .map(side -> RemotePlayer.parse(side, blank(request.level()).orElse(null),
                        org.shogiban.link.NewGameOptions.DEFAULT_LEVEL));
        if (remote.isPresent() && engine == null) {
            throw new IllegalArgumentException("engine: no engine on this board (start the simulator with --engine)");
        }
        GameRequest asked = new GameRequest(blank(request.sente()), blank(request.gote()),
                blank(request.time()).map(TimeControl::parse), blank(request.start()).map(StartPositions::parse),
                blank(request.mode()).map(m -> PlayMode.parse(mode(m))), GameRequest.WhilePlaying.ABORT, remote);
        Position target = asked.applyTo(boardSettings).start();
        app.submit(new SessionInput.NewGame(app.now(), asked));
        if (request.layOut()) {
            table.layOut(target);
        }
        changed();
    }

    private static Optional<String> blank(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }

    private static String mode(String text) {
        String m = text == null || text.isBlank() ? "casual" : text.strip().toLowerCase(Locale.ROOT);
        return switch (m) {
            case "casual", "stable" -> "casual";
            case "tournament", "clock" -> "tournament";
            default -> throw new IllegalArgumentException("mode '" + text + "' is not casual or tournament");
        };
    }

    /** Plays the engine side of games that ask for one, and gives hints; closed with the board. */
    public void attachEngine(org.shogiban.engine.EngineSettings settings) {
        engine = org.shogiban.engine.EnginePlayer.attach(app, settings);
    }

    @Override
    public void hint() {
        org.shogiban.engine.EnginePlayer e = engine;
        if (e == null) {
            throw new UnsupportedOperationException("no engine gives hints on this board (--engine)");
        }
        e.hint();
    }

    /** Lets board time pass on a {@link ManualClock}, one scan pass every 10 ms (tests; nothing sleeps). */
    void advance(long millis) {
        if (!stepped) {
            throw new IllegalStateException("the board runs in real time on its own thread");
        }
        ManualClock manual = (ManualClock) clock;
        for (long t = 0; t < millis; t += 10) {
            app.step(manual.advance(10));
        }
    }

    // ------------------------------------------------------------------------------------------------ events

    // what the pages were last told of the session's snapshot; the scan thread's only
    private String toldPhase;
    private int toldPly = -1;
    private String toldRunning;
    private String toldStart;
    private boolean toldOver;
    private Object toldPlayers;
    private String toldWaiting;

    /**
     * After each pass (on the scan thread): the session's snapshot is renewed at the end of a pass, after its events
     * were told; when what a page shows of it changed (the phase, the ply, whose clock runs, the start, the result),
     * the pages are told again, so that they never keep a stale clock or move list.
     */
    private void snapshotPassed() {
        BoardSnapshot s = app.snapshot();
        String running = s.clock() == null ? null : s.clock().running();
        if (s.ply() != toldPly || !s.phase().equals(toldPhase) || !Objects.equals(running, toldRunning)
                || !Objects.equals(s.startSfen(), toldStart) || (s.result() != null) != toldOver
                || !s.players().equals(toldPlayers) || !waitingKinds(s).equals(toldWaiting)) {
            toldPlayers = s.players();
            toldWaiting = waitingKinds(s);
            toldPly = s.ply();
            toldPhase = s.phase();
            toldRunning = running;
            toldStart = s.startSfen();
            toldOver = s.result() != null;
            changed();
        }
    }

    private static String waitingKinds(BoardSnapshot s) {
        return String.join(",", s.waitingFor().stream().map(BoardSnapshot.Waiting::kind).toList());
    }

    /** On the runtime's thread. */
    private void onEvent(BoardEvent event) {
        if (event instanceof BoardEvent.SetupStarted || event instanceof BoardEvent.GameResumed) {
            noteSettings(app.session());
        }
        if (event instanceof BoardEvent.SetupStarted) {
            shelf.newGame();
        }
        logged(event instanceof BoardEvent.FaultChanged ? "fault" : "event", event instanceof BoardEvent.MovePlayed m
                ? describe(m) : event.describe());
        changed();
    }

    /** A move as the board's events write it, then as players do: {@code ply 1: sente played 7g7f ☗７六歩}. */
    private String describe(BoardEvent.MovePlayed m) {
        Optional<Game> game = app.session().game();
        if (game.isEmpty() || game.get().plies() < m.ply()) {
            return m.describe();
        }
        Position before = game.get().positionAfter(m.ply() - 1);
        Square lastTo = m.ply() >= 2 ? game.get().moves().get(m.ply() - 2).to() : null;
        Move move = m.move();
        PieceType kind = move.isDrop() ? move.drop() : before.pieceAt(move.from()).type();
        String ki2 = KifWriter.ki2Text(new RecordBoard(before), move, kind, m.mover(), lastTo);
        return m.describe() + " " + (m.mover() == Side.SENTE ? "☗" : "☖") + ki2.replace("\u3000", "");
    }

    /** Keeps what the page shows of the game's settings (read on the runtime's thread, or before it runs). */
    private void noteSettings(GameSession session) {
        GameSettings s = session.settings();
        Position target = session.game().map(g -> g.start()).filter(g -> session.phase()
                != org.shogiban.session.BoardPhase.SETTING_UP).orElse(s.start());
        synchronized (this) {
            mode = PlayMode.of(s).label();
            players = session.players();
            timeText = s.timeControl().spec();
            start = target;
            startText = target.equals(Position.startpos()) ? "startpos" : Handicap.of(target).filter(
                    Handicap::isHandicap).map(StartPositions::name).orElse("sfen " + target.toSfen());
        }
    }

    // ------------------------------------------------------------------------------------------------ reading

    @Override
    public synchronized Setup setup() {
        return new Setup(sensors, mode, timeText, startText, UNSUPPORTED);
    }

    @Override
    public ObjectNode snapshot() {
        BoardView view = app.view();
        long now = clock.millis();
        ObjectNode s = JsonNodeFactory.instance.objectNode();
        s.put("phase", switch (view.phase()) {
            case SETTING_UP -> "SETUP";
            case PLAYING -> "PLAYING";
            case PAUSED -> "PAUSED";
            case OVER -> "OVER";
        });
        BoardSnapshot session = app.snapshot();
        synchronized (this) {
            s.put("ply", session.ply());
            s.put("sfen", view.position().toSfen());
            ArrayNode list = s.putArray("moves");
            session.moves().forEach(list::add);
            s.put("toMove", view.position().sideToMove().label());
            ObjectNode clockNode = session.clock() == null
                    ? JsonNodeFactory.instance.objectNode().put("running", "none")
                    : JSON.valueToTree(session.clock());
            clockNode.put("control", timeText);
            s.set("clock", clockNode);
            s.put("start", start.toSfen());
            s.put("mode", mode);
            ObjectNode names = s.putObject("players");
            names.put("sente", players.sente());
            names.put("gote", players.gote());
        }
        s.set("result", result(view.result()));
        s.put("arbiterCalled", session.arbiterCalled());
        ObjectNode waiting = waitingFor(view);
        if (waiting == null && session.waitingFor().stream().anyMatch(w -> w.kind().equals("pieces"))) {
            // after a resume or an undo the board checks the pieces against the game; nothing is wrong, hold still
            waiting = JsonNodeFactory.instance.objectNode().put("kind", "check");
        }
        if (waiting == null && view.phase() == org.shogiban.session.BoardPhase.PLAYING) {
            // the engine's move to make on the board, or the engine thinking
            waiting = session.waitingFor().stream().filter(w -> w.kind().startsWith("opponent-")).findFirst()
                    .map(w -> (ObjectNode) JSON.valueToTree(w)).orElse(null);
        }
        s.set("waitingFor", waiting);
        s.set("engine", engineSeat(session));
        s.put("sensors", sensors.name().toLowerCase(Locale.ROOT));
        s.put("inCheck", view.phase() == org.shogiban.session.BoardPhase.PLAYING && view.position().isInCheck());
        s.put("lastMove", view.lastMove() == null ? null : view.lastMove().usi());
        return s;
    }

    /** {@code {side, level, name}} of the engine playing this game, or null. */
    private static ObjectNode engineSeat(BoardSnapshot session) {
        for (var p : session.players().entrySet()) {
            if ("engine".equals(p.getValue().get("kind"))) {
                ObjectNode o = JsonNodeFactory.instance.objectNode();
                o.put("side", p.getKey());
                o.put("level", (Integer) p.getValue().get("level"));
                o.put("name", (String) p.getValue().get("name"));
                return o;
            }
        }
        return null;
    }

    private static ObjectNode result(GameResult r) {
        if (!r.isOver()) {
            return null;
        }
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("status", r.status().name());
        o.put("winner", r.winner() == null ? null : r.winner().label());
        o.put("reason", r.reason() == null ? null : r.reason().name());
        o.put("ply", r.ply());
        return o;
    }

    private static ObjectNode waitingFor(BoardView view) {
        ObjectNode w = JsonNodeFactory.instance.objectNode();
        switch (view.phase()) {
            case SETTING_UP -> w.put("kind", "setup");
            case OVER -> {
                w.put("kind", "next-game");
                w.put("button", "menu");
                return w;
            }
            case PLAYING -> {
                if (view.illegalMove() != null) {
                    w.put("kind", "put-back");
                    w.put("move", view.illegalMove().usi());
                } else if (view.promotionSquare() != null) {
                    w.put("kind", "promotion");
                    w.put("square", view.promotionSquare().usi());
                    return w;
                } else if (!view.wrongSquares().isEmpty() || !view.wrongSlots().isEmpty()) {
                    w.put("kind", "put-back");
                } else {
                    return null;
                }
            }
        }
        ArrayNode squares = w.putArray("squares");
        for (SquareMismatch m : view.wrongSquares()) {
            squares.add(m.square().usi());
        }
        ArrayNode slots = w.putArray("slots");
        for (SlotMismatch m : view.wrongSlots()) {
            slots.add(m.player().name().toLowerCase(Locale.ROOT) + ":"
                    + org.shogiban.rules.PieceType.HAND_KINDS[m.slot().ordinal()].letter());
        }
        return w;
    }

    @Override
    public LedFrame leds() {
        return leds;
    }

    @Override
    public PieceTable.TableView table() {
        return table.view();
    }

    @Override
    public List<GameEntry> games() {
        return shelf.list();
    }

    @Override
    public Optional<GameRecord> record(String id) {
        return shelf.record(id);
    }

    // ------------------------------------------------------------------------------------------------ hands

    @Override
    public void lift(Place place) {
        table.lift(place);
        changed();
    }

    @Override
    public void put(Place place, Integer heldIndex) {
        table.put(place, heldIndex);
        changed();
    }

    @Override
    public void flipHeld(int heldIndex) {
        table.flipHeld(heldIndex);
        changed();
    }

    @Override
    public void layOut() {
        Position target;
        synchronized (this) {
            target = start;
        }
        table.layOut(target);
        changed();
    }

    @Override
    public void press(Button button) {
        hardware.buttons.click(Objects.requireNonNull(button, "button"));
    }

    @Override
    public void resign(Side loser) {
        app.submit(new SessionInput.Resign(app.now(), loser));
    }

    @Override
    public void declare() {
        app.submit(new SessionInput.Declare(app.now()));
    }

    @Override
    public void arbiter(List<String> words) {
        app.submit(ArbiterCommands.parse(words, app.now()));
    }

    // ------------------------------------------------------------------------------------------------ news

    @Override
    public AutoCloseable subscribe(Listener listener) {
        Objects.requireNonNull(listener);
        synchronized (recent) {
            // what happened before the listener came (the first game's start) is told first, in order
            for (String[] line : recent) {
                listener.logged(line[0], line[1]);
            }
            listeners.add(listener);
        }
        return () -> listeners.remove(listener);
    }

    private void changed() {
        for (Listener l : listeners) {
            try {
                l.changed();
            } catch (RuntimeException e) {
                log.warn("page listener failed: {}", e.toString());
            }
        }
    }

    private void logged(String kind, String text) {
        synchronized (recent) {
            recent.addLast(new String[] {kind, text});
            while (recent.size() > RECENT) {
                recent.removeFirst();
            }
            // under the same lock as subscribe's replay: a new listener gets each line exactly once
            for (Listener l : listeners) {
                try {
                    l.logged(kind, text);
                } catch (RuntimeException e) {
                    log.warn("page listener failed: {}", e.toString());
                }
            }
        }
    }

    @Override
    public void close() {
        org.shogiban.engine.EnginePlayer player = engine;
        if (player != null) {
            player.close();
        }
        app.close();
        try {
            serialLink.close();
        } catch (Exception e) {
            log.warn("closing the USB link failed: {}", e.toString());
        }
        if (diskSink != null) {
            diskSink.close();
        }
        if (journal != null) {
            try {
                journal.close();
            } catch (java.io.IOException e) {
                log.warn("closing the journal failed: {}", e.toString());
            }
        }
    }

    /** The LEDs as the page sees them: the current frame, and a change told to the pages. */
    private final class PageLeds implements LedPanel {
        @Override
        public void show(LedFrame frame) {
            leds = Objects.requireNonNull(frame);
            changed();
        }
    }

    /** The buzzer's sounds go to the pages' logs (the page plays them). */
    private final class PageBuzzer implements Buzzer {
        @Override
        public void beep() {
            logged("sound", "beep");
        }

        @Override
        public void longTone() {
            logged("sound", "long tone");
        }

        @Override
        public void silence() {
            // nothing is playing long enough on a page to be stopped
        }
    }
}
