package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.spi.Spi;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Colour;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.StatusLed;
import org.shogiban.hal.scan.ManualClock;

class Ws2812Test {
    private final Context pi4j = MockBoard.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    /** The reset block before the first LED at 2.4 MHz: 90 zero bytes, 300 µs. */
    private static final int RESET = 90;

    private static byte[] ledBytes(byte[] all, int led) {
        return Arrays.copyOfRange(all, RESET + led * 9, RESET + led * 9 + 9);
    }

    @Test
    void eachDataBitIsThreeSpiBits() {
        assertThat(Ws2812Encoder.spread(0x00)).isEqualTo(0b100_100_100_100_100_100_100_100);
        assertThat(Ws2812Encoder.spread(0xFF)).isEqualTo(0b110_110_110_110_110_110_110_110);
        assertThat(Ws2812Encoder.spread(0x80)).isEqualTo(0b110_100_100_100_100_100_100_100);
        assertThat(Ws2812Encoder.spread(0x01)).isEqualTo(0b100_100_100_100_100_100_100_110);
    }

    @Test
    void colourIsSentGreenRedBlueMostSignificantBitFirst() {
        Ws2812Encoder encoder = new Ws2812Encoder(255, false, 2_400_000);
        byte[] bytes = encoder.encode(LedFrame.builder().square(0, new Colour(0xFF, 0x00, 0x81)).build());
        assertThat(ledBytes(bytes, 0)).containsExactly(
                0x92, 0x49, 0x24,  // green 0x00: 100 100 100 100 100 100 100 100
                0xDB, 0x6D, 0xB6,  // red 0xFF:   110 110 110 110 110 110 110 110
                0xD2, 0x49, 0x26); // blue 0x81:  110 100 100 100 100 100 100 110
        assertThat(ledBytes(bytes, 1)).containsExactly(0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24);
    }

    @Test
    void brightnessCapScalesEveryChannel() {
        Ws2812Encoder encoder = new Ws2812Encoder(64, false, 2_400_000);
        byte[] bytes = encoder.encode(LedFrame.builder().square(0, new Colour(255, 128, 0)).build());
        // 255 * 64 / 255 = 64 = 0x40; 128 * 64 / 255 = 32.1 -> 32 = 0x20
        assertThat(Arrays.copyOfRange(ledBytes(bytes, 0), 0, 3)).isEqualTo(spread(0x20));
        assertThat(Arrays.copyOfRange(ledBytes(bytes, 0), 3, 6)).isEqualTo(spread(0x40));
        assertThat(Arrays.copyOfRange(ledBytes(bytes, 0), 6, 9)).isEqualTo(spread(0x00));
    }

    private static byte[] spread(int b) {
        int s = Ws2812Encoder.spread(b);
        return new byte[] {(byte) (s >>> 16), (byte) (s >>> 8), (byte) s};
    }

    @Test
    void chainOrderIsSquaresKomadaiStatusWithOptionalSerpentine() {
        LedFrame frame = LedFrame.builder()
                .square(9, Colour.RED) // 9b: second rank, first in SFEN order
                .komadai(Player.GOTE, KomadaiSlot.ROOK, Colour.BLUE)
                .status(StatusLed.FAULT, Colour.GREEN)
                .build();
        byte[] straight = new Ws2812Encoder(255, false, 2_400_000).encode(frame).clone();
        byte[] serpentine = new Ws2812Encoder(255, true, 2_400_000).encode(frame);
        byte[] red = new byte[9];
        System.arraycopy(spread(0), 0, red, 0, 3);
        System.arraycopy(spread(0xFF), 0, red, 3, 3);
        System.arraycopy(spread(0), 0, red, 6, 3);
        assertThat(ledBytes(straight, 9)).isEqualTo(red);
        assertThat(ledBytes(serpentine, 17)).as("rank b runs from file 1 to file 9").isEqualTo(red);
        assertThat(ledBytes(serpentine, 9)).isEqualTo(ledBytes(straight, 10));
        assertThat(Arrays.copyOfRange(ledBytes(straight, 94), 6, 9)).isEqualTo(spread(0xFF));
        assertThat(Arrays.copyOfRange(ledBytes(straight, 98), 0, 3)).isEqualTo(spread(0xFF));
    }

    @Test
    void panelWritesTheResetBlockAllLedsThenTheLatchInOneSpiTransfer() {
        Spi spi = pi4j.create(Spi.newConfigBuilder(pi4j).id("ws2812").bus(0).channel(0).baud(2_400_000));
        FaultReporter faults = new FaultReporter(new ManualClock());
        Ws2812LedPanel panel = new Ws2812LedPanel(spi, new Ws2812Encoder(255, false, 2_400_000),
                faults.device("WS2812 chain", "spi-0.0"));
        panel.show(LedFrame.builder().square(0, Colour.WHITE).build());
        byte[] written = ((MockSpi) spi).readEntireMockBuffer();
        assertThat(Ws2812Encoder.latchBytes(2_400_000)).isEqualTo(90);
        assertThat(written).hasSize(90 + 99 * 9 + 90);
        // MOSI low for 300 µs before the first bit, whatever level it idled at: the chain starts from a reset
        assertThat(Arrays.copyOfRange(written, 0, 90)).containsOnly(0);
        assertThat(written[90]).as("the first LED's first bit right after the reset block").isNotZero();
        assertThat(new Ws2812Encoder(255, false, 2_400_000).dataOffset()).isEqualTo(90);
        assertThat(ledBytes(written, 0)).containsExactly(0xDB, 0x6D, 0xB6, 0xDB, 0x6D, 0xB6, 0xDB, 0x6D, 0xB6);
        assertThat(ledBytes(written, 1)).containsExactly(0x92, 0x49, 0x24, 0x92, 0x49, 0x24, 0x92, 0x49, 0x24);
        assertThat(Arrays.copyOfRange(written, 90 + 99 * 9, written.length)).containsOnly(0);
        // a second frame starts with its own reset block too
        panel.show(LedFrame.builder().build());
        byte[] second = ((MockSpi) spi).readEntireMockBuffer();
        assertThat(Arrays.copyOfRange(second, 0, 90)).containsOnly(0);
        assertThat(second).hasSize(90 + 99 * 9 + 90);
    }
}
