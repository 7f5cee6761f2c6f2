package org.shogiban.engine;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.port.ForwardingPort;
import org.shogiban.port.PartFactory;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.Board;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.Sides;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.testdata.Hands;

/**
 * Engine move → lights on, in real time as on the board: the runtime's own 100 Hz scan thread, Fairy-Stockfish at
 * level 1 playing gote through the {@link EnginePlayer}; the time from the player handing the engine's answer to the
 * board's inbox (right after its {@code bestmove} line was read) to the LED frame that lights it. The harness plays
 * sente's random legal moves and makes the engine's moves on the memory sensors.
 *
 * <p>A harness, not a test. Run from board-firmware after {@code test-compile}:
 * {@code java -cp target/test-classes:target/classes:../hal/target/classes:<test classpath>
 * org.shogiban.engine.EngineLightsLatency} with {@code -Dsamples=N} (default 100 engine moves) and
 * {@code -Dengine=CMD} (default {@code /usr/games/fairy-stockfish}).
 */
public final class EngineLightsLatency {
    private EngineLightsLatency() {
    }

    public static void main(String[] args) throws Exception {
        int samples = Integer.getInteger("samples", 100);
        long origin = System.nanoTime();
        MonotonicClock clock = () -> (System.nanoTime() - origin) / 1_000_000L;
        MemoryBoard hardware = new MemoryBoard(SensorKind.POLARITY, clock);
        AtomicLong litAt = new AtomicLong();
        AtomicLong submittedAt = new AtomicLong();
        Board board = new Board(hardware.squares, hardware.komadai, frame -> {
            hardware.leds.show(frame);
            if (litAt.get() == 0 && lit(frame)) {
                litAt.set(System.nanoTime());
            }
        }, hardware.clock, hardware.buzzer, hardware.buttons, hardware.faults, () -> { });
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.POLARITY));
        Hands.layOut(hardware, SensorKind.POLARITY, Position.startpos());
        List<Double> ms = new ArrayList<>();
        EngineSettings engine = EngineSettings.of(System.getProperty("engine",
                EngineSettings.FAIRY_STOCKFISH.toString()), Map.of());
        // the engine part on a port that notes when it hands its move in (the board never sees the difference)
        PartFactory timed = PartFactory.of(EnginePlayer.NAME, port -> EnginePlayer.part(engine).create(
                new ForwardingPort(port) {
                    @Override
                    public void submit(SessionInput.Command command) {
                        if (command instanceof SessionInput.OpponentMove) {
                            litAt.set(0);
                            submittedAt.set(System.nanoTime());
                        }
                        super.submit(command);
                    }
                }));
        try (AssembledBoard assembled = BoardAssembly.of(settings, board).clock(clock).wallClock(Clock.systemUTC())
                .part(timed).assemble()) {
            BoardApplication app = assembled.application();
            app.start();
            Random random = new Random(1);
            while (ms.size() < samples) {
                app.submit(new SessionInput.NewGame(app.now(), GameRequest.BOARD_SETTINGS.withRemote(
                        java.util.Optional.of(RemotePlayer.engine(Side.GOTE, 1)))));
                Thread.sleep(50);
                Hands.layOut(hardware, SensorKind.POLARITY, Position.startpos());
                await(app, s -> "PLAYING".equals(s.phase()));
                while ("PLAYING".equals(app.snapshot().phase()) && ms.size() < samples) {
                    List<Move> legal = position(app).legalMoves();
                    hands(hardware, position(app), legal.get(random.nextInt(legal.size())));
                    BoardSnapshot s = await(app, x -> !"PLAYING".equals(x.phase()) || x.waitingFor().stream()
                            .anyMatch(w -> "opponent-move".equals(w.kind())));
                    if (!"PLAYING".equals(s.phase())) {
                        break;
                    }
                    while (litAt.get() == 0) {
                        Thread.onSpinWait();
                    }
                    ms.add((litAt.get() - submittedAt.get()) / 1e6);
                    String usi = s.waitingFor().stream().filter(w -> "opponent-move".equals(w.kind())).findFirst()
                            .orElseThrow().usi();
                    hands(hardware, position(app), Move.parseUsi(usi));
                    await(app, x -> !"PLAYING".equals(x.phase()) || x.waitingFor().stream()
                            .noneMatch(w -> w.kind().startsWith("opponent-")));
                }
            }
        }
        double[] sorted = ms.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        System.out.printf(Locale.ROOT, "EngineLightsLatency: %d engine moves; answer handed in -> LEDs lit (ms): "
                        + "min %.1f  p50 %.1f  p90 %.1f  p99 %.1f  max %.1f%n", sorted.length, sorted[0],
                at(sorted, 0.5), at(sorted, 0.9), at(sorted, 0.99), sorted[sorted.length - 1]);
    }

    private static boolean lit(LedFrame frame) {
        for (int i = 0; i < LedFrame.SQUARES; i++) {
            if (frame.square(i).equals(LedPlanner.OPPONENT_MOVE)) {
                return true;
            }
        }
        return false;
    }

    private static Position position(BoardApplication app) {
        return Position.fromSfen(app.snapshot().sfen());
    }

    private static BoardSnapshot await(BoardApplication app, java.util.function.Predicate<BoardSnapshot> p)
            throws InterruptedException {
        long end = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < end) {
            BoardSnapshot s = app.snapshot();
            if (p.test(s)) {
                return s;
            }
            Thread.sleep(2);
        }
        throw new IllegalStateException("the board did not get there: " + app.snapshot().toJson());
    }

    /** A move by hand on the memory sensors: a capture to the komadai first, then the piece, 60 ms apart. */
    private static void hands(MemoryBoard hw, Position before, Move move) throws InterruptedException {
        Side mover = before.sideToMove();
        ExpectedFrame after = ExpectedFrame.of(before.play(move));
        Piece captured = move.isDrop() ? null : before.pieceAt(move.to());
        if (captured != null) {
            hw.squares.set(move.to().index(), SquareReading.EMPTY);
            Thread.sleep(60);
            KomadaiSlot slot = Sides.slot(captured.type().unpromoted());
            hw.komadai.set(Sides.player(mover), slot, hw.komadai.get(Sides.player(mover), slot) + 1);
            Thread.sleep(60);
        }
        if (move.isDrop()) {
            KomadaiSlot slot = Sides.slot(move.drop());
            hw.komadai.set(Sides.player(mover), slot, hw.komadai.get(Sides.player(mover), slot) - 1);
        } else {
            hw.squares.set(move.from().index(), SquareReading.EMPTY);
        }
        Thread.sleep(60);
        hw.squares.set(move.to().index(), after.reading(move.to().index(), SensorKind.POLARITY));
    }

    private static double at(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
