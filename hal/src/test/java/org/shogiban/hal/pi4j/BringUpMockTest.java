package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.pwm.Pwm;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.pwm.MockPwmProvider;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Button;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.bringup.BringUp;
import org.shogiban.hal.bringup.BringUpDocs;
import org.shogiban.hal.bringup.BringUpPlan;
import org.shogiban.hal.bringup.BringUpReport;
import org.shogiban.hal.bringup.ChipRow;
import org.shogiban.hal.bringup.ScriptedBuilder;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.SquaresConfig;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.segment.SevenSegment;

/**
 * The bring-up tool on Pi4J's mock platform: the board's real adapters (MCP23017 squares, WS2812 chain on SPI,
 * HT16K33 clocks, PWM buzzer, GPIO buttons) over the {@link Bench}'s chips, driven by the scripted builder whose hands
 * pull the chips' inputs low and whose eyes read the SPI frame, the clocks' display RAM and the PWM. Faults are
 * built into the bench: a chip missing, a chip at the wrong address, two ranks swapped, an LED that never lights.
 */
class BringUpMockTest {
    private static final String BOARD = """
            sensors.kind=occupancy
            sensors.driver=mcp23017
            sensors.active-low=true
            squares.mcp23017.chips=0x20,0x21,0x22,0x23,0x24,0x25
            squares.mcp23017.pull-up=true
            komadai.driver=none
            leds.driver=ws2812
            leds.brightness-cap=96
            leds.ws2812.serpentine=true
            clock.driver=ht16k33
            clock.ht16k33.sente-address=0x70
            clock.ht16k33.gote-address=0x71
            buzzer.driver=pwm
            buzzer.gpio=18
            buttons.clock-sente-gpio=5
            buttons.clock-gote-gpio=6
            """;

    private final ManualClock clock = new ManualClock(0);
    private final Bench bench = new Bench();

    /** The builder at the bench: the squares' reed switches wired to the chips' inputs at their physical address. */
    private final class BenchBuilder extends ScriptedBuilder {
        private final Context pi4j;
        private final BoardConfig config;
        private final Ws2812Encoder encoder = new Ws2812Encoder(96, true, 2_400_000);
        /** The address each chip is really fitted at (chip index to address), where the board may differ. */
        private final IntUnaryOperator fittedAt;

        BenchBuilder(Context pi4j, BoardConfig config, IntUnaryOperator fittedAt) {
            this.pi4j = pi4j;
            this.config = config;
            this.fittedAt = fittedAt;
        }

        @Override
        protected SquareReading placedReading() {
            return SquareReading.OCCUPIED;
        }

        @Override
        protected void setSensor(int index, SquareReading reading) {
            int pin = ((SquaresConfig.Mcp23017) config.squares()).pins().get(index);
            bench.input(1, fittedAt.applyAsInt(pin / 16), pin % 16, reading.isOccupied());
        }

        @Override
        protected void press(Button button) {
            MockDigitalInput input = (MockDigitalInput) pi4j.registry().get("button-"
                    + button.name().toLowerCase(Locale.ROOT).replace('_', '-'), DigitalInput.class);
            // pulled up: released is high; the press pulls it low
            input.mockState(DigitalState.HIGH);
            input.mockState(DigitalState.LOW);
            input.mockState(DigitalState.HIGH);
        }

        @Override
        protected void setSlot(Player player, KomadaiSlot slot, int count) {
        }

        /** The LEDs the chain shows lit: the SPI frame decoded, each chain position to its LED. */
        private boolean[] lit() {
            byte[] frame = bench.spiFrame;
            boolean[] lit = new boolean[LedFrame.TOTAL];
            byte[] dark = new byte[Ws2812Encoder.BYTES_PER_LED];
            for (int i = 0; i < 3; i++) {
                int spread = Ws2812Encoder.spread(0);
                dark[3 * i] = (byte) (spread >>> 16);
                dark[3 * i + 1] = (byte) (spread >>> 8);
                dark[3 * i + 2] = (byte) spread;
            }
            for (int chain = 0; chain < LedFrame.TOTAL; chain++) {
                int from = encoder.dataOffset() + chain * Ws2812Encoder.BYTES_PER_LED;
                if (frame.length < from + dark.length) {
                    return lit;
                }
                lit[encoder.ledAt(chain)] = !java.util.Arrays.equals(frame, from, from + dark.length, dark, 0,
                        dark.length);
            }
            return lit;
        }

        @Override
        protected boolean squareLedAloneLit(int square) {
            boolean[] lit = lit();
            for (int i = 0; i < lit.length; i++) {
                if (lit[i] != (i == square)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        protected boolean komadaiLedAloneLit(Player player, KomadaiSlot slot) {
            return false;
        }

        @Override
        protected boolean clocksShow(String digits) {
            for (int address : new int[] {0x70, 0x71}) {
                byte[] ram = bench.registers(1, address);
                if (ram == null) {
                    return false;
                }
                for (int i = 0; i < 4; i++) {
                    int at = new int[] {0x00, 0x02, 0x06, 0x08}[i];
                    if ((ram[at] & 0xFF) != SevenSegment.digit(digits.charAt(i) - '0')) {
                        return false;
                    }
                }
            }
            return true;
        }

        @Override
        protected boolean toneSounding() {
            return pi4j.registry().get("buzzer", Pwm.class).isOn();
        }
    }

    private BringUpReport run(int[] fitted, IntUnaryOperator fittedAt, java.util.function.Consumer<ScriptedBuilder>
            fault) throws Exception {
        for (int address : fitted) {
            bench.fit(1, address);
        }
        Context pi4j = Pi4J.newContextBuilder().add(new MockPlatform())
                .add(bench.new I2cProvider(), bench.new SpiProvider(), MockPwmProvider.newInstance(),
                        MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance())
                .build();
        BoardConfig config = BoardConfig.load(new ByteArrayInputStream(BOARD.getBytes(StandardCharsets.UTF_8)),
                "bench.properties");
        BringUpBoard.Opened opened = BringUpBoard.open(config, pi4j, Optional.of("Raspberry Pi 4 Model B Rev 1.5"),
                clock, new FaultReporter(clock));
        BenchBuilder builder = new BenchBuilder(pi4j, config, fittedAt);
        fault.accept(builder);
        try (var board = opened.board()) {
            return new BringUp(board, opened.chips(), BringUpPlan.of(config, 2_000, 20), builder, clock,
                    clock::advance).run();
        }
    }

    private static final int[] ALL = {0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x70, 0x71};

    private static int standard(int chip) {
        return 0x20 + chip;
    }

    @Test
    void aBoardBuiltRightPassesOnTheRealAdapters() throws Exception {
        BringUpReport report = run(ALL, BringUpMockTest::standard, b -> { });
        assertThat(report.failures()).isEmpty();
        assertThat(report.chips()).hasSize(8).allMatch(r -> r.expected() && r.found());
    }

    @Test
    void aMissingChipIsNamedWithItsSquares() throws Exception {
        int[] without22 = {0x20, 0x21, 0x23, 0x24, 0x25, 0x70, 0x71};
        BringUpReport report = run(without22, BringUpMockTest::standard, b -> { });
        assertThat(report.chips()).contains(new ChipRow(1, 0x22, "MCP23017 squares #2", true, false));
        assertThat(report.causes()).first().isEqualTo("MCP23017 squares #2 missing at 0x22 on bus 1: unpowered,"
                + " SDA/SCL not connected, or not fitted");
        // chip 2 holds squares 28..41 (inputs 14..27 of the default map): none of them answers
        assertThat(report.failures()).filteredOn(c -> c.section().equals("squares")).hasSize(14)
                .allMatch(c -> c.detail().equals("no sensor changed"));
        BringUpDocs.show("Pi4J mock platform, a chip missing", report);
    }

    @Test
    void aChipAtTheWrongAddressIsFoundWhereItAnswers() throws Exception {
        int[] with26 = {0x20, 0x21, 0x26, 0x23, 0x24, 0x25, 0x70, 0x71};
        BringUpReport report = run(with26, chip -> chip == 2 ? 0x26 : standard(chip), b -> { });
        assertThat(report.chips()).contains(new ChipRow(1, 0x22, "MCP23017 squares #2", true, false),
                new ChipRow(1, 0x26, "", false, true));
        assertThat(report.causes()).first().isEqualTo("MCP23017 squares #2 at the wrong address: 0x26 answers"
                + " instead of 0x22 on bus 1 (check its address pins A0..A2)");
        BringUpDocs.show("Pi4J mock platform, a chip at the wrong address", report);
    }

    @Test
    void swappedRanksAndADeadLedAreNamed() throws Exception {
        BringUpReport report = run(ALL, BringUpMockTest::standard, b -> {
            b.wiring = sq -> sq / 9 == 6 ? sq + 9 : sq / 9 == 7 ? sq - 9 : sq;
            b.deadLeds.add(ScriptedBuilder.square("3c"));
        });
        assertThat(report.causes()).containsExactly("dead LED at 3c (or its solder joints): it never lit",
                "ranks g and h are swapped: their sensor wires cross between the board and the chips");
        BringUpDocs.show("Pi4J mock platform, ranks g and h swapped and the LED of 3c dead", report);
    }
}
