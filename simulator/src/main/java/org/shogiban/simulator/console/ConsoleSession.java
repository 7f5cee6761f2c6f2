package org.shogiban.simulator.console;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardView;
import org.shogiban.session.GameSettings;
import org.shogiban.session.IllegalMovePolicy;
import org.shogiban.session.GameRequest;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.link.NewGameOptions;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.app.RecordSink;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.inference.Sides;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.rules.Side;
import org.shogiban.simulator.table.PieceTable;
import org.shogiban.simulator.words.KifuWords;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.trace.TraceEvent;

/**
 * The board in a terminal: the firmware's {@link BoardApplication} runs on a {@link MemoryBoard} while the user
 * handles the pieces with commands read from a {@link Reader} (the trace format's actions without times, plus the
 * {@code move} shorthand), and the board is drawn on a {@link PrintStream} after each command. Works the same from a
 * keyboard (real time, 100 Hz scan thread) and from a pipe or a test (stepped time, nothing sleeps).
 */
public final class ConsoleSession {
    /** How long the board is left alone after a command before it is drawn: debounce plus the settle time. */
    static final long SETTLE_MILLIS = 500;
    /** Between the steps of the {@code move} shorthand: long enough for the debounce to see each. */
    static final long HANDLING_MILLIS = 100;
    private static final int EVENTS_SHOWN = 4;

    static final String HELP = """
            commands (squares in USI coordinates, e.g. 7g; komadai slots sente:P .. gote:R):
              lift 7g | lift sente:P          lift a piece into your hand
              place 7f | place 2b down        put the last lifted piece down (down = promoted side up)
              place gote:R                    put a lifted piece on a komadai
              press clock-sente|clock-gote|promote|confirm|arbiter|menu|resign-sente|resign-gote|declare
              press hint                      the engine's suggestion for the side to move (lit green; --engine)
              move 7g7f | move 8h2b+ | move P*5e   the whole handling of a move at once (captures to the komadai,
                                              promotion button on occupancy boards, the clock in --commit clock)
              wait 1500                       leave the board alone for so many milliseconds
              setup                           put every piece on the start position of the game being set up
              new [sente=<name>] [gote=<name>] [time=<spec>] [handicap=<name>] [mode=casual|tournament]
                  [engine=sente|gote] [level=1..10]  (engine: play against the --engine; its moves are lit)
                                              a new game (a game being played is aborted); what is left out is the
                                              board's setting (as the USB link's NEW)
              arbiter pause|resume|adjust <sente|gote> <±seconds>|result <status> <sente|gote|none> [reason]
                      |undo|overrule|abort        what the arbiter does (recorded in the record)
              state                           the board's state as JSON on one line
              show | help | quit""";

    private final BufferedReader in;
    private final PrintStream out;
    private final BoardTime time;
    private final SensorKind kind;
    private final GameSettings settings;
    private final boolean prompt;
    private final MemoryBoard hardware;
    private final BoardApplication app;
    private final PieceTable table;
    private final Deque<String> lastEvents = new ArrayDeque<>();
    /** The engine a player can play against ({@code play --engine}), or null. */
    private org.shogiban.engine.EnginePlayer engine;

    /**
     * A console board on its own memory hardware, without journal or link (tests, scripted runs).
     *
     * @param in the commands, one per line
     * @param out where the board and the events are printed
     * @param time real or stepped time
     * @param settings the start position and how moves are read (the sensor kind is the inference's)
     * @param records where game records go
     * @param wallClock calendar time for the records
     * @param prompt whether to print a prompt before each command (a terminal)
     */
    public ConsoleSession(Reader in, PrintStream out, BoardTime time, GameSettings settings, RecordSink records,
                          Clock wallClock, boolean prompt) {
        this(in, out, time, settings, prompt, new MemoryBoard(settings.inference().sensorKind(), time.clock()),
                records, wallClock);
    }

    private ConsoleSession(Reader in, PrintStream out, BoardTime time, GameSettings settings, boolean prompt,
                           MemoryBoard hardware, RecordSink records, Clock wallClock) {
        this(in, out, time, settings, prompt, hardware, BoardAssembly.of(settings, hardware.board())
                .clock(time.clock()).wallClock(wallClock).recordShelf(disk -> records).assemble().application());
    }

    /**
     * A console board on a board put together by {@link BoardAssembly} on {@code hardware} (its journal, records and
     * link are the assembly's); the simulated pieces stand where the session's game left them.
     */
    public ConsoleSession(Reader in, PrintStream out, BoardTime time, GameSettings settings, boolean prompt,
                          MemoryBoard hardware, BoardApplication app) {
        this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
        this.out = out;
        this.time = time;
        this.settings = settings;
        this.kind = settings.inference().sensorKind();
        this.prompt = prompt;
        this.hardware = hardware;
        this.app = app;
        this.table = new PieceTable(kind, hardware.squares, hardware.komadai);
        app.addListener(this::onEvent);
    }

    /** Plays the engine side of games that ask for one ({@code new engine=gote}), and gives hints. */
    public void setEngine(org.shogiban.engine.EnginePlayer player) {
        engine = player;
    }

    /** The application under the console (for tests). */
    BoardApplication application() {
        return app;
    }

    /** Presses a button as a player would (the USB link's {@code NEW} after a game presses MENU). Any thread. */
    void press(Button button) {
        hardware.buttons.click(button);
    }

    /** Runs until {@code quit} or the end of the input; returns the exit code (0). */
    public int run() throws IOException {
        out.println("ShogiBan console board: " + kind.name().toLowerCase(Locale.ROOT) + " sensors, commit "
                + settings.inference().commitPolicy().name().toLowerCase(Locale.ROOT) + ", illegal moves: "
                + (settings.illegalMoves() == IllegalMovePolicy.LOSS ? "the mover loses"
                : "put back") + ". Type help for the commands.");
        out.println(BoardDrawing.LEGEND);
        table.layOut(app.session().position());
        time.start(app);
        try {
            time.hold(SETTLE_MILLIS + 100);
            draw();
            while (true) {
                if (prompt) {
                    out.print("> ");
                    out.flush();
                }
                String line = in.readLine();
                if (line == null) {
                    break;
                }
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (line.equals("quit") || line.equals("exit")) {
                    break;
                }
                execute(line);
            }
        } finally {
            app.close();
        }
        return 0;
    }

    private void execute(String line) {
        String[] w = line.split("\\s+");
        try {
            switch (w[0]) {
                case "lift" -> {
                    words(w, 2, "lift <square|slot>");
                    table.lift(Place.parse(w[1]));
                    settleAndDraw();
                }
                case "place" -> {
                    if (w.length < 2 || w.length > 3) {
                        throw new IllegalArgumentException("usage: place <square|slot> [up|down]");
                    }
                    boolean down = w.length == 3 && switch (w[2]) {
                        case "down" -> true;
                        case "up" -> false;
                        default -> throw new IllegalArgumentException("'" + w[2] + "' is not up or down");
                    };
                    table.put(Place.parse(w[1]), down);
                    settleAndDraw();
                }
                case "press" -> {
                    words(w, 2, "press <button>");
                    if (w[1].equalsIgnoreCase("hint")) {
                        if (engine == null) {
                            throw new IllegalArgumentException("no engine for a hint: start play with --engine");
                        }
                        engine.hint();
                        settleAndDraw();
                        return;
                    }
                    hardware.buttons.click(button(w[1]));
                    settleAndDraw();
                }
                case "move" -> {
                    words(w, 2, "move <usi move>");
                    move(Move.parseUsi(w[1]));
                    settleAndDraw();
                }
                case "wait" -> {
                    words(w, 2, "wait <milliseconds>");
                    long ms = waitMillis(w[1]);
                    time.hold(ms);
                    draw();
                }
                case "setup" -> {
                    words(w, 1, "setup");
                    // the game being set up: the board's start, or what a new game asked for (a handicap)
                    table.layOut(app.facts().start());
                    settleAndDraw();
                }
                case "arbiter" -> {
                    app.submit(ArbiterCommands.parse(List.of(w).subList(1, w.length), app.now()));
                    settleAndDraw();
                }
                case "new" -> {
                    NewGameOptions options = NewGameOptions.parse(line.substring(w[0].length()));
                    if (options.remote().filter(RemotePlayer::isOnline).isPresent()) {
                        if (!app.hasPart("lishogi")) {
                            throw new IllegalArgumentException("no lishogi account: start play with "
                                    + "--lishogi-token-file FILE");
                        }
                    } else if (options.remote().isPresent() && engine == null) {
                        throw new IllegalArgumentException("no engine to play against: start play with --engine");
                    }
                    app.submit(new SessionInput.NewGame(app.now(),
                            options.toRequest(GameRequest.WhilePlaying.ABORT)));
                    settleAndDraw();
                }
                case "state" -> {
                    words(w, 1, "state");
                    out.println(app.snapshot().toJson());
                    out.flush();
                }
                case "show" -> draw();
                case "help" -> out.println(HELP);
                default -> throw new IllegalArgumentException("unknown command '" + w[0] + "'; type help");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            out.println("error: " + e.getMessage());
        }
    }

    /** The argument of {@code wait}: 0..600000 ms in ASCII digits. */
    static long waitMillis(String word) {
        if (word.isEmpty() || word.length() > 6 || !word.chars().allMatch(c -> c >= '0' && c <= '9')) {
            String shown = word.length() > 20 ? word.substring(0, 20) + "…" : word;
            throw new IllegalArgumentException("'" + shown + "' is not a number of milliseconds; wait 0..600000");
        }
        long ms = Long.parseLong(word);
        if (ms > 600_000) {
            throw new IllegalArgumentException(ms + " ms is more than 10 minutes; wait 0..600000");
        }
        return ms;
    }

    private static void words(String[] w, int count, String usage) {
        if (w.length != count) {
            throw new IllegalArgumentException("usage: " + usage);
        }
    }

    private static Button button(String name) {
        for (Button b : Button.values()) {
            if (TraceEvent.buttonName(b).equals(name.toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown button '" + name + "'; buttons are clock-sente, clock-gote,"
                + " promote, confirm, arbiter, menu, resign-sente, resign-gote, declare");
    }

    /**
     * The handling of a whole move as a player does it: a captured piece is lifted first, the piece moved (its
     * promoted side up when it promotes or was promoted), the captured piece put on the mover's komadai; on an
     * occupancy board an optional promotion is answered with PROMOTE or CONFIRM, and under the clock rule the mover
     * presses their clock. Illegal moves are handled as asked, for the board to judge.
     */
    private void move(Move move) {
        Position position = app.view().position();
        Side mover;
        Piece captured = null;
        if (move.isDrop()) {
            mover = position.sideToMove();
            Place slot = new Place.OnKomadai(Sides.player(mover),
                    KomadaiSlot.values()[move.drop().handIndex()]);
            table.lift(slot);
            time.hold(HANDLING_MILLIS);
            table.put(new Place.OnSquare(move.to()), false);
            time.hold(HANDLING_MILLIS);
        } else {
            Piece moving = table.at(move.from().index());
            if (moving == null) {
                throw new IllegalStateException("there is no piece on " + move.from().usi());
            }
            mover = moving.side();
            Piece target = table.at(move.to().index());
            if (target != null) {
                if (target.side() == mover) {
                    throw new IllegalStateException(move.to().usi() + " holds your own piece");
                }
                if (target.type() == PieceType.KING) {
                    throw new IllegalStateException("a king is never captured");
                }
                captured = table.lift(new Place.OnSquare(move.to()));
                time.hold(HANDLING_MILLIS);
            }
            table.lift(new Place.OnSquare(move.from()));
            time.hold(HANDLING_MILLIS);
            table.put(new Place.OnSquare(move.to()), move.promote() || moving.type().isPromoted());
            time.hold(HANDLING_MILLIS);
            if (kind == SensorKind.OCCUPANCY && optionalPromotion(position, move)) {
                hardware.buttons.click(move.promote() ? Button.PROMOTE : Button.CONFIRM);
                time.hold(HANDLING_MILLIS);
            }
            if (captured != null) {
                table.put(new Place.OnKomadai(Sides.player(mover),
                        KomadaiSlot.values()[captured.type().unpromoted().handIndex()]), false);
                time.hold(HANDLING_MILLIS);
            }
        }
        if (app.facts().mode() == org.shogiban.session.PlayMode.TOURNAMENT) {
            hardware.buttons.click(mover == Side.SENTE ? Button.CLOCK_SENTE : Button.CLOCK_GOTE);
        }
    }

    /** Whether the rules allow the move both with and without promotion: only then must the player say which. */
    private static boolean optionalPromotion(Position position, Move move) {
        return position.isLegal(Move.of(move.from(), move.to(), false))
                && position.isLegal(Move.of(move.from(), move.to(), true));
    }

    private void settleAndDraw() {
        time.hold(SETTLE_MILLIS);
        draw();
    }

    private void draw() {
        List<String> events;
        synchronized (lastEvents) {
            events = new ArrayList<>(lastEvents);
        }
        BoardView view = app.view();
        String drawing = BoardDrawing.draw(table, hardware.leds.current(), view, events);
        // one print under the stream's lock: an event line from the scan thread never lands inside the drawing
        synchronized (out) {
            out.print(drawing);
            out.flush();
        }
    }

    /**
     * "Check the pieces" in squares, not an SFEN: the squares where the pieces on the table differ from the game's
     * position, each with what it should hold.
     */
    private String checkPieces(BoardEvent.CheckPieces c) {
        PieceTable.TableView now = table.view();
        List<String> differ = new ArrayList<>();
        for (Square sq : Square.all()) {
            Piece want = c.position().pieceAt(sq);
            if (!java.util.Objects.equals(want, now.at(sq))) {
                differ.add(sq.usi() + " " + (want == null ? "empty" : want.side().label() + " "
                        + want.type().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')));
            }
        }
        return "check the pieces (" + c.why() + "): " + (differ.isEmpty() ? "every square shows the game"
                : "the board should show " + String.join(", ", differ));
    }

    /** Prints each event as it happens (on the scan thread in real time) and keeps the last few for the drawing. */
    private void onEvent(BoardEvent event) {
        String text = event instanceof BoardEvent.MovePlayed m
                ? KifuWords.of(app.session().game(), m).map(k -> m.describe() + " " + k).orElse(m.describe())
                : event instanceof BoardEvent.CheckPieces c ? checkPieces(c) : event.describe();
        synchronized (lastEvents) {
            if (event instanceof BoardEvent.SetupStarted && lastEvents.isEmpty()) {
                // the first setup is the console's own: the pieces are laid out already
                return;
            }
            lastEvents.addLast(text);
            while (lastEvents.size() > EVENTS_SHOWN) {
                lastEvents.removeFirst();
            }
        }
        synchronized (out) {
            out.println("» " + text);
            out.flush();
        }
    }
}
