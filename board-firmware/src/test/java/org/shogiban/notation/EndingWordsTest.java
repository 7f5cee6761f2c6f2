package org.shogiban.notation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.rules.Side;

/** Every ending has its word in KIF, CSA and JKF, and each word reads back as the ending (or its nearest). */
class EndingWordsTest {

    @ParameterizedTest
    @EnumSource(EndKind.class)
    void eachEndingIsWrittenAndReadBackInEveryFormat(EndKind kind) {
        for (Side mover : Side.values()) {
            // the words name the side by who is to move: the mover resigns, is mated, runs out of time, declares;
            // the checking side (the last mover) loses by perpetual check; either side may foul
            Side[] sides = !kind.concernsSide() ? new Side[] {null} : kind == EndKind.ILLEGAL_MOVE ? Side.values()
                    : new Side[] {kind == EndKind.PERPETUAL_CHECK ? mover.opponent() : mover};
            for (Side side : sides) {
                RecordEnd end = new RecordEnd(kind, side, null);
                if (kind == EndKind.NONE) {
                    assertThat(EndingWords.kif(end, mover)).isNull();
                    assertThat(EndingWords.csa(end, mover)).isNull();
                    assertThat(EndingWords.jkf(end, mover)).isNull();
                    continue;
                }
                assertThat(EndingWords.fromCsa(EndingWords.csa(end, mover), mover)).as("CSA %s", end)
                        .isEqualTo(end);
                RecordEnd nearest = switch (kind) {
                    case PERPETUAL_CHECK -> RecordEnd.of(EndKind.ILLEGAL_MOVE, side);
                    case MAX_MOVES -> RecordEnd.of(EndKind.DRAW);
                    default -> end;
                };
                assertThat(EndingWords.fromKif(EndingWords.kif(end, mover), mover)).as("KIF %s", end)
                        .isEqualTo(nearest);
                assertThat(EndingWords.fromCsa(EndingWords.jkf(end, mover), mover)).as("JKF %s", end)
                        .isEqualTo(nearest);
            }
        }
    }
}
