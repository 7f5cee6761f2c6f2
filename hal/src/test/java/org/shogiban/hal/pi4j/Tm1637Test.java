package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalInputConfig;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalOutputConfig;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProviderImpl;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProviderImpl;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.segment.FourDigits;
import org.shogiban.hal.segment.SevenSegment;

/**
 * Decodes the wire traffic of the mock GPIO as a TM1637 would. The GPIO providers record every level the Pi drives
 * ("C1", "D0") and every release of DIO ("DZ"); a released DIO reads low (the chip's acknowledge) on the pins of
 * displays that are {@link #present}, high (the pull-up, nobody answering) on the others.
 */
class Tm1637Test {
    /** Every level change of the wires of pins 23 (C) and 24 (D), in order. */
    private final List<String> wire = new ArrayList<>();
    private final Set<Integer> present = new HashSet<>(Set.of(24, 12));
    private final Context pi4j = MockBoard.context(new AnsweringInputs(), new RecordingOutputs());

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private static String wireName(int pin) {
        return pin == 23 ? "C" : pin == 24 ? "D" : null;
    }

    /** Outputs that record their levels on pins 23 and 24. */
    private final class RecordingOutputs extends MockDigitalOutputProviderImpl {
        @Override
        public DigitalOutput create(DigitalOutputConfig config) {
            DigitalOutput out = super.create(config);
            String name = wireName(config.address());
            if (name != null) {
                wire.add(name + (config.initialState() == DigitalState.LOW ? "0" : "1"));
                out.addListener(e -> wire.add(name + (e.state() == DigitalState.HIGH ? "1" : "0")));
            }
            return out;
        }
    }

    /** Inputs that stand for the display's answer on a released DIO. */
    private final class AnsweringInputs extends MockDigitalInputProviderImpl {
        @Override
        public DigitalInput create(DigitalInputConfig config) {
            MockDigitalInput in = (MockDigitalInput) super.create(config);
            assertThat(config.pull()).as("a released DIO is pulled up").isEqualTo(PullResistance.PULL_UP);
            if (wireName(config.address()) != null) {
                wire.add(wireName(config.address()) + "Z");
            }
            in.mockState(present.contains(config.address()) ? DigitalState.LOW : DigitalState.HIGH);
            return in;
        }
    }

    private Tm1637 display(int clk, int dio, String id, int brightness) {
        DigitalOutput c = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id(id + "-clk").address(clk)
                .initial(DigitalState.HIGH).shutdown(DigitalState.HIGH));
        return new Tm1637(c, new Tm1637Line(pi4j, id + "-dio", dio), brightness, 0);
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
            if (edge.charAt(0) == 'D') {
                boolean high = edge.charAt(1) != '0'; // released: pulled up, or the chip's low, never an edge here
                if (edge.charAt(1) == 'Z') {
                    assertThat(bits).as("DIO released only for the acknowledge").isEqualTo(8);
                } else if (clk && dio && !high) {
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
                dio = edge.charAt(1) == 'Z' ? dio : high;
            } else {
                boolean high = edge.charAt(1) == '1';
                if (!clk && high && current != null) {
                    if (bits < 8) {
                        value |= (dio ? 1 : 0) << bits;
                        bits++;
                    } else {
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
        Tm1637 display = display(23, 24, "s", 5);
        wire.clear();
        boolean acked = display.show(new FourDigits(SevenSegment.digit(1), SevenSegment.digit(2),
                SevenSegment.digit(3), SevenSegment.digit(4), true));
        assertThat(acked).isTrue();
        assertThat(decode()).containsExactly(
                List.of(0x40),
                List.of(0xC0, 0x06, 0x5B | 0x80, 0x4F, 0x66),
                List.of(0x88 | 5));
    }

    @Test
    void dioIsReleasedBeforeTheAcknowledgeAndNeverDrivenHighAgainstIt() {
        Tm1637 display = display(23, 24, "s", 7);
        wire.clear();
        display.off(); // 0x80: bit 7 is 1, the case where the Pi used to drive DIO high into the acknowledge
        int release = wire.indexOf("DZ");
        assertThat(release).isPositive();
        // the eighth bit's clock has risen with DIO high; DIO is let go while CLK is still high, then CLK falls
        assertThat(wire.subList(release - 2, release + 3)).containsExactly("D1", "C1", "DZ", "C0", "C1");
        display.show(new FourDigits(0x06, 0x06, 0x06, 0x06, false)); // 0x40 ends with a 0 bit: CLK falls first
        int zero = wire.indexOf("DZ") + 1 + wire.subList(wire.indexOf("DZ") + 1, wire.size()).indexOf("DZ");
        assertThat(wire.subList(zero - 2, zero + 2)).as(String.join(" ", wire)).containsExactly("C1", "C0", "DZ", "C1");
    }

    @Test
    void startIsDioFallingWhileClockIsHigh() {
        Tm1637 display = display(23, 24, "s", 7);
        wire.clear();
        display.off();
        assertThat(wire.get(0)).isEqualTo("D0");
        assertThat(decode()).containsExactly(List.of(0x80));
    }

    @Test
    void aDisplayThatNeverAcknowledgesIsAFault() {
        present.remove(24);
        FaultReporter faults = new FaultReporter(new ManualClock());
        List<FaultEvent> events = new ArrayList<>();
        faults.addListener(events::add);
        Tm1637ClockDisplay clock = new Tm1637ClockDisplay(display(23, 24, "s", 7), display(25, 12, "g", 7), faults,
                Runnable::run);
        clock.show(ClockFace.mainTime(Duration.ofSeconds(65)), ClockFace.mainTime(Duration.ofSeconds(65)));
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(FaultEvent.Type.FAILED);
            assertThat(e.chip()).isEqualTo("TM1637 sente clock");
            assertThat(e.address()).isEqualTo("gpio-23/24");
            assertThat(e.message()).contains("no acknowledge");
        });
        // plugged back in: the next update is acknowledged and the fault clears
        present.add(24);
        clock.show(ClockFace.mainTime(Duration.ofSeconds(64)), ClockFace.mainTime(Duration.ofSeconds(65)));
        assertThat(events).extracting(FaultEvent::type)
                .containsExactly(FaultEvent.Type.FAILED, FaultEvent.Type.RECOVERED);
    }

    @Test
    void clockDisplayShowsBothPlayersAndBlanksOnItsWriterThread() {
        FaultReporter faults = new FaultReporter(new ManualClock());
        List<Runnable> queued = new ArrayList<>();
        Tm1637ClockDisplay clock = new Tm1637ClockDisplay(display(23, 24, "s", 7), display(25, 12, "g", 7), faults,
                queued::add);
        wire.clear();
        clock.show(ClockFace.mainTime(Duration.ofSeconds(1)), ClockFace.byoyomi(Duration.ofSeconds(30), 3));
        clock.show(ClockFace.mainTime(Duration.ofSeconds(9 * 60 + 5)), ClockFace.byoyomi(Duration.ofSeconds(30), 3));
        assertThat(wire).as("nothing written on the caller's thread").isEmpty();
        assertThat(queued).as("one write scheduled for both contents").hasSize(1);
        queued.getFirst().run();
        // only the latest content: sente " 9:05"
        assertThat(decode()).hasSize(3);
        assertThat(decode().get(1)).containsExactly(0xC0, 0x00, 0x6F | 0x80, 0x3F, 0x6D);
        wire.clear();
        clock.blank();
        queued.get(1).run();
        assertThat(decode()).containsExactly(List.of(0x80));
    }
}
