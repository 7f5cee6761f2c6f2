package org.shogiban.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.RecordSink;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.testdata.SteppedRig;

/**
 * A board in memory (stepped scan clock) with an {@link EnginePlayer} on a real engine process: the test's hands
 * make every move by handling the pieces (a capture first to the komadai, then the piece), the engine's by following
 * what the board lights. The engine thinks in real time; while it does, the board goes on in 10 ms passes.
 */
final class EngineRig extends SteppedRig<EngineRig> {
    static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);
    final BoardApplication app;
    final EnginePlayer player;

    EngineRig(SensorKind kind, Path records, EngineSettings engine) {
        super(kind);
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(kind)
                .withCommitPolicy(CommitPolicy.STABLE));
        EnginePlayer[] made = new EnginePlayer[1];
        // the board as play --engine builds it, stepped: the engine a part made from its port
        app = attach(BoardAssembly.of(settings, hardware.board()).clock(clock).wallClock(WALL)
                .recordShelf(disk -> records == null ? RecordSink.NONE : new RecordDirectory(records))
                .listener(events::add).part(EnginePlayer.part(engine, p -> made[0] = p)).assemble(), () -> "");
        player = made[0];
    }

    @Override
    protected EngineRig self() {
        return this;
    }

    /** Asks for a game against the engine on {@code side} at {@code level}, lays the pieces out, lets it start. */
    EngineRig newGame(Side side, int level) {
        app.submit(new SessionInput.NewGame(app.now(), GameRequest.BOARD_SETTINGS.withRemote(
                Optional.of(RemotePlayer.engine(side, level)))));
        run(20);
        layOut(Position.startpos());
        return run(600);
    }

    /** On an occupancy board a promotion is asked: the hands answer it as the move says. */
    @Override
    protected void afterHands(Move move) {
        if (kind == SensorKind.OCCUPANCY && app.view().promotionSquare() != null) {
            hardware.buttons.click(move.promote() ? Button.PROMOTE : Button.CONFIRM);
        }
    }
}
