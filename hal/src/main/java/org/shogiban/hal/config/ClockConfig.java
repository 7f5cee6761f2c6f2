package org.shogiban.hal.config;

/** Which seven-segment displays show the clocks. */
public sealed interface ClockConfig {

    /** No clock display. */
    record None() implements ClockConfig {
    }

    /**
     * One TM1637 four-digit module per player, bit-banged on two GPIO pins each.
     *
     * @param brightness 0..7
     */
    record Tm1637(int senteClk, int senteDio, int goteClk, int goteDio, int brightness) implements ClockConfig {
    }

    /**
     * One HT16K33 four-digit backpack per player.
     *
     * @param brightness 0..15
     */
    record Ht16k33(I2cAddress sente, I2cAddress gote, int brightness) implements ClockConfig {
    }
}
