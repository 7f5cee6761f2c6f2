package org.shogiban.simulator.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.simulator.replay.GameReplayer;
import org.shogiban.simulator.replay.RecordReader;
import org.shogiban.simulator.replay.RecordedGame;
import org.shogiban.simulator.replay.ReplaySettings;

/**
 * Games replayed per second: one op generates the handling of a lishogi game (noise 2), renders it at 100 scans a
 * second with bounce, debounces it through the HAL scan loop and runs the inference, then checks the moves.
 *
 * <pre>./mvnw -q -pl simulator -am test-compile &amp;&amp;
 * ./mvnw -q -pl simulator exec:exec@jmh -Djmh.args="ReplayBenchmark -f 1 -wi 2 -i 3"</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReplayBenchmark {
    @Param({"OCCUPANCY", "POLARITY"})
    public SensorKind sensors;

    private List<RecordedGame> games;
    private GameReplayer replayer;
    private int next;

    @Setup
    public void setUp() throws Exception {
        // run from the module directory by exec:exec@jmh: the shared data lies beside the checkout
        Path file = null;
        for (String dir : new String[] {System.getProperty("shogiban.shared"), "../../shared", "../shared"}) {
            if (dir != null && java.nio.file.Files.exists(Path.of(dir, "data/games/lishogi-350.usi.txt"))) {
                file = Path.of(dir, "data/games/lishogi-350.usi.txt");
                break;
            }
        }
        if (file == null) {
            throw new IllegalStateException("lishogi-350.usi.txt not found: set -Dshogiban.shared=<dir with data/>");
        }
        games = RecordReader.read(file);
        replayer = new GameReplayer(InferenceConfig.defaults(sensors), ReplaySettings.standard().withBounce(25, 1), 2);
    }

    @Benchmark
    public boolean replayOneGame() {
        RecordedGame g = games.get(next++ % games.size());
        GameReplayer.Outcome o = replayer.replay(g, next);
        if (!o.ok()) {
            throw new IllegalStateException(o.line());
        }
        return o.ok();
    }
}
