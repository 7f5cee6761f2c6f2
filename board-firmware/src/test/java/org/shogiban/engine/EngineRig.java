package org.shogiban.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.RecordSink;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.testdata.Hands;
import org.shogiban.testdata.SteppedBoard;

/**
 * A board in memory (stepped scan clock) with an {@link EnginePlayer} on a real engine process: the test's hands
 * make every move by handling the pieces (a capture first to the komadai, then the piece), the engine's by following
 * what the board lights. The engine thinks in real time; while it does, the board goes on in 10 ms passes.
 */
final class EngineRig implements AutoCloseable {
    static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);
    final ManualClock clock = new ManualClock();
    final SensorKind kind;
    final MemoryBoard hardware;
    final BoardApplication app;
    final EnginePlayer player;
    private final AssembledBoard board;
    private final SteppedBoard stepper;
    final List<BoardEvent> events = new CopyOnWriteArrayList<>();

    EngineRig(SensorKind kind, Path records, EngineSettings engine) {
        this.kind = kind;
        hardware = new MemoryBoard(kind, clock);
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(kind)
                .withCommitPolicy(CommitPolicy.STABLE));
        EnginePlayer[] made = new EnginePlayer[1];
        // the board as play --engine builds it, stepped: the engine a part made from its port
        board = BoardAssembly.of(settings, hardware.board()).clock(clock).wallClock(WALL)
                .recordShelf(disk -> records == null ? RecordSink.NONE : new RecordDirectory(records))
                .listener(events::add).part(EnginePlayer.part(engine, p -> made[0] = p)).assemble();
        app = board.application();
        player = made[0];
        stepper = new SteppedBoard(app, clock, () -> "");
    }

    /** Asks for a game against the engine on {@code side} at {@code level}, lays the pieces out, lets it start. */
    EngineRig newGame(Side side, int level) {
        app.submit(new SessionInput.NewGame(app.now(), GameRequest.BOARD_SETTINGS.withRemote(
                Optional.of(RemotePlayer.engine(side, level)))));
        run(20);
        layOut(Position.startpos());
        return run(600);
    }

    EngineRig layOut(Position position) {
        Hands.layOut(hardware, kind, position);
        return this;
    }

    EngineRig run(long millis) {
        stepper.run(millis);
        return this;
    }

    /**
     * Steps the board until the snapshot satisfies {@code done}, giving the engine's thread real time between passes
     * (at most {@code realMillis}); returns the snapshot.
     */
    BoardSnapshot until(Predicate<BoardSnapshot> done, long realMillis) {
        return stepper.until(done, realMillis);
    }

    /** The move the lights ask for, from the snapshot's {@code opponent-move}; null when none. */
    static BoardSnapshot.Waiting opponentMove(BoardSnapshot s) {
        return SteppedBoard.opponentMove(s);
    }

    /** Makes a move by hand as a player does: a captured piece lifted to the mover's komadai first. */
    EngineRig hands(Move move) {
        Hands.move(hardware, kind, app.session().position(), move, 100, this::run);
        if (kind == SensorKind.OCCUPANCY && app.view().promotionSquare() != null) {
            hardware.buttons.click(move.promote() ? Button.PROMOTE : Button.CONFIRM);
        }
        return run(500);
    }

    List<String> log() {
        List<String> out = new ArrayList<>();
        events.forEach(e -> out.add(e.describe()));
        return out;
    }

    @Override
    public void close() {
        board.close();
    }
}
