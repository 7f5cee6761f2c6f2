package org.shogiban.simulator.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.shogiban.simulator.Cli;

/** The hand-written traces under resources/traces, run end to end through the CLI, against their .expected lines. */
class TraceScenariosTest {

    private static final Path TRACES = Path.of("src/test/resources/traces");

    /** Every trace in the directory, so none can be left out; each must have its .expected beside it. */
    static List<String> traces() throws IOException {
        List<String> names;
        try (Stream<Path> files = Files.list(TRACES)) {
            names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".trace"))
                    .map(n -> n.substring(0, n.length() - ".trace".length())).sorted().toList();
        }
        assertThat(names).hasSizeGreaterThanOrEqualTo(8)
                .allSatisfy(n -> assertThat(TRACES.resolve(n + ".expected")).isRegularFile());
        return names;
    }

    /** A trace whose name starts with {@code clock} is replayed under the clock policy. */
    @ParameterizedTest
    @MethodSource("traces")
    void traceReplaysToItsExpectedEvents(String name) throws IOException {
        Path trace = TRACES.resolve(name + ".trace");
        List<String> args = new ArrayList<>(List.of("replay-trace"));
        if (name.startsWith("clock")) {
            args.addAll(List.of("--commit", "clock"));
        }
        args.add(trace.toString());
        Cli result = Cli.run(args.toArray(String[]::new));
        assertThat(result.err()).isEmpty();
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).containsExactlyElementsOf(
                Files.readAllLines(TRACES.resolve(name + ".expected")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "3"})
    void sensorBounceDoesNotChangeTheOutcome(String noise) {
        Cli result = Cli.run("replay-trace", "--noise", noise, "--seed", "5",
                "src/test/resources/traces/bishop-exchange.trace");
        assertThat(result.out()).last()
                .isEqualTo("final position startpos moves 7g7f 3c3d 8h2b+ 3a2b 2g2f");
    }

    @org.junit.jupiter.api.Test
    void theClockTraceUnderTheStablePolicyCountsMovesWithoutThePresses() {
        Cli result = Cli.run("replay-trace", "src/test/resources/traces/clock-commit.trace");
        assertThat(result.out()).containsExactly("move 7g7f", "move 3c3d",
                "final position startpos moves 7g7f 3c3d");
    }

    @org.junit.jupiter.api.Test
    void severalTracesAreHeadedByTheirFile() {
        Cli result = Cli.run("replay-trace", "src/test/resources/traces/quiet-opening.trace",
                "src/test/resources/traces/clock-commit.trace");
        assertThat(result.out()).filteredOn(l -> l.startsWith("== ")).hasSize(2);
        assertThat(result.out()).filteredOn(l -> l.startsWith("final ")).hasSize(2);
    }

    @org.junit.jupiter.api.Test
    void theTimeOptionRunsTheClockAndPrintsTheFinalClocks() {
        Cli result = Cli.run("replay-trace", "--time", "main=1,byoyomi=10,periods=3",
                "src/test/resources/traces/quiet-opening.trace");
        // sente's second move came 1.8 s into their turn: main time gone, the byoyomi period kept
        assertThat(result.out()).doesNotContain("time-up sente").last().asString()
                .startsWith("final clock sente 0 3 gote ");
        assertThat(result.out()).contains("final position startpos moves 7g7f 3c3d 2g2f");

        Cli bad = Cli.run("replay-trace", "--time", "main=abc", "src/test/resources/traces/quiet-opening.trace");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("main");
    }
}
