package org.shogiban.journal.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.journal.Journal;
import org.shogiban.journal.JournalEntry;

/**
 * The time to journal one move: {@link Journal#append} with its {@code FileChannel.force}, the part of "sensor change
 * to acknowledged move" that waits for the disk. Sample time, so JMH reports p50/p99/p99.9. The journal lives in
 * {@code dir} (default {@code target/jmh-journal} under the working directory; give the state directory's disk with
 * {@code -p dir=/var/lib/shogiban/bench}); it is compacted every 1000 appends so it stays one game long, as on the
 * board.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class JournalBenchmark {
    @Param({"target/jmh-journal"})
    public String dir;

    private Path stateDir;
    private Journal journal;
    private long wall;
    private FileChannel raw;

    private static final String MOVE = "{\"ply\":57,\"usi\":\"8h2b+\",\"sente\":{\"mainMs\":412345,\"byoyomiMs\":30000,"
            + "\"periods\":1,\"considerUnits\":0},\"gote\":{\"mainMs\":398765,\"byoyomiMs\":30000,\"periods\":1,"
            + "\"considerUnits\":0},\"moveMs\":12345}";
    private static final byte[] LINE = ("123 1700000000000 move 0123abcd " + MOVE + "\n")
            .getBytes(StandardCharsets.UTF_8);

    @Setup(Level.Trial)
    public void open() throws IOException {
        stateDir = Paths.get(dir).toAbsolutePath();
        delete(stateDir);
        journal = Journal.open(stateDir);
        raw = FileChannel.open(stateDir.resolve("raw.log"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    @Benchmark
    public long appendMove() {
        long seq = journal.append("move", MOVE, ++wall);
        if (seq % 1000 == 0) {
            List<JournalEntry> last = journal.since(seq - 1);
            journal.compact(last);
        }
        return seq;
    }

    /** Baseline: the same line written and forced with fdatasync ({@code force(false)}) on a raw channel. */
    @Benchmark
    public long rawAppendForceData() throws IOException {
        return rawAppend(false);
    }

    /** Baseline: the same line written and forced with fsync ({@code force(true)}, what the journal does). */
    @Benchmark
    public long rawAppendForceAll() throws IOException {
        return rawAppend(true);
    }

    private long rawAppend(boolean metadata) throws IOException {
        if (raw.size() > 1_000_000) {
            raw.truncate(0);
        }
        raw.position(raw.size());
        raw.write(ByteBuffer.wrap(LINE));
        raw.force(metadata);
        return raw.size();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        journal.close();
        raw.close();
        delete(stateDir);
    }

    private static void delete(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
