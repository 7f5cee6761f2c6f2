package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;

/**
 * Issue 13: replies that start while the board still settles. Every lishogi game, replayed with fast replies (one
 * in ten, or every one: blitz) on both sensor kinds, is recorded exactly, in casual play (stable commit) and in
 * tournament play (clock commit, the press in the same motion as the placement). Before the sequence search one
 * fast reply in ten lost 331 (occupancy) and 326 (polarity) of the 350 games under stable commit, blitz all 350.
 */
class FastReplayTest {

    @ParameterizedTest(name = "{0}")
    @EnumSource(SensorKind.class)
    void everyGameIsRecordedExactlyWithOneFastReplyInTen(SensorKind kind) throws IOException {
        assertThat(lost(kind, CommitPolicy.STABLE, Pace.quick(), 2, 5)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SensorKind.class)
    void everyGameIsRecordedExactlyInBlitz(SensorKind kind) throws IOException {
        assertThat(lost(kind, CommitPolicy.STABLE, Pace.blitz(), 2, 5)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(SensorKind.class)
    void everyGameIsRecordedExactlyInBlitzUnderTheClock(SensorKind kind) throws IOException {
        assertThat(lost(kind, CommitPolicy.CLOCK, Pace.blitz(), 2, 5)).isEmpty();
    }

    static Stream<Arguments> moreSeeds() {
        return Stream.of(SensorKind.values()).flatMap(kind -> Stream.of(CommitPolicy.values())
                .flatMap(policy -> Stream.of(1, 2, 3).flatMap(noise -> Stream.of(6L, 7L, 8L, 9L)
                        .map(seed -> Arguments.of(kind, policy, noise, seed)))));
    }

    /** More seeds and noise levels: 48 runs of the 350 games in blitz, about 3.5 minutes. */
    @Tag("slow")
    @ParameterizedTest(name = "{0} {1} noise {2} seed {3}")
    @MethodSource("moreSeeds")
    void everyGameIsRecordedExactlyInBlitzForMoreSeeds(SensorKind kind, CommitPolicy policy, int noise, long seed)
            throws IOException {
        assertThat(lost(kind, policy, Pace.blitz(), noise, seed)).isEmpty();
    }

    private static List<String> lost(SensorKind kind, CommitPolicy policy, Pace pace, int noise, long seed)
            throws IOException {
        InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(policy);
        GameReplayer replayer = new GameReplayer(config,
                ReplaySettings.standard().withBounce(Noise.bounceMillis(noise), seed), noise, pace);
        return LishogiReplayTest.games().stream().map(g -> replayer.replay(g, seed))
                .filter(o -> !o.ok()).map(GameReplayer.Outcome::line).toList();
    }
}
