package org.shogiban.hall.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.hall.store.HallStore;

/**
 * What the hall's state on disk costs per move of a board (docs/benchmarks.md, "The hall's state on disk").
 * {@link #writtenBehind}: what the hall writes now, one write-behind transaction every 200 ms holding the documents
 * (3 KB: snapshot and calls) of the boards that changed in it and the records (6.7 KB of JKF) of the games in progress
 * whose half minute is up; at 300 boards and 72 moves a second that is 14 moves a flush, for which it writes 16
 * documents (the 14 boards that moved and 2 whose snapshot alone is five seconds old: boards on a clock that did not
 * move for 5 s; none without a clock) and 2 records (300 games' every 30 s).
 * {@link #oneCommitPerMessage}: what the hall wrote before, the document and the record in a commit each, for each
 * move (and again for each snapshot), for comparison under the same load.
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

    /** Moves per write-behind transaction at 300 boards (72 moves a second, one flush every 200 ms). */
    static final int MOVES_PER_FLUSH = 14;

    @Benchmark
    @OperationsPerInvocation(MOVES_PER_FLUSH)
    public void writtenBehind() {
        Map<String, String> docs = new LinkedHashMap<>();
        for (int i = 0; i < 16; i++) {
            docs.put("b" + (board++ % 300), doc);
        }
        List<String[]> games = List.of(new String[] {"b" + (board % 300), "game", jkf},
                new String[] {"b" + ((board + 1) % 300), "game", jkf});
        store.putBatch(docs, games);
    }

    @Benchmark
    public void oneCommitPerMessage() {
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
