package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;

/**
 * Issue 13: replies that start while the board still settles. Before the sequence search, one fast reply in ten
 * lost 331 (occupancy) and 326 (polarity) of the 350 lishogi games, blitz all 350. Measured with this version on the
 * first 100 games (seed 5, noise 2): quick loses 3 (occupancy) and 1 (polarity), blitz 33 and 25. The contract
 * (every game recorded exactly) is not met yet; these tests keep the losses from growing.
 */
class FastReplayTest {

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void oneFastReplyInTenLosesAtMostAFewGames(SensorKind kind) throws IOException {
        assertThat(lost(kind, Pace.quick(), 100)).hasSizeLessThanOrEqualTo(5);
    }

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void blitzLosesFewerThanHalfTheGames(SensorKind kind) throws IOException {
        assertThat(lost(kind, Pace.blitz(), 100)).hasSizeLessThanOrEqualTo(40);
    }

    @Disabled("issue 13 contract not met yet: some games are still lost with fast replies (see the class comment)")
    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void everyGameRecordedExactlyWithFastReplies(SensorKind kind) throws IOException {
        assertThat(lost(kind, Pace.quick(), 350)).isEmpty();
        assertThat(lost(kind, Pace.blitz(), 350)).isEmpty();
    }

    private static List<String> lost(SensorKind kind, Pace pace, int games) throws IOException {
        long seed = 5;
        InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(CommitPolicy.STABLE);
        GameReplayer replayer = new GameReplayer(config,
                ReplaySettings.standard().withBounce(Noise.bounceMillis(2), seed), 2, pace);
        return LishogiReplayTest.games().subList(0, games).stream().map(g -> replayer.replay(g, seed))
                .filter(o -> !o.ok()).map(GameReplayer.Outcome::line).toList();
    }
}
