package org.shogiban.hal.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;

/**
 * One full scan-and-debounce pass over 81 squares and 14 komadai slots, with sensors that answer from memory (the
 * cost of the I2C transfers themselves is the bus's, not the CPU's). Every 16th pass one square changes and stays
 * changed (160 ms, longer than the 40 ms stable time), so one pass in 16 also builds and publishes a frame.
 *
 * <p>{@code ./mvnw -q -pl hal test-compile exec:exec@jmh -Djmh.args="ScanBenchmark -f 1 -wi 3 -i 5"}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ScanBenchmark {
    private ScanLoop loop;
    private long now;
    private long pass;
    private final SquareReading[] board = new SquareReading[81];
    private final int[] komadai = new int[14];

    @Setup
    public void setUp() {
        for (int i = 0; i < 81; i++) {
            board[i] = i < 20 || i > 60 ? SquareReading.FACE_UP : SquareReading.EMPTY;
        }
        SquareSensors squares = new SquareSensors() {
            @Override
            public SensorKind kind() {
                return SensorKind.POLARITY;
            }

            @Override
            public void sample(SquareReading[] into) {
                System.arraycopy(board, 0, into, 0, 81);
            }
        };
        KomadaiSensors stands = into -> System.arraycopy(komadai, 0, into, 0, 14);
        ManualClock clock = new ManualClock();
        loop = new ScanLoop(squares, stands, ScanSettings.defaults(), clock, new FaultReporter(clock));
    }

    @Benchmark
    public boolean scanPass() {
        pass++;
        now += 10;
        if ((pass & 15) == 0) {
            int sq = (int) ((pass >>> 4) % 81);
            board[sq] = board[sq] == SquareReading.EMPTY ? SquareReading.FACE_UP : SquareReading.EMPTY;
        }
        return loop.step(now).isPresent();
    }
}
