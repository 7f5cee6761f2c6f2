package org.shogiban.hall.bench;

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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.hall.store.HallStore;

/**
 * What the hall's state on disk costs per move of a board: the board's document (3 KB: its snapshot and calls) and
 * the game's record (6.7 KB of JKF, as the board publishes it after each move) written to SQLite, as the hall does for
 * each state and record message. Run: {@code ./mvnw -q -pl board-firmware -am test-compile && ./mvnw -q -pl
 * board-firmware exec:exec@jmh -Djmh.args="HallStoreBenchmark -f 1 -wi 3 -i 5"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HallStoreBenchmark {
    private Path dir;
    private HallStore store;
    private final String doc = "{\"state\":\"" + "x".repeat(3000) + "\"}";
    private final String jkf = "{\"moves\":\"" + "m".repeat(6700) + "\"}";
    private int board;

    @Setup
    public void open() throws IOException {
        dir = Files.createTempDirectory("hall-store-bench");
        store = HallStore.open(dir);
    }

    @Benchmark
    public void oneMoveOfOneBoard() {
        String id = "b" + (board++ % 300);
        store.putBoard(id, doc);
        store.putGame(id, "game", jkf);
    }

    @TearDown
    public void close() throws IOException {
        store.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
