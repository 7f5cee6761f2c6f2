package org.shogiban.link;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * From a move counted on the board (the board hands the {@code MOVE} event to the link) to its {@code * <seq> MOVE}
 * line read by the host, over a socat pseudo-terminal pair: the event log's forced write (with {@code log=file}, in
 * {@code target/}), the event thread, the queue, the writer thread, jSerialComm, socat, and the host's read. Mode
 * SampleTime prints p0.99.
 *
 * <pre>cp -r ~/.m2/repository ../m2-copy    # once: the benchmark reads hal from a repository, not the shared ~/.m2
 * ./mvnw -q -Dmaven.repo.local=../m2-copy -pl hal install -DskipTests
 * ./mvnw -q -Dmaven.repo.local=../m2-copy -pl board-firmware test-compile exec:exec@jmh \
 *     -Djmh.args="LinkLatencyBenchmark -f 1 -wi 2 -i 5"</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LinkLatencyBenchmark {
    @Param({"file", "memory"})
    public String log;

    private Path dir;
    private PtyPair pair;
    private FakeBoard board;
    private EventLog events;
    private LinkService link;
    private Host host;
    private long ply;

    @Setup
    public void setUp() throws IOException {
        Files.createDirectories(Path.of("target"));
        dir = Files.createTempDirectory(Path.of("target"), "link-bench");
        pair = new PtyPair(dir).start();
        board = new FakeBoard();
        events = log.equals("file") ? FileEventLog.open(dir.resolve("state"), 10_000) : new MemoryEventLog(10_000);
        board.numberWith(events);
        link = new LinkService(board, events, new JSerialCommTransport(pair.boardEnd(), 115_200),
                new LinkSettings("bench", "bench", Optional.empty(), 256, 1 << 20, 50, 1000));
        link.start();
        host = new Host(pair.hostEnd());
        host.handshake();
    }

    /** One move counted on the board, waited for at the host. */
    @Benchmark
    public String moveToHost() throws IOException {
        ply++;
        board.emit(LinkEvent.of("MOVE", Long.toString(ply), ply % 2 == 1 ? "7g7f" : "3c3d",
                ply % 2 == 1 ? "+7776FU,T3" : "-3334FU,T5"));
        return host.line();
    }

    @TearDown
    public void tearDown() throws InterruptedException {
        host.close();
        link.close();
        events.close();
        pair.close();
    }
}
