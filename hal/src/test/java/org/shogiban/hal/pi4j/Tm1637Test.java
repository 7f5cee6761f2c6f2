package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.segment.FourDigits;
import org.shogiban.hal.segment.SevenSegment;

/** Decodes the wire traffic of the mock GPIO outputs as a TM1637 would. */
class Tm1637Test {
    private final Context pi4j = MockBoard.context();
    /** Every level change of the two wires, in order: "C1", "D0"... */
    private final List<String> wire = new ArrayList<>();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private DigitalOutput output(String id, int pin, String name) {
        DigitalOutput out = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id(id).address(pin)
                .initial(DigitalState.HIGH).shutdown(DigitalState.HIGH));
        out.addListener(e -> wire.add(name + (e.state() == DigitalState.HIGH ? "1" : "0")));
        return out;
    }

    /** The transfers seen on the wire: each list is the bytes between a start and a stop. */
    private List<List<Integer>> decode() {
        List<List<Integer>> transfers = new ArrayList<>();
        boolean clk = true;
        boolean dio = true;
        List<Integer> current = null;
        int bits = 0;
        int value = 0;
        for (String edge : wire) {
            boolean high = edge.charAt(1) == '1';
            if (edge.charAt(0) == 'D') {
                if (clk && dio && !high) {
                    current = new ArrayList<>();
                    bits = 0;
                    value = 0;
                } else if (clk && !dio && high) {
                    // a stop raises CLK with DIO low, then DIO: that one clock edge is not a data bit
                    assertThat(bits).as("stop right after whole bytes").isLessThanOrEqualTo(1);
                    assertThat(value).isZero();
                    transfers.add(current);
                    current = null;
                }
                dio = high;
            } else {
                if (!clk && high && current != null) {
                    if (bits < 8) {
                        value |= (dio ? 1 : 0) << bits;
                        bits++;
                    } else {
                        assertThat(dio).as("DIO held low during the acknowledge clock").isFalse();
                        current.add(value);
                        bits = 0;
                        value = 0;
                    }
                }
                clk = high;
            }
        }
        return transfers;
    }

    @Test
    void segmentCodesOfTheTenDigits() {
        int[] expected = {0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F};
        for (int d = 0; d < 10; d++) {
            assertThat(SevenSegment.digit(d)).as("digit %d", d).isEqualTo(expected[d]);
        }
        assertThat(Tm1637.segments(new FourDigits(0x06, 0x5B, 0x4F, 0x66, true)))
                .containsExactly(0x06, 0x5B | 0x80, 0x4F, 0x66);
    }

    @Test
    void showingDigitsSendsDataCommandAddressWithSegmentsAndDisplayOn() {
        Tm1637 display = new Tm1637(output("clk", 23, "C"), output("dio", 24, "D"), 5, 0);
        display.show(new FourDigits(SevenSegment.digit(1), SevenSegment.digit(2), SevenSegment.digit(3),
                SevenSegment.digit(4), true));
        assertThat(decode()).containsExactly(
                List.of(0x40),
                List.of(0xC0, 0x06, 0x5B | 0x80, 0x4F, 0x66),
                List.of(0x88 | 5));
    }

    @Test
    void startIsDioFallingWhileClockIsHigh() {
        Tm1637 display = new Tm1637(output("clk", 23, "C"), output("dio", 24, "D"), 7, 0);
        display.off();
        assertThat(wire.get(0)).isEqualTo("D0");
        assertThat(decode()).containsExactly(List.of(0x80));
    }

    @Test
    void clockDisplayShowsBothPlayersAndBlanks() {
        FaultReporter faults = new FaultReporter(new ManualClock());
        Tm1637 sente = new Tm1637(output("s-clk", 23, "C"), output("s-dio", 24, "D"), 7, 0);
        List<String> goteWire = new ArrayList<>();
        DigitalOutput goteClk = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id("g-clk").address(25)
                .initial(DigitalState.HIGH));
        DigitalOutput goteDio = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id("g-dio").address(12)
                .initial(DigitalState.HIGH));
        goteDio.addListener(e -> goteWire.add("D"));
        Tm1637ClockDisplay clock = new Tm1637ClockDisplay(sente, new Tm1637(goteClk, goteDio, 7, 0), faults);
        clock.show(ClockFace.mainTime(Duration.ofSeconds(9 * 60 + 5)), ClockFace.byoyomi(Duration.ofSeconds(30), 3));
        // sente: " 9:05"
        assertThat(decode().get(1)).containsExactly(0xC0, 0x00, 0x6F | 0x80, 0x3F, 0x6D);
        assertThat(goteWire).isNotEmpty();
        wire.clear();
        clock.blank();
        assertThat(decode()).containsExactly(List.of(0x80));
    }
}
