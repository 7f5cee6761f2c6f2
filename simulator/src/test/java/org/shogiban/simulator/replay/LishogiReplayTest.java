package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.Cli;

/** Every game of the 350 lishogi games replays through generated handling to exactly its moves. */
class LishogiReplayTest {

    static List<RecordedGame> games() throws IOException {
        List<RecordedGame> games = RecordReader.read(Cli.shared().resolve("data/games/lishogi-350.usi.txt"));
        assertThat(games).hasSize(350);
        return games;
    }

    static Stream<Arguments> everyday() {
        return Stream.of(
                Arguments.of(SensorKind.OCCUPANCY, CommitPolicy.STABLE, 2, 1L),
                Arguments.of(SensorKind.OCCUPANCY, CommitPolicy.CLOCK, 2, 2L),
                Arguments.of(SensorKind.POLARITY, CommitPolicy.STABLE, 2, 3L),
                Arguments.of(SensorKind.POLARITY, CommitPolicy.CLOCK, 3, 4L));
    }

    @ParameterizedTest(name = "{0} {1} noise {2} seed {3}")
    @MethodSource("everyday")
    void everyGameReplaysToItsMoves(SensorKind kind, CommitPolicy policy, int noise, long seed) throws IOException {
        assertAllReplay(kind, policy, noise, seed);
    }

    static Stream<Arguments> manySeeds() {
        return Stream.of(SensorKind.values()).flatMap(kind -> Stream.of(CommitPolicy.values())
                .flatMap(policy -> Stream.of(10L, 11L, 12L, 13L, 14L)
                        .map(seed -> Arguments.of(kind, policy, 3, seed))));
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} {1} noise {2} seed {3}")
    @MethodSource("manySeeds")
    void everyGameReplaysToItsMovesForManySeeds(SensorKind kind, CommitPolicy policy, int noise, long seed)
            throws IOException {
        assertAllReplay(kind, policy, noise, seed);
    }

    private static void assertAllReplay(SensorKind kind, CommitPolicy policy, int noise, long seed)
            throws IOException {
        InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(policy);
        GameReplayer replayer = new GameReplayer(config,
                ReplaySettings.standard().withBounce(Noise.bounceMillis(noise), seed), noise);
        List<String> failures = games().stream().map(g -> replayer.replay(g, seed)).filter(o -> !o.ok())
                .map(GameReplayer.Outcome::line).toList();
        assertThat(failures).isEmpty();
    }

    @Test
    void theReplayCommandPrintsOneLinePerGameAndExits0WhenAllMatch() {
        Cli result = Cli.run("replay", "--seed", "9", "--noise", "2", "--sensors", "polarity",
                Cli.shared().resolve("data/games/lishogi-350.usi.txt").toString());
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).hasSize(350).allMatch(l -> l.matches(".*lishogi-350\\.usi\\.txt:\\d+ ok \\d+"));
        assertThat(result.out().get(0)).endsWith("lishogi-350.usi.txt:1 ok 53");
    }

    @Test
    void comparisonNamesTheFirstDifferingPly() {
        var m = org.shogiban.rules.Move.parseUsi("7g7f");
        var n = org.shogiban.rules.Move.parseUsi("2g2f");
        assertThat(GameReplayer.compare(List.of(m, n), List.of(m))).isEqualTo(
                "at ply 2: record 2g2f, board recorded nothing");
        assertThat(GameReplayer.compare(List.of(m), List.of(m, n))).isEqualTo(
                "at ply 2: record ends, board recorded 2g2f");
        assertThat(GameReplayer.compare(List.of(n), List.of(m))).isEqualTo(
                "at ply 1: record 2g2f, board recorded 7g7f");
        assertThat(GameReplayer.compare(List.of(m), List.of(m))).isNull();
    }

    @Test
    void usageErrorsExitWith2() {
        assertThat(Cli.run("replay").exitCode()).isEqualTo(2);
        assertThat(Cli.run("replay", "--noise", "9", "x").exitCode()).isEqualTo(2);
        assertThat(Cli.run("replay", "--sensors", "sonar", "x").err()).contains("sonar");
        assertThat(Cli.run("nonsense").exitCode()).isEqualTo(2);
    }
}
