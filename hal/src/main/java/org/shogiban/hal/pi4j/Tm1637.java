package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalOutput;
import java.util.Objects;
import org.shogiban.hal.segment.FourDigits;

/**
 * A TM1637 four-digit display, bit-banged on two GPIO outputs (CLK, DIO), both idling high.
 *
 * <p>The chip's two-wire protocol: a start is DIO falling while CLK is high; a byte is 8 bits, least significant
 * first, DIO set while CLK is low and taken by the chip on CLK rising; then a ninth clock for the chip's
 * acknowledge; a stop is DIO rising while CLK is high. DIO is an output only here, so the acknowledge is not
 * checked: during the ninth clock DIO is driven low, which is what the chip pulls it to, so the two never fight.
 *
 * <p>Showing four digits is three transfers: {@code 0x40} (write data, address auto-increment), then {@code 0xC0}
 * (address 0) followed by the four segment bytes (the colon is bit 7 of the second digit), then
 * {@code 0x88 | brightness} (display on, brightness 0..7). {@code 0x80} turns the display off.
 */
final class Tm1637 {
    static final int DATA_WRITE_AUTO_INCREMENT = 0x40;
    static final int ADDRESS_0 = 0xC0;
    static final int DISPLAY_ON = 0x88;
    static final int DISPLAY_OFF = 0x80;
    static final int COLON = 0x80;

    private final DigitalOutput clk;
    private final DigitalOutput dio;
    private final int brightness;
    private final long halfBitNanos;

    /**
     * @param brightness 0..7
     * @param halfBitNanos how long to hold each clock phase (the chip wants at least a few microseconds;
     *                     Pi4J's GPIO calls already take about that, 0 is fine in tests)
     */
    Tm1637(DigitalOutput clk, DigitalOutput dio, int brightness, long halfBitNanos) {
        this.clk = Objects.requireNonNull(clk);
        this.dio = Objects.requireNonNull(dio);
        if (brightness < 0 || brightness > 7) {
            throw new IllegalArgumentException("TM1637 brightness is 0..7, got " + brightness);
        }
        this.brightness = brightness;
        this.halfBitNanos = halfBitNanos;
    }

    /** A description for logs and fault events. */
    String address() {
        return "gpio-" + clk.address() + "/" + dio.address();
    }

    /** The segment bytes sent for a display content, colon folded into the second digit. */
    static byte[] segments(FourDigits digits) {
        return new byte[] {(byte) digits.d0(), (byte) (digits.d1() | (digits.colon() ? COLON : 0)),
                (byte) digits.d2(), (byte) digits.d3()};
    }

    /** Shows four digits and turns the display on. */
    void show(FourDigits digits) {
        transfer(DATA_WRITE_AUTO_INCREMENT);
        byte[] seg = segments(digits);
        start();
        writeByte(ADDRESS_0);
        for (byte b : seg) {
            writeByte(b & 0xFF);
        }
        stop();
        transfer(DISPLAY_ON | brightness);
    }

    /** Turns the display off. */
    void off() {
        transfer(DISPLAY_OFF);
    }

    private void transfer(int command) {
        start();
        writeByte(command);
        stop();
    }

    private void start() {
        clk.high();
        dio.high();
        pause();
        dio.low();
        pause();
    }

    private void writeByte(int value) {
        for (int i = 0; i < 8; i++) {
            clk.low();
            if ((value >>> i & 1) == 1) {
                dio.high();
            } else {
                dio.low();
            }
            pause();
            clk.high();
            pause();
        }
        clk.low();
        dio.low();
        pause();
        clk.high();
        pause();
        clk.low();
    }

    private void stop() {
        clk.low();
        dio.low();
        pause();
        clk.high();
        pause();
        dio.high();
        pause();
    }

    private void pause() {
        if (halfBitNanos == 0) {
            return;
        }
        long until = System.nanoTime() + halfBitNanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
