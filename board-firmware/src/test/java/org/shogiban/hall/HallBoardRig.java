package org.shogiban.hall;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.shogiban.app.AssembledBoard;
import org.shogiban.link.LoggedEvent;
import org.shogiban.port.EventStream;
import org.shogiban.port.PartFactory;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.app.RecordSink;
import org.shogiban.app.Resumption;
import org.shogiban.app.SessionJournal;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.MovingWall;

/**
 * A board in a hall for the tests: the real runtime on memory sensors, its journal and event log in a state directory,
 * connected to a broker by {@link HallLinks}. The game's time is stepped by the test (10 ms passes; nothing sleeps);
 * the hall connection's threads run in real time.
 */
public final class HallBoardRig implements AutoCloseable {
    public static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);
    public static final String PIN = "2718";

    public final ManualClock clock = new ManualClock();
    public final MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);
    public final BoardApplication app;
    private final AssembledBoard board;
    /** The board's numbered events, as a part sees them through its port. */
    private EventStream events;
    private Position position = Position.startpos();

    /** A board with its state in {@code dir} (a game there is resumed) in hall {@code h1} as {@code boardId}. */
    public HallBoardRig(Path dir, String broker, String boardId, String user, String password) {
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY));
        // calendar time moves with the stepped clock: each game gets its own id
        Clock wall = MovingWall.stepped(WALL.instant(), clock);
        // the board as serve builds it, stepped: journal and events in dir, the hall a part made from its port
        board = BoardAssembly.of(settings, hardware.board()).clock(clock).wallClock(wall).state(dir)
                .resumptionNotes(line -> { }).part(HallLinks.part(HallSettings.of(broker, "h1", boardId,
                        Optional.ofNullable(user), Optional.ofNullable(password), Optional.of(PIN))))
                .part(PartFactory.of("events-probe", port -> {
                    events = port.events();
                    return () -> { };
                }))
                .assemble();
        app = board.application();
        app.game().ifPresent(g -> {
            position = g.current();
        });
        layOut(app.game().isPresent() ? position : Position.startpos());
    }

    /** The board's numbered events kept so far (the link's words), oldest first. */
    public List<LoggedEvent> events() {
        return events.since(0);
    }

    /** Puts every piece of a position on the board at once and lets the board see it. */
    public HallBoardRig layOut(Position p) {
        ExpectedFrame picture = ExpectedFrame.of(p);
        for (int i = 0; i < 81; i++) {
            hardware.squares.set(i, picture.reading(i, SensorKind.OCCUPANCY));
        }
        for (Player pl : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                hardware.komadai.set(pl, s, picture.komadai(pl, s));
            }
        }
        return run(800);
    }

    /** A move by hand as a player makes it (a captured piece to the komadai first), then left alone until it counts. */
    public HallBoardRig move(String usi) {
        Move m = Move.parseUsi(usi);
        org.shogiban.testdata.Hands.move(hardware, SensorKind.OCCUPANCY, position, m, 700, this::run);
        position = position.play(m);
        return this;
    }

    public HallBoardRig moves(List<String> usi) {
        usi.forEach(this::move);
        return this;
    }

    /** A piece moved where it cannot go (a foul), by hand; the position stays as it was. */
    public HallBoardRig illegal(String from, String to) {
        hardware.squares.set(Square.parse(from).index(), SquareReading.EMPTY);
        run(100);
        hardware.squares.set(Square.parse(to).index(), SquareReading.OCCUPIED);
        return run(700);
    }

    /** A button pressed. */
    public HallBoardRig press(org.shogiban.hal.Button button) {
        hardware.buttons.click(button);
        return run(100);
    }

    public HallBoardRig run(long millis) {
        for (long t = 0; t < millis; t += 10) {
            app.step(clock.advance(10));
        }
        return this;
    }

    @Override
    public void close() {
        board.close();
    }
}
