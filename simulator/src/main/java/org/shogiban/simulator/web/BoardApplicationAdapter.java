package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.engine.EnginePlayer;
import org.shogiban.engine.EngineSettings;
import org.shogiban.hall.HallLinks;
import org.shogiban.hall.HallSettings;
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
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameRequest;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.PlayMode;
import org.shogiban.session.SessionInput;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.table.PieceTable;
import org.shogiban.simulator.words.KifuWords;
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
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    /** The time control of a new game when the page or the command line names none. */
    static final String DEFAULT_TIME = "main=600,byoyomi=30,periods=1";

    /**
     * Where the board keeps its state and whom it talks to besides the page.
     *
     * @param records the directory where records are saved and listed, or null to keep them in memory only
     * @param state the state directory (journal, link events), or null for none
     * @param serial the USB link's device, or null for no link
     * @param link the link's settings (board id, queue sizes), used with {@code serial}
     * @param arbiterPin the board's arbiter PIN, for the page and the link alike; empty: the arbiter's actions are off
     * @param hall the tournament hall to publish to (docs/hall.md), or null
     * @param engine the USI engine games may be played against and hints come from, or null for none
     */
    public record Storage(Path records, Path state, SerialTransport serial, LinkSettings link,
                          Optional<String> arbiterPin, HallSettings hall, EngineSettings engine,
                          org.shogiban.port.PartFactory lishogi) {
        public Storage {
            Objects.requireNonNull(arbiterPin, "arbiterPin");
        }

        /** No engine, not online. */
        public Storage(Path records, Path state, SerialTransport serial, LinkSettings link,
                       Optional<String> arbiterPin, HallSettings hall) {
            this(records, state, serial, link, arbiterPin, hall, null, null);
        }

        /** Not online. */
        public Storage(Path records, Path state, SerialTransport serial, LinkSettings link,
                       Optional<String> arbiterPin, HallSettings hall, EngineSettings engine) {
            this(records, state, serial, link, arbiterPin, hall, engine, null);
        }

        /** The same playing online on lishogi through this part (or null: not online). */
        public Storage withLishogi(org.shogiban.port.PartFactory part) {
            return new Storage(records, state, serial, link, arbiterPin, hall, engine, part);
        }

        /** No hall. */
        public Storage(Path records, Path state, SerialTransport serial, LinkSettings link,
                       Optional<String> arbiterPin) {
            this(records, state, serial, link, arbiterPin, null);
        }

        /** Records only (or none), no journal, no link, no arbiter. */
        public static Storage records(Path records) {
            return new Storage(records, null, null, null, Optional.empty());
        }

        /** The same with this arbiter's PIN. */
        public Storage withPin(String pin) {
            return new Storage(records, state, serial, link, Optional.of(pin), hall, engine, lishogi);
        }

        /** The same with this engine to play against (a part of the board, attached with it). */
        public Storage withEngine(EngineSettings settings) {
            return new Storage(records, state, serial, link, arbiterPin, hall, settings, lishogi);
        }
    }

    private final SensorKind sensors;
    private final MonotonicClock clock;
    private final boolean stepped;
    private final MemoryBoard hardware;
    private final Board ports;
    private final PieceTable table;
    private final GameShelf shelf;
    private final GameSettings boardSettings;
    private final AssembledBoard assembled;
    private final BoardApplication app;
    /** What the open pages are told. */
    private final PageTelling news = new PageTelling();
    /** The engine games may be played against ({@link Storage#engine()}), or null. */
    private volatile EnginePlayer engine;
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
        GameShelf[] shelfMade = new GameShelf[1];
        BoardAssembly assembly = BoardAssembly.of(boardSettings, ports).clock(clock).wallClock(wallClock)
                .records(storage.records()).recordShelf(disk -> shelfMade[0] = new GameShelf(storage.records(), disk))
                .state(storage.state()).resumptionNotes(line -> {
                    log.info("{}", line);
                    logged("event", line);
                })
                .listener(this::onEvent).passListener(now -> snapshotPassed());
        assembly.arbiterPin(storage.arbiterPin());
        if (storage.serial() != null) {
            assembly.link(storage.serial(), storage.link() != null ? storage.link()
                    : LinkSettings.of("simulator", Optional.empty()));
        }
        if (storage.hall() != null) {
            assembly.part(HallLinks.part(storage.hall()));
        }
        if (storage.engine() != null) {
            assembly.part(EnginePlayer.part(storage.engine(), player -> engine = player));
        }
        if (storage.lishogi() != null) {
            assembly.part(storage.lishogi());
        }
        assembled = assembly.assemble();
        shelf = shelfMade[0];
        app = assembled.application();
        GameSession session = app.session();
        noteSettings(session);
        // the simulated pieces stand where the players left them: the start, or the resumed game's position
        table.layOut(session.position());
        if (!stepped) {
            assembled.start();
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
        if (blank(request.online()).isPresent()) {
            if (!app.hasPart(org.shogiban.online.LishogiPart.NAME)) {
                throw new IllegalArgumentException("online: no lishogi account on this board (start the simulator "
                        + "with --lishogi-token-file FILE)");
            }
            java.util.Map<String, String> options = new java.util.HashMap<>();
            options.put("online", request.online().strip());
            options.put("time", blank(request.time()).orElse("none"));
            blank(request.color()).ifPresent(c -> options.put("color", c));
            blank(request.rated()).ifPresent(r -> options.put("rated", r));
            blank(request.user()).ifPresent(u -> options.put("user", u));
            app.submit(new SessionInput.NewGame(app.now(), org.shogiban.online.OnlineAsk.request(options)));
            changed();
            return;
        }
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

    @Override
    public void hint() {
        org.shogiban.engine.EnginePlayer e = engine;
        if (e == null) {
            throw new UnsupportedOperationException("no engine gives hints on this board (--engine)");
        }
        e.hint();
    }

    /** Lets board time pass on a {@link ManualClock}, one scan pass every 10 ms (tests; nothing sleeps). */
    public void advance(long millis) {
        if (!stepped) {
            throw new IllegalStateException("the board runs in real time on its own thread");
        }
        ManualClock manual = (ManualClock) clock;
        for (long t = 0; t < millis; t += 10) {
            app.step(manual.advance(10));
        }
    }

    // ------------------------------------------------------------------------------------------------ events

    /** After each pass (on the scan thread): the pages are told when what they show of the facts changed. */
    private void snapshotPassed() {
        news.passed(app.facts());
    }

    /** On the runtime's thread. */
    private void onEvent(BoardEvent event) {
        if (event instanceof BoardEvent.SetupStarted || event instanceof BoardEvent.GameResumed) {
            noteSettings(app.session());
        }
        if (event instanceof BoardEvent.SetupStarted) {
            shelf.newGame();
        }
        String kifu = switch (event) {
            case BoardEvent.MovePlayed m -> KifuWords.of(app.session().game(), m).orElse(null);
            // the page says these in kifu words too, never in USI coordinates
            case BoardEvent.IllegalMove i -> KifuWords.ofNext(app.session().game(), i.move(), i.mover()).orElse(null);
            case BoardEvent.HintShown h -> app.session().game().flatMap(g -> KifuWords.ofNext(Optional.of(g),
                    h.move(), g.current().sideToMove())).orElse(null);
            default -> null;
        };
        logged(event instanceof BoardEvent.FaultChanged ? "fault" : "event", event instanceof BoardEvent.MovePlayed m
                ? m.describe() + (kifu == null ? "" : " " + kifu) : event.describe(),
                EventWords.of(event, kifu, app.session().game().map(g -> g.plies()).orElse(0)));
        changed();
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
        return new Setup(sensors, mode, timeText, startText);
    }

    @Override
    public String stateJson() {
        return app.snapshot().toJson();
    }

    @Override
    public ObjectNode prompt() {
        return PagePrompt.of(app.view(), app.facts());
    }

    @Override
    public Optional<String> arbiterPin() {
        return assembled.arbiterPin();
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
        return news.subscribe(listener);
    }

    private void changed() {
        news.changed();
    }

    private void logged(String kind, String text) {
        news.logged(kind, text, null);
    }

    private void logged(String kind, String text, PageWords words) {
        news.logged(kind, text, words);
    }

    @Override
    public void close() {
        org.shogiban.engine.EnginePlayer player = engine;
        if (player != null) {
            player.close();
        }
        assembled.close();
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
            logged("sound", "short tone", PageWords.of("soundShort"));
        }

        @Override
        public void longTone() {
            logged("sound", "long tone", PageWords.of("soundLong"));
        }

        @Override
        public void silence() {
            // nothing is playing long enough on a page to be stopped
        }
    }
}
