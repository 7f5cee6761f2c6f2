package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.pi4j.io.exception.IOException;
import com.pi4j.io.i2c.I2C;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mockito.stubbing.Answer;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;

/** A chip that fails is retried, reported with chip and address, and never stops the scan loop. */
class FailingI2cTest {
    private final ManualClock clock = new ManualClock(500);
    private final FaultReporter faults = new FaultReporter(clock);
    private final List<FaultEvent> events = new ArrayList<>();

    {
        faults.addListener(events::add);
    }

    /** An I2C mock whose GPIO reads answer all-high (nothing active) and succeed. */
    private static I2C healthyChip() {
        I2C i2c = mock(I2C.class);
        when(i2c.readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2))).thenAnswer(gpio(0xFF, 0xFF));
        // the configuration read back on backstop passes is what the set-up wrote (pull-ups, no interrupt)
        when(i2c.readRegister(eq(Mcp23017.IODIRA), any(byte[].class), eq(0), eq(Mcp23017.CONFIG_LENGTH)))
                .thenAnswer(inv -> {
                    byte[] expected = new Mcp23017(new I2cChip(i2c, new FaultReporter(new ManualClock())
                            .device("x", "y"), 0), true, false).expectedConfig();
                    System.arraycopy(expected, 0, inv.getArgument(1), 0, expected.length);
                    return expected.length;
                });
        return i2c;
    }

    private static Answer<Integer> gpio(int a, int b) {
        return inv -> {
            byte[] buf = inv.getArgument(1);
            buf[0] = (byte) a;
            buf[1] = (byte) b;
            return 2;
        };
    }

    private List<Mcp23017> chips(I2C... i2cs) {
        List<Mcp23017> chips = new ArrayList<>();
        for (int i = 0; i < i2cs.length; i++) {
            chips.add(new Mcp23017(new I2cChip(i2cs[i], faults.device("MCP23017 squares #" + i,
                    "i2c-1/0x2" + i), 2), true, false));
        }
        return chips;
    }

    @Test
    void aGlitchIsRetriedWithoutAFault() {
        I2C flaky = healthyChip();
        when(flaky.readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2)))
                .thenThrow(new IOException("Remote I/O error"))
                .thenReturn(1)
                .thenAnswer(gpio(0xFE, 0xFF));
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY,
                chips(flaky, healthyChip(), healthyChip(), healthyChip(), healthyChip(), healthyChip()),
                IntStream.range(0, 81).map(BoardConfig::mcpInputPin).boxed().toList(), true, null, 10);
        SquareReading[] squares = new SquareReading[81];
        Arrays.fill(squares, SquareReading.EMPTY);
        sensors.sample(squares);
        verify(flaky, times(3)).readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2));
        assertThat(squares[0]).isEqualTo(SquareReading.OCCUPIED);
        assertThat(events).isEmpty();
    }

    @Test
    void aDeadChipIsReportedOnceWithChipAndAddressAndTheLoopGoesOn() {
        I2C dead = healthyChip();
        I2C alive = healthyChip();
        when(dead.readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2)))
                .thenAnswer(gpio(0xFE, 0xFF))
                .thenThrow(new IOException("Remote I/O error"));
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY,
                chips(healthyChip(), dead, alive, healthyChip(), healthyChip(), healthyChip()),
                IntStream.range(0, 81).map(BoardConfig::mcpInputPin).boxed().toList(), true, null, 10);
        ScanLoop loop = new ScanLoop(sensors, KomadaiSensors.absent(), ScanSettings.defaults(), clock, faults);
        List<SensorFrame> frames = new ArrayList<>();

        loop.step().ifPresent(frames::add); // the dead chip's last good read: square 14 (chip 1 GPA0, the 15th input) occupied
        clock.advance(10);
        for (int i = 0; i < 4; i++) {
            loop.step().ifPresent(frames::add);
            clock.advance(10);
        }
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(FaultEvent.Type.FAILED);
            assertThat(e.chip()).isEqualTo("MCP23017 squares #1");
            assertThat(e.address()).isEqualTo("i2c-1/0x21");
            assertThat(e.message()).contains("failed 3 times", "Remote I/O error");
            assertThat(e.timeMillis()).isEqualTo(510);
        });
        // first read, then 3 attempts in each later pass; set-up is retried between passes
        verify(dead, times(1 + 4 * 3)).readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2));
        verify(dead, org.mockito.Mockito.atLeast(4)).writeRegister(eq(Mcp23017.IODIRA), any(byte[].class), eq(0),
                eq(2));

        // the loop still publishes: the initial frame, with the dead chip's squares held at their last reading
        assertThat(frames).singleElement().satisfies(f -> {
            assertThat(f.square(14)).isEqualTo(SquareReading.OCCUPIED);
            assertThat(f.square(28)).isEqualTo(SquareReading.EMPTY);
        });
        // and other chips' changes still arrive
        when(alive.readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2))).thenAnswer(gpio(0xFE, 0xFF));
        for (int i = 0; i < 5; i++) {
            loop.step().ifPresent(frames::add);
            clock.advance(10);
        }
        assertThat(frames).hasSize(2);
        assertThat(frames.get(1).square(28)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(events).hasSize(1);

        // the chip comes back: one RECOVERED event, and its squares follow it again
        when(dead.readRegister(eq(Mcp23017.GPIOA), any(byte[].class), eq(0), eq(2))).thenAnswer(gpio(0xFF, 0xFF));
        for (int i = 0; i < 5; i++) {
            loop.step().ifPresent(frames::add);
            clock.advance(10);
        }
        assertThat(events).extracting(FaultEvent::type)
                .containsExactly(FaultEvent.Type.FAILED, FaultEvent.Type.RECOVERED);
        assertThat(frames).last().extracting(f -> f.square(14)).isEqualTo(SquareReading.EMPTY);
    }

    @Test
    void aKomadaiChipThatFailsMakesItsSlotsUnknown() {
        I2C dead = mock(I2C.class);
        when(dead.readRegister(anyInt(), any(byte[].class), anyInt(), anyInt()))
                .thenThrow(new IOException("no ACK"));
        List<List<Integer>> slotPins = new ArrayList<>();
        for (int s = 0; s < 14; s++) {
            slotPins.add(List.of(s < 7 ? s : 9 + s)); // sente on chip 0 GPA0..6, gote on chip 1 GPA0..6
        }
        Mcp23017KomadaiSensors komadai = new Mcp23017KomadaiSensors(chips(healthyChip(), dead),
                org.shogiban.hal.config.KomadaiConfig.Encoding.PLACES, slotPins, true, null, 10);
        int[] counts = new int[14];
        komadai.sample(counts);
        assertThat(Arrays.copyOf(counts, 7)).containsOnly(0);
        assertThat(Arrays.copyOfRange(counts, 7, 14)).containsOnly(SensorFrame.UNKNOWN);
        assertThat(events).singleElement().extracting(FaultEvent::address).isEqualTo("i2c-1/0x21");
    }
}
