package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.simulator.Cli;

/**
 * Every game of every file under shared/data/records (KIF, KIFU, KI2, CSA, JKF, SFEN, read by the board's own record
 * readers), with no exclusions, replays to the game as an arbiter rules it: the board records exactly the moves
 * played; a record that ends in a foul has its foul reported as an illegal move with the arbiter's reason, and one
 * that goes on after the game ended (checkmate) is replayed up to the end.
 */
class RecordsReplayTest {

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @CsvSource({"OCCUPANCY, STABLE, 21", "POLARITY, CLOCK, 22"})
    void everyRecordReplaysAsTheArbiterRulesIt(SensorKind kind, CommitPolicy policy, long seed) throws IOException {
        check(kind, policy, seed);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} {1} seed {2}")
    @CsvSource({"OCCUPANCY, CLOCK, 31", "OCCUPANCY, STABLE, 32", "POLARITY, STABLE, 33", "POLARITY, CLOCK, 34",
            "OCCUPANCY, STABLE, 35", "POLARITY, STABLE, 36"})
    void everyRecordReplaysAsTheArbiterRulesItForMoreSeeds(SensorKind kind, CommitPolicy policy, long seed)
            throws IOException {
        check(kind, policy, seed);
    }

    private static void check(SensorKind kind, CommitPolicy policy, long seed) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Cli.shared().resolve("data/records"))) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(209);
        GameReplayer replayer = new GameReplayer(InferenceConfig.defaults(kind).withCommitPolicy(policy),
                ReplaySettings.standard().withBounce(Noise.bounceMillis(2), seed), 2);
        List<String> failures = new ArrayList<>();
        int games = 0;
        int fouls = 0;
        int endedBeforeTheRecord = 0;
        for (Path file : files) {
            for (RecordedGame game : RecordReader.read(file)) {
                games++;
                GameReplayer.Outcome outcome = replayer.replay(game, seed);
                if (!outcome.ok()) {
                    failures.add(outcome.line());
                    continue;
                }
                if (outcome.ruling().foul() != null) {
                    fouls++;
                    assertThat(outcome.result().illegalMoves()).as(game.label()).hasSize(1);
                } else if (outcome.ruling().stopsEarly()) {
                    endedBeforeTheRecord++;
                }
                assertThat(outcome.result().moves()).as(game.label()).isEqualTo(outcome.ruling().played());
            }
        }
        assertThat(failures).isEmpty();
        assertThat(games).isGreaterThanOrEqualTo(212);
        // mog-core-scala's 015.kif and 017.kif end in a foul, its 014.kif goes on after a checkmate
        assertThat(fouls).isGreaterThanOrEqualTo(2);
        assertThat(endedBeforeTheRecord).isGreaterThanOrEqualTo(1);
    }
}
