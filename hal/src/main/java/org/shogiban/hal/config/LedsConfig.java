package org.shogiban.hal.config;

/** Which LEDs the board has. */
public sealed interface LedsConfig {

    /** No LEDs. */
    record None() implements LedsConfig {
    }

    /**
     * A WS2812 (NeoPixel) chain on SPI MOSI: squares in SFEN order (or serpentine), then the 14 komadai slots, then
     * the status LEDs.
     *
     * @param spiBus SPI bus (0 on a Pi: MOSI is BCM 10)
     * @param spiChannel chip select of the bus (unused by the chain, but the device needs one)
     * @param baud SPI clock; three SPI bits encode one WS2812 bit
     * @param serpentine whether the chain runs back along every second rank (ranks b, d, f, h run from file 1 to 9)
     * @param brightnessCap 0..255, scales every colour
     */
    record Ws2812(int spiBus, int spiChannel, int baud, boolean serpentine, int brightnessCap) implements LedsConfig {
    }

    /**
     * Single-colour LEDs on an HT16K33 matrix driver: LED {@code i} of the chain order is row {@code i / 8},
     * column {@code i % 8} of the display RAM.
     *
     * @param address the chip
     * @param dimming 0..15, the chip's global dimming
     */
    record Ht16k33(I2cAddress address, int dimming) implements LedsConfig {
    }
}
