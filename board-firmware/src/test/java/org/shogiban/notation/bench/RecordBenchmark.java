package org.shogiban.notation.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.usi.UsiPositionLine;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.testdata.SharedData;

/**
 * Full games read and written per second, one game per operation, cycling through the 350 lishogi games (about 110
 * plies each) with players, a time for every move and a resignation. Run:
 * {@code ./mvnw -q -pl board-firmware -am test-compile && ./mvnw -q -pl board-firmware exec:exec@jmh
 * -Djmh.args="RecordBenchmark -f 1 -wi 3 -i 5"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordBenchmark {
    private final List<GameRecord> records = new ArrayList<>();
    private final List<byte[]> csa = new ArrayList<>();
    private final List<byte[]> kif = new ArrayList<>();
    private final List<byte[]> ki2 = new ArrayList<>();
    private final List<byte[]> jkf = new ArrayList<>();
    private int next;

    @Setup
    public void load() throws IOException {
        for (String line : Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt"))) {
            if (line.isBlank()) {
                continue;
            }
            UsiPositionLine usi = UsiPositionLine.parse("position startpos moves " + line.strip());
            List<RecordedMove> moves = new ArrayList<>();
            for (int i = 0; i < usi.moves().size(); i++) {
                moves.add(RecordedMove.of(usi.moves().get(i), Duration.ofSeconds(i % 60)));
            }
            Side toMove = moves.size() % 2 == 0 ? Side.SENTE : Side.GOTE;
            GameRecord record = new GameRecord(Position.startpos(), RecordHeader.EMPTY.with(RecordHeader.SENTE, "a")
                    .with(RecordHeader.GOTE, "b"), List.of(), moves, RecordEnd.of(EndKind.RESIGNATION, toMove));
            records.add(record);
            csa.add(GameRecords.encode(record, RecordFormat.CSA));
            kif.add(GameRecords.encode(record, RecordFormat.KIF));
            ki2.add(GameRecords.encode(record, RecordFormat.KI2));
            jkf.add(GameRecords.encode(record, RecordFormat.JKF));
        }
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == records.size() ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public GameRecord readCsa() {
        return GameRecords.read(csa.get(nextIndex()));
    }

    @Benchmark
    public GameRecord readKif() {
        return GameRecords.read(kif.get(nextIndex()));
    }

    @Benchmark
    public GameRecord readKi2() {
        return GameRecords.read(ki2.get(nextIndex()));
    }

    @Benchmark
    public GameRecord readJkf() {
        return GameRecords.read(jkf.get(nextIndex()));
    }

    @Benchmark
    public byte[] writeCsa() {
        return GameRecords.encode(records.get(nextIndex()), RecordFormat.CSA);
    }

    @Benchmark
    public byte[] writeKif() {
        return GameRecords.encode(records.get(nextIndex()), RecordFormat.KIF);
    }
}
