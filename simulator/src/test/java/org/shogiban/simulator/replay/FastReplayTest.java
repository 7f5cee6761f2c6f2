package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;

/** Issue 13: replies that start while the board still settles; every lishogi game recorded exactly. */
class FastReplayTest {

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void quick(SensorKind kind) throws IOException {
        assertThat(lost(kind, CommitPolicy.STABLE, Pace.quick(), 5)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void blitz(SensorKind kind) throws IOException {
        assertThat(lost(kind, CommitPolicy.STABLE, Pace.blitz(), 6)).isEmpty();
    }

    private static List<String> lost(SensorKind kind, CommitPolicy policy, Pace pace, long seed) throws IOException {
        InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(policy);
        GameReplayer replayer = new GameReplayer(config,
                ReplaySettings.standard().withBounce(Noise.bounceMillis(2), seed), 2, pace);
        return LishogiReplayTest.games().stream().map(g -> replayer.replay(g, seed)).filter(o -> !o.ok())
                .map(GameReplayer.Outcome::line).toList();
    }
}
