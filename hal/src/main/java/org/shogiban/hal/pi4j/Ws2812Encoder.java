package org.shogiban.hal.pi4j;

import org.shogiban.hal.Colour;
import org.shogiban.hal.LedFrame;

/**
 * Encodes LED frames as the SPI bytes that drive a WS2812 (NeoPixel) chain from the MOSI pin.
 *
 * <p>Each WS2812 data bit becomes three SPI bits, so at an SPI clock of 2.4 MHz a data bit lasts 1.25 µs as the
 * WS2812 expects: a 1 is sent as {@code 110} (high 833 ns, low 417 ns) and a 0 as {@code 100} (high 417 ns,
 * low 833 ns). A colour byte thus takes 3 SPI bytes, most significant bit first; an LED takes 9 bytes, its colour
 * bytes in the chain's order green, red, blue. Before the first LED and after the last come {@link #latchBytes(int)}
 * zero bytes each, keeping MOSI low for at least 300 µs (WS2812B needs more than 280 µs): the block after latches
 * the new colours; the block before makes sure the chain has seen a reset before the first bit even when MOSI idled
 * high between transfers (some SPI controllers leave it at the last bit; rpi_ws281x#469), which would otherwise
 * swallow the first bit and shift the whole chain by one.
 *
 * <p>The SPI clock is bounded by the WS2812B's timing (T0H 0.4 µs, T0L 0.85 µs, T1H 0.8 µs, T1L 0.45 µs, each
 * ±150 ns): a 0's low time is two SPI bits and must last at least 700 ns, so the clock is at most 2.857 MHz; a 1's
 * high time, two SPI bits, must last at most 950 ns, so it is at least 2.105 MHz. The configuration allows
 * 2.2 to 2.8 MHz.
 *
 * <p>The chain runs in {@link LedFrame} order (squares in SFEN order, komadai slots, status LEDs); with
 * {@code serpentine} wiring the squares of ranks b, d, f and h are chained from file 1 to file 9. Every colour is
 * dimmed by the brightness cap first (see {@link Colour#capped(int)}).
 */
public final class Ws2812Encoder {
    /** SPI bytes per LED. */
    public static final int BYTES_PER_LED = 9;
    private static final int[] SPREAD = new int[256];

    static {
        for (int b = 0; b < 256; b++) {
            int bits = 0;
            for (int i = 7; i >= 0; i--) {
                bits = bits << 3 | ((b >>> i & 1) == 1 ? 0b110 : 0b100);
            }
            SPREAD[b] = bits;
        }
    }

    private final int brightnessCap;
    private final boolean serpentine;
    private final int latchBytes;
    private final byte[] buffer;

    /**
     * @param brightnessCap 0..255
     * @param serpentine whether every second rank is chained backwards
     * @param baud SPI clock in Hz, for the latch length
     */
    public Ws2812Encoder(int brightnessCap, boolean serpentine, int baud) {
        if (brightnessCap < 0 || brightnessCap > 255) {
            throw new IllegalArgumentException("brightness cap must be 0..255, got " + brightnessCap);
        }
        this.brightnessCap = brightnessCap;
        this.serpentine = serpentine;
        this.latchBytes = latchBytes(baud);
        this.buffer = new byte[latchBytes + LedFrame.TOTAL * BYTES_PER_LED + latchBytes];
    }

    /** Zero bytes that keep MOSI low for at least 300 µs at {@code baud}. */
    public static int latchBytes(int baud) {
        return (int) Math.ceil(baud * 300e-6 / 8);
    }

    /** Where the first LED's bytes start: after the reset block. */
    public int dataOffset() {
        return latchBytes;
    }

    /** The three SPI bytes of one colour byte, as the low 24 bits of an int. */
    public static int spread(int colourByte) {
        return SPREAD[colourByte & 0xFF];
    }

    /**
     * The SPI bytes of a frame: the reset block, {@code LedFrame.TOTAL * 9} data bytes, then the latch. The returned
     * array is reused by the next call.
     */
    public byte[] encode(LedFrame frame) {
        java.util.Arrays.fill(buffer, 0, latchBytes, (byte) 0);
        int pos = latchBytes;
        for (int chain = 0; chain < LedFrame.TOTAL; chain++) {
            Colour c = frame.led(ledAt(chain));
            pos = put(pos, Colour.scale(c.green(), brightnessCap));
            pos = put(pos, Colour.scale(c.red(), brightnessCap));
            pos = put(pos, Colour.scale(c.blue(), brightnessCap));
        }
        java.util.Arrays.fill(buffer, pos, buffer.length, (byte) 0);
        return buffer;
    }

    /** Which {@link LedFrame#led(int)} sits at a position of the chain. */
    int ledAt(int chainPosition) {
        if (!serpentine || chainPosition >= LedFrame.SQUARES) {
            return chainPosition;
        }
        int rank = chainPosition / 9;
        int along = chainPosition % 9;
        return rank % 2 == 0 ? chainPosition : rank * 9 + (8 - along);
    }

    private int put(int pos, int colourByte) {
        int bits = SPREAD[colourByte];
        buffer[pos] = (byte) (bits >>> 16);
        buffer[pos + 1] = (byte) (bits >>> 8);
        buffer[pos + 2] = (byte) bits;
        return pos + 3;
    }
}
