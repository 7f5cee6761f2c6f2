package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalOutput;
import java.util.Objects;
import org.shogiban.hal.segment.FourDigits;

/**
 * A TM1637 four-digit display, bit-banged on two GPIO outputs (CLK, DIO), both idling high.
 *
 * <p>The chip's two-wire protocol: a start is DIO falling while CLK is high; a byte is 8 bits, least significant
 * first, DIO set while CLK is low and taken by the chip on CLK rising; then a ninth clock for the chip's
 * acknowledge: the chip pulls DIO low from the eighth clock's falling edge to the ninth's; a stop is DIO rising while
 * CLK is high. The Pi releases DIO ({@link Tm1637Line#release()}) before the chip starts pulling it: while CLK is
 * still high when the last bit was 1 (DIO stays high, so that is no stop), just after CLK falls when it was 0 (both
 * pull low meanwhile), so the Pi never drives DIO high against the chip's acknowledge. The acknowledge is read while
 * CLK is high during the ninth clock; a byte without one means no display answers (missing, unpowered, a broken
 * wire) and makes the transfer fail.
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
    private final Tm1637Line dio;
    private final int brightness;
    private final long halfBitNanos;

    /**
     * @param brightness 0..7
     * @param halfBitNanos how long to hold each clock phase (the chip wants at least a few microseconds;
     *                     Pi4J's GPIO calls already take about that, 0 is fine in tests)
     */
    Tm1637(DigitalOutput clk, Tm1637Line dio, int brightness, long halfBitNanos) {
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
        return "gpio-" + clk.address() + "/" + dio.pin();
    }

    /** The segment bytes sent for a display content, colon folded into the second digit. */
    static byte[] segments(FourDigits digits) {
        return new byte[] {(byte) digits.d0(), (byte) (digits.d1() | (digits.colon() ? COLON : 0)),
                (byte) digits.d2(), (byte) digits.d3()};
    }

    /** Shows four digits and turns the display on; false when a byte was not acknowledged. */
    boolean show(FourDigits digits) {
        boolean acked = transfer(DATA_WRITE_AUTO_INCREMENT);
        byte[] seg = segments(digits);
        start();
        acked &= writeByte(ADDRESS_0);
        for (byte b : seg) {
            acked &= writeByte(b & 0xFF);
        }
        stop();
        return transfer(DISPLAY_ON | brightness) && acked;
    }

    /** Turns the display off; false when the command was not acknowledged. */
    boolean off() {
        return transfer(DISPLAY_OFF);
    }

    private boolean transfer(int command) {
        start();
        boolean acked = writeByte(command);
        stop();
        return acked;
    }

    private void start() {
        clk.high();
        dio.drive(true);
        pause();
        dio.drive(false);
        pause();
    }

    /** Sends a byte, least significant bit first, and returns whether the chip acknowledged it. */
    private boolean writeByte(int value) {
        for (int i = 0; i < 8; i++) {
            clk.low();
            dio.drive((value >>> i & 1) == 1);
            pause();
            clk.high();
            pause();
        }
        boolean lastBitHigh = (value >>> 7 & 1) == 1;
        if (lastBitHigh) {
            dio.release(); // DIO stays high through the pull-up: no edge while CLK is high
        }
        clk.low();
        if (!lastBitHigh) {
            dio.release(); // the Pi drove low, as the chip now does
        }
        pause();
        clk.high();
        pause();
        boolean acked = dio.isLow();
        clk.low();
        dio.drive(false); // the chip lets go after the ninth clock; low is where a stop or the next bit starts
        return acked;
    }

    private void stop() {
        clk.low();
        dio.drive(false);
        pause();
        clk.high();
        pause();
        dio.drive(true);
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
