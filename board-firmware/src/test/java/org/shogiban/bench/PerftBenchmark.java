package org.shogiban.bench;

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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.shogiban.rules.Position;

/**
 * perft speed on one thread. Leaf nodes per second = the node count of the position and depth (reported as the
 * secondary result {@code nodes}) divided by the time per operation. Start position depth 5 = 19,861,490 nodes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class PerftBenchmark {
    @Param({"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"})
    public String sfen;

    @Param({"5"})
    public int depth;

    private Position position;

    @Setup
    public void setUp() {
        position = Position.fromSfen(sfen);
    }

    @Benchmark
    public void perft(Blackhole bh) {
        bh.consume(position.perft(depth));
    }
}
