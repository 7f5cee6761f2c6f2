package org.shogiban.hal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LedFrameTest {

    @Test
    void squaresKomadaiAndStatusLedsHaveTheirPlaceInChainOrder() {
        LedFrame f = LedFrame.builder().square(1, 9, Colour.RED).komadai(Player.SENTE, KomadaiSlot.PAWN, Colour.BLUE)
                .status(StatusLed.SENTE_TO_MOVE, Colour.GREEN).build();
        assertThat(f.led(80)).isEqualTo(Colour.RED);
        assertThat(f.led(81)).isEqualTo(Colour.BLUE);
        assertThat(f.led(95)).isEqualTo(Colour.GREEN);
        assertThat(f.toBuilder().build()).isEqualTo(f);
        assertThat(LedFrame.TOTAL).isEqualTo(99);
        assertThat(LedFrame.dark().led(0)).isEqualTo(Colour.OFF);
    }

    @Test
    void colourCapKeepsTheHue() {
        assertThat(new Colour(255, 128, 0).capped(128)).isEqualTo(new Colour(128, 64, 0));
        assertThat(Colour.WHITE.capped(255)).isSameAs(Colour.WHITE);
        assertThatThrownBy(() -> new Colour(256, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
