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
import org.shogiban.rules.IllegalMoveException;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.simulator.Cli;

/**
 * Every game under shared/data/records (KIF, KIFU, KI2, CSA, JKF, SFEN, read by the board's own record readers)
 * replays to exactly its moves. A record whose game ends with an illegal move (a foul) has nothing the board would
 * record as a game move there: it must be reported as such, never as ok.
 */
class RecordsReplayTest {

    @ParameterizedTest(name = "{0} {1} seed {2}")
    @CsvSource({"OCCUPANCY, STABLE, 21", "POLARITY, CLOCK, 22"})
    void everyRecordReplaysToItsMoves(SensorKind kind, CommitPolicy policy, long seed) throws IOException {
        check(kind, policy, seed);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} {1} seed {2}")
    @CsvSource({"OCCUPANCY, CLOCK, 31", "OCCUPANCY, STABLE, 32", "POLARITY, STABLE, 33", "POLARITY, CLOCK, 34",
            "OCCUPANCY, STABLE, 35", "POLARITY, STABLE, 36"})
    void everyRecordReplaysToItsMovesForMoreSeeds(SensorKind kind, CommitPolicy policy, long seed)
            throws IOException {
        check(kind, policy, seed);
    }

    private static void check(SensorKind kind, CommitPolicy policy, long seed) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Cli.shared().resolve("data/records"))) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThan(200);
        GameReplayer replayer = new GameReplayer(InferenceConfig.defaults(kind).withCommitPolicy(policy),
                ReplaySettings.standard().withBounce(Noise.bounceMillis(2), seed), 2);
        List<String> failures = new ArrayList<>();
        int replayed = 0;
        int fouls = 0;
        for (Path file : files) {
            for (RecordedGame game : RecordReader.read(file)) {
                GameReplayer.Outcome outcome = replayer.replay(game, seed);
                if (hasIllegalMove(game)) {
                    fouls++;
                    if (outcome.ok() || !outcome.mismatch().contains("is illegal")) {
                        failures.add("a foul replayed as " + outcome.line());
                    }
                } else if (!outcome.ok()) {
                    failures.add(outcome.line());
                } else {
                    replayed++;
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(replayed).isGreaterThan(200);
        assertThat(fouls).isLessThan(5);
    }

    private static boolean hasIllegalMove(RecordedGame game) {
        Position p = game.start();
        for (Move m : game.moves()) {
            try {
                p = p.play(m);
            } catch (IllegalMoveException e) {
                return true;
            }
        }
        return false;
    }
}
