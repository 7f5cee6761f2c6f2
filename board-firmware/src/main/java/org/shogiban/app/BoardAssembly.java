package org.shogiban.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.shogiban.hal.Board;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.scan.PassListener;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.port.BoardPort;
import org.shogiban.port.EventStream;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.session.BoardListener;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place a board is put together: the hardware's ports (Pi4J, or the simulator's memory board), the record
 * writer, the journal and the game it resumes, the runtime and its listeners, then the parts (the USB link, the hall
 * connection, the engine opponent, the online site), each made by its {@link PartFactory} from a port of its own
 * ({@link BoardPort}) and started before the first pass, so every part is on before the first change. The assembly
 * owns the board's event numbering and event stream ({@link BoardEvents}, made once when the first part asks for it):
 * the numbers are the same whatever the parts and their order. {@code serve}, {@code play}, {@code web} and
 * {@code hall-sim} all build their board here and nowhere else; what they differ in is an option of this builder.
 *
 * <pre>{@code
 * AssembledBoard board = BoardAssembly.of(settings, hardware).state(dir).records(dir.resolve("records"))
 *         .arbiterPin(pin).link(transport, "shogiban-pi").part(EnginePlayer.part(engine)).assemble();
 * board.start();   // ... board.close();
 * }</pre>
 */
public final class BoardAssembly {
    private static final Logger log = LoggerFactory.getLogger(BoardAssembly.class);

    private final GameSettings settings;
    private final Board hardware;
    private MonotonicClock clock = MonotonicClock.system();
    private Clock wallClock = Clock.systemDefaultZone();
    private ScanSettings scan = ScanSettings.defaults();
    private Path records;
    private UnaryOperator<RecordSink> recordShelf = UnaryOperator.identity();
    private Path state;
    private Consumer<String> say = line -> log.warn("{}", line);
    private Optional<String> arbiterPin = Optional.empty();
    private final List<BoardListener> listeners = new ArrayList<>();
    private final List<PassListener> passListeners = new ArrayList<>();
    private final List<PartFactory> factories = new ArrayList<>();

    private BoardAssembly(GameSettings settings, Board hardware) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.hardware = Objects.requireNonNull(hardware, "hardware");
    }

    /**
     * A board on these ports, playing with these settings when a game asks nothing else.
     *
     * @param hardware the ports; the assembled board closes them last
     */
    public static BoardAssembly of(GameSettings settings, Board hardware) {
        return new BoardAssembly(settings, hardware);
    }

    /** The scan clock (default: the system's monotonic clock; a {@code ManualClock} for stepped boards). */
    public BoardAssembly clock(MonotonicClock scanClock) {
        this.clock = Objects.requireNonNull(scanClock);
        return this;
    }

    /** Calendar time for the records and game ids (default: the system's, in its zone). */
    public BoardAssembly wallClock(Clock wall) {
        this.wallClock = Objects.requireNonNull(wall);
        return this;
    }

    /** The scan rate and debounce (default {@link ScanSettings#defaults()}; a board configuration's). */
    public BoardAssembly scan(ScanSettings settings) {
        this.scan = Objects.requireNonNull(settings);
        return this;
    }

    /** Saves records in this directory (atomically, on a thread of their own); null: not on disk. */
    public BoardAssembly records(Path directory) {
        this.records = directory;
        return this;
    }

    /**
     * Puts a record sink of the caller's in front of the disk writer (the web simulator's shelf keeps every record
     * in memory too); it is given the disk writer ({@link RecordSink#NONE} without a directory) to pass records on.
     */
    public BoardAssembly recordShelf(UnaryOperator<RecordSink> shelf) {
        this.recordShelf = Objects.requireNonNull(shelf);
        return this;
    }

    /** Journals every change in this directory and resumes the game found there; null: no journal. */
    public BoardAssembly state(Path directory) {
        this.state = directory;
        return this;
    }

    /** Where the board says what it found in the journal (resumed, damaged...); default the log. */
    public BoardAssembly resumptionNotes(Consumer<String> notes) {
        this.say = Objects.requireNonNull(notes);
        return this;
    }

    /**
     * The arbiter's PIN, given here once: the USB link checks it, and {@link AssembledBoard#arbiterPin()} hands it to
     * any other surface (the web page). Empty (the default): the arbiter's commands are off.
     */
    public BoardAssembly arbiterPin(Optional<String> pin) {
        this.arbiterPin = Objects.requireNonNull(pin);
        return this;
    }

    /** Attaches the USB link on this device, saying {@code boardId} in {@code HELLO}, with the service's settings. */
    public BoardAssembly link(SerialTransport transport, String boardId) {
        return link(transport, LinkSettings.of(boardId, Optional.empty()));
    }

    /**
     * Attaches the USB link with these settings (their PIN is replaced by the board's, {@link #arbiterPin}): the
     * part {@link SerialLinks#part}, made first.
     */
    public BoardAssembly link(SerialTransport transport, LinkSettings settings) {
        factories.add(0, SerialLinks.part(transport, settings));
        return this;
    }

    /** Tells a listener the board's events (after the journal and the sounds; before the parts' listeners). */
    public BoardAssembly listener(BoardListener listener) {
        listeners.add(Objects.requireNonNull(listener));
        return this;
    }

    /** Tells a listener of every scan pass that read the sensors (the service watchdog's proof of life). */
    public BoardAssembly passListener(PassListener listener) {
        passListeners.add(Objects.requireNonNull(listener));
        return this;
    }

    /**
     * Puts a part on the board, made by {@code factory} from a port of its own ({@link BoardPort}): every part
     * (engine, hall, online site...) is attached this one way. The parts are made in the order given, after the
     * runtime and the journal, then started in that order before the first pass; they are closed in the reverse
     * order after the runtime stopped.
     */
    public BoardAssembly part(PartFactory factory) {
        factories.add(Objects.requireNonNull(factory));
        return this;
    }

    /**
     * Builds the board; it does not scan yet. If a step fails, what was already built is closed again (the hardware
     * included) and the failure is thrown. A state directory that cannot be used does not fail it: the board plays
     * and shows the journal's fault (records kept inside it share its fate); a records directory of its own that
     * cannot be used does (IllegalArgumentException, one sentence): the board would lose every game.
     */
    public AssembledBoard assemble() {
        if (records != null && (state == null || !records.startsWith(state))) {
            RecordDirectory.checkUsable(records);
        }
        Deque<AutoCloseable> built = AssembledBoard.stack();
        built.push(hardware);
        BoardApplication app = null;
        try {
            BackgroundRecordSink disk = records == null ? null
                    : new BackgroundRecordSink(new RecordDirectory(records));
            if (disk != null) {
                built.push(disk);
            }
            RecordSink sink = recordShelf.apply(disk == null ? RecordSink.NONE : disk);
            SessionJournal journal = state == null ? null : SessionJournal.open(state, wallClock);
            if (journal != null) {
                built.push(journal);
            }
            GameSession session = journal == null ? new GameSession(settings, wallClock)
                    : Resumption.session(settings, wallClock, journal, clock.millis(), say);
            app = new BoardApplication(hardware, scan, clock, session, sink);
            if (journal != null) {
                app.setJournal(journal);
            }
            listeners.forEach(app::addListener);
            passListeners.forEach(app::addPassListener);
            AssembledBoard board = new AssembledBoard(app, records, state, arbiterPin, built);
            makeParts(app, board);
            return board;
        } catch (Exception e) {
            if (app != null) {
                app.close();
            }
            AssembledBoard.closeAll(built);
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException("a part of the board could not be attached: " + e.getMessage(), e);
        }
    }

    /**
     * Makes every part from its port, in the order given (the link first), then starts them in that order; each is
     * closed with the board, the last made first. The event stream is made when the first part asks for it, and
     * closed after every part made after it.
     */
    private void makeParts(BoardApplication app, AssembledBoard board) throws Exception {
        Set<String> names = new HashSet<>();
        factories.forEach(f -> names.add(f.name()));
        app.partsAttached(names);
        BoardEvents[] stream = new BoardEvents[1];
        Supplier<EventStream> events = () -> {
            if (stream[0] == null) {
                stream[0] = BoardEvents.open(app, BoardEvents.directory(board.state(), board.records()));
                board.add(() -> {
                    app.setEvents(null);
                    stream[0].close();
                });
            }
            return stream[0];
        };
        List<Part> made = new ArrayList<>();
        for (PartFactory factory : factories) {
            Part part = factory.create(new PartPort(factory.name(), app, board.records(), board.state(),
                    board.arbiterPin(), events, names));
            board.add(part);
            made.add(part);
        }
        for (Part part : made) {
            part.start();
        }
    }
}
