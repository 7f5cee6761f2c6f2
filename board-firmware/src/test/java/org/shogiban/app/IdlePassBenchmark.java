package org.shogiban.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;

/**
 * One scan pass of an idle board, the runtime's whole pass ({@link BoardApplication#step}): the inbox, the scan of the
 * memory sensors, the session's tick, the journal's checkpoint check, the snapshot (made again every 100 ms), the
 * LEDs and the clock display. The board is assembled as {@code serve} assembles it (journal in a state directory
 * under target/) and waits: {@code game} a game waiting for sente's first move (no time control), {@code setup} the
 * pieces not yet set up. What this does not hold: the scan thread's wake-up (the scheduler's), measured with the
 * whole process in docs/benchmarks.md.
 *
 * <p>Run: {@code java -cp ... org.openjdk.jmh.Main IdlePassBenchmark -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class IdlePassBenchmark {
    @Param({"game", "setup"})
    public String board;

    private final ManualClock clock = new ManualClock();
    private AssembledBoard assembled;
    private BoardApplication app;
    private Path state;

    @Setup
    public void setUp() throws IOException {
        state = Files.createTempDirectory(Path.of(System.getProperty("bench.state", "target")), "idle-state");
        MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);
        assembled = BoardAssembly.of(GameSettings.of(Position.startpos(),
                InferenceConfig.defaults(SensorKind.OCCUPANCY)), hardware.board()).clock(clock).state(state)
                .assemble();
        app = assembled.application();
        if (board.equals("game")) {
            Hands.layOut(hardware, SensorKind.OCCUPANCY, Position.startpos());
        }
        for (int i = 0; i < 200; i++) {
            app.step(clock.advance(10));
        }
        String expected = board.equals("game") ? "PLAYING" : "SETUP";
        if (!app.snapshot().phase().equals(expected)) {
            throw new IllegalStateException("the board is not idle in " + expected + ": " + app.snapshot().toJson());
        }
    }

    @Benchmark
    public long pass() {
        app.step(clock.advance(10));
        return app.snapshot().seq();
    }

    @TearDown
    public void tearDown() throws IOException {
        assembled.close();
        try (var files = Files.walk(state)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
