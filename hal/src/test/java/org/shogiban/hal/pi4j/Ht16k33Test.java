package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.Colour;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.StatusLed;
import org.shogiban.hal.scan.ManualClock;

class Ht16k33Test {
    private final Context pi4j = MockBoard.context();
    private final FaultReporter faults = new FaultReporter(new ManualClock());

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private static byte[] commands(MockI2C chip) {
        byte[] raw = new byte[8];
        int n = chip.read(raw, 0, raw.length);
        return java.util.Arrays.copyOf(raw, Math.max(n, 0));
    }

    @Test
    void ledPanelSetsUpTheChipAndWritesOneBitPerLed() {
        MockI2C i2c = MockBoard.i2c(pi4j, "leds", 1, 0x70);
        Ht16k33LedPanel panel = new Ht16k33LedPanel(new Ht16k33(new I2cChip(i2c,
                faults.device("HT16K33 LEDs", "i2c-1/0x70"), 2), 9));
        panel.show(LedFrame.builder().square(0, Colour.RED).square(10, new Colour(1, 0, 0))
                .status(StatusLed.FAULT, Colour.YELLOW).build());
        assertThat(commands(i2c)).containsExactly(0x21, 0xE0 | 9, 0x81);
        byte[] ram = new byte[16];
        assertThat(i2c.readRegister(0x00, ram, 0, 16)).isEqualTo(16);
        // LED 0 -> byte 0 bit 0; LED 10 -> byte 1 bit 2; FAULT = LED 98 -> byte 12 bit 2
        assertThat(ram[0]).isEqualTo((byte) 0x01);
        assertThat(ram[1]).isEqualTo((byte) 0x04);
        assertThat(ram[12]).isEqualTo((byte) 0x04);
        assertThat(ram[2]).isZero();
    }

    @Test
    void clockDisplayWritesDigitsAndColonToTheBackpackAddresses() {
        MockI2C senteI2c = MockBoard.i2c(pi4j, "sente", 1, 0x71);
        MockI2C goteI2c = MockBoard.i2c(pi4j, "gote", 1, 0x72);
        Ht16k33ClockDisplay clock = new Ht16k33ClockDisplay(
                new Ht16k33(new I2cChip(senteI2c, faults.device("HT16K33 sente clock", "i2c-1/0x71"), 2), 15),
                new Ht16k33(new I2cChip(goteI2c, faults.device("HT16K33 gote clock", "i2c-1/0x72"), 2), 15));
        clock.show(ClockFace.mainTime(Duration.ofMinutes(25)), ClockFace.mainTime(Duration.ofMinutes(130)));
        byte[] sente = new byte[10];
        senteI2c.readRegister(0x00, sente, 0, 10);
        // "25:00": 2 = 0x5B, 5 = 0x6D, colon bit at 0x04, 0 = 0x3F
        assertThat(sente).containsExactly(0x5B, 0, 0x6D, 0, 0x02, 0, 0x3F, 0, 0x3F, 0);
        byte[] gote = new byte[10];
        goteI2c.readRegister(0x00, gote, 0, 10);
        // "2h10", no colon
        assertThat(gote).containsExactly(0x5B, 0, 0x74, 0, 0, 0, 0x06, 0, 0x3F, 0);
        clock.blank();
        assertThat(commands(senteI2c)).endsWith(0x80);
    }

    @Test
    void theSetUpCommandsAreSentAgainNowAndThen() {
        RegisterI2C i2c = (RegisterI2C) MockBoard.i2c(pi4j, "ht", 1, 0x70);
        Ht16k33 chip = new Ht16k33(new I2cChip(i2c, new FaultReporter(new ManualClock()).device("HT16K33", "0x70"),
                0), 15);
        byte[] ram = new byte[16];
        int setUps = 0;
        for (int write = 0; write < 3 * Ht16k33.SETUP_EVERY_WRITES; write++) {
            chip.writeRam(ram);
            byte[] raw = new byte[4];
            int n = i2c.read(raw, 0, raw.length);
            // each write ends with DISPLAY_ON; a set-up puts OSCILLATOR_ON and DIMMING before it
            if (n == 3) {
                assertThat(raw[0] & 0xFF).isEqualTo(Ht16k33.OSCILLATOR_ON);
                assertThat(raw[1] & 0xFF).isEqualTo(Ht16k33.DIMMING | 15);
                setUps++;
            } else {
                assertThat(n).isEqualTo(1);
            }
            assertThat(raw[n - 1] & 0xFF).isEqualTo(Ht16k33.DISPLAY_ON);
        }
        // the first write, then once every SETUP_EVERY_WRITES: an oscillator stopped by a reset starts again
        assertThat(setUps).isEqualTo(3);
    }
}
