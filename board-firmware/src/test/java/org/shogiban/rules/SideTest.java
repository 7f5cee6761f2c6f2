package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One way to name a side: {@link Side#label()} written everywhere, {@link Side#read} the one reader. */
class SideTest {

    @Test
    void eachSideIsWrittenByItsLabelAndNoSideAsNoneOrNull() {
        assertThat(Side.SENTE.label()).isEqualTo("sente");
        assertThat(Side.GOTE.label()).isEqualTo("gote");
        assertThat(Side.labelOrNone(null)).isEqualTo("none");
        assertThat(Side.labelOrNone(Side.GOTE)).isEqualTo("gote");
        assertThat(Side.labelOrNull(null)).isNull();
        assertThat(Side.labelOrNull(Side.SENTE)).isEqualTo("sente");
    }

    @Test
    void readReadsBackEveryLabelTheJournalsNameAndTheWesternWords() {
        for (Side side : Side.values()) {
            assertThat(Side.read(side.label())).contains(side);
            assertThat(Side.read(side.name())).contains(side);
            assertThat(Side.read(" " + side.label().toUpperCase() + " ")).contains(side);
        }
        assertThat(Side.read("black")).contains(Side.SENTE);
        assertThat(Side.read("b")).contains(Side.SENTE);
        assertThat(Side.read("White")).contains(Side.GOTE);
        assertThat(Side.read("w")).contains(Side.GOTE);
    }

    @Test
    void readFindsNoSideInOtherWords() {
        assertThat(Side.read(null)).isEmpty();
        assertThat(Side.read("none")).isEmpty();
        assertThat(Side.read("")).isEmpty();
        assertThat(Side.read("sentee")).isEmpty();
    }
}
