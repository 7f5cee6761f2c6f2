package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** perft from the start position against the published counts (YaneuraOu, shogiops, python-shogi). */
class PerftTest {

    @ParameterizedTest(name = "startpos perft {0} = {1}")
    @CsvSource({"1, 30", "2, 900", "3, 25470", "4, 719731", "5, 19861490"})
    void startPositionMatchesPublishedCounts(int depth, long expected) {
        assertThat(Position.startpos().perft(depth)).isEqualTo(expected);
    }

    @Test
    void depthZeroIsOneNode() {
        assertThat(Position.startpos().perft(0)).isEqualTo(1);
    }

    @Test
    void divideSumsToThePerftCount() {
        var divide = Position.startpos().perftDivide(3);
        assertThat(divide).hasSize(30);
        assertThat(divide.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(25470);
    }
}
