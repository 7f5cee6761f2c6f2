package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.memory.MemoryKomadaiSensors;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;

class Mcp23017SquareSensorsTest {
    private final Context pi4j = MockBoard.context();
    private final FaultReporter faults = new FaultReporter(new ManualClock());
    private final List<MockI2C> mocks = new ArrayList<>();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private List<Mcp23017> chips(int count, boolean interrupt) {
        List<Mcp23017> chips = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MockI2C mock = MockBoard.i2c(pi4j, "chip-" + mocks.size(), 1, 0x20 + i);
            mocks.add(mock);
            chips.add(new Mcp23017(new I2cChip(mock, faults.device("MCP23017 #" + i, "i2c-1/0x2" + i), 2), true,
                    interrupt));
        }
        return chips;
    }

    /** The first {@code n} inputs: pins 0..6, 8..14, 16..22... (GPA7 and GPB7 are output-only). */
    private static List<Integer> inputs(int n) {
        return IntStream.range(0, n).map(BoardConfig::mcpInputPin).boxed().toList();
    }

    private static SquareReading[] emptySquares() {
        SquareReading[] s = new SquareReading[81];
        Arrays.fill(s, SquareReading.EMPTY);
        return s;
    }

    @Test
    void setUpMakesPinsZeroToSixInputsWithPullUpsAndPinSevenAnOutput() {
        new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), inputs(81), true, null, 10);
        RegisterI2C second = (RegisterI2C) mocks.get(2);
        assertThat(second.fileRegister(0x00)).as("IODIRA: GPA7 output").isEqualTo(0x7F);
        assertThat(second.fileRegister(0x01)).as("IODIRB: GPB7 output").isEqualTo(0x7F);
        assertThat(second.fileRegister(0x0C)).as("GPPUA").isEqualTo(0x7F);
        assertThat(second.fileRegister(0x0D)).as("GPPUB").isEqualTo(0x7F);
        assertThat(second.fileRegister(0x04)).as("no interrupts set up").isZero();
    }

    @Test
    void pinsSevenAndFifteenAreNeverInputs() {
        for (int pin : List.of(7, 15, 16 * 5 + 7, 16 * 5 + 15)) {
            List<Integer> pins = new ArrayList<>(inputs(81));
            pins.set(3, pin);
            assertThatThrownBy(() -> new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), pins, true,
                    null, 10)).hasMessageContaining("pin " + pin).hasMessageContaining("output-only");
        }
        // and the default map of the configuration never names one
        assertThat(inputs(162)).noneMatch(p -> p % 16 == 7 || p % 16 == 15).hasSize(162);
        assertThat(inputs(162)).doesNotHaveDuplicates().allMatch(p -> p < 12 * 16);
    }

    @Test
    void aChipThatResetsIsSetUpAgainOnTheNextBackstopPassWithAFaultEvent() {
        List<FaultEvent> events = new ArrayList<>();
        faults.addListener(events::add);
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), inputs(81),
                true, null, 5);
        SquareReading[] squares = emptySquares();
        for (int pass = 0; pass < 5; pass++) {
            MockBoard.answerAll(mocks, 0xFF);
            sensors.sample(squares);
        }
        assertThat(events).as("a chip that kept its set-up (chip 0, read back on the fifth pass) is no fault")
                .isEmpty();
        // chip 3 browns out: it keeps answering, but its registers are the power-on ones (no pull-ups)
        RegisterI2C chip3 = (RegisterI2C) mocks.get(3);
        chip3.powerOnReset();
        // the check passes (every fifth) read back one chip each, in turn: chips 1, 2, then 3
        for (int pass = 0; pass < 14; pass++) {
            MockBoard.answerAll(mocks, 0xFF);
            sensors.sample(squares);
        }
        assertThat(events).as("chip 3 not read back yet").isEmpty();
        assertThat(chip3.fileRegister(0x0C)).isZero();
        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(squares); // the fifteenth pass: chip 3 read back, found changed, set up again
        assertThat(chip3.fileRegister(0x0C)).as("pull-ups back").isEqualTo(0x7F);
        assertThat(chip3.fileRegister(0x00)).isEqualTo(0x7F);
        assertThat(events).extracting(FaultEvent::type).containsExactly(FaultEvent.Type.FAILED,
                FaultEvent.Type.RECOVERED);
        assertThat(events.getFirst().chip()).isEqualTo("MCP23017 #3");
        assertThat(events.getFirst().message()).contains("had reset", "GPPU 00 00");
    }

    @Test
    void activeLowRegistersBecomeOccupiedSquaresInSfenOrder() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), inputs(81),
                true, null, 10);
        // chip 0: GPA0 low (square 0 = 9a), GPB6 low (square 13 = 5b) and GPB7 low (no input: ignored);
        // chip 5: GPB3 low (square 80 = 1i, the 81st input)
        MockBoard.answerGpio(mocks.get(0), 0xFE, 0x3F);
        for (int c = 1; c < 5; c++) {
            MockBoard.answerGpio(mocks.get(c), 0xFF, 0xFF);
        }
        MockBoard.answerGpio(mocks.get(5), 0xFF, 0xF7);
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        SensorFrame frame = new SensorFrame(0, squares, new int[14]);
        assertThat(frame.square(9, 1)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(frame.square(5, 2)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(frame.square(1, 9)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(Arrays.stream(squares).filter(SquareReading::isOccupied).count()).isEqualTo(3);
    }

    @Test
    void customPinMapAndActiveHighSensors() {
        List<Integer> pins = new ArrayList<>(inputs(81));
        pins.set(40, 94); // 5e on chip 5 GPB6
        pins.set(80, 45); // 1i where 5e would have been (chip 2 GPB5)
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), pins, false,
                null, 10);
        for (int c = 0; c < 5; c++) {
            MockBoard.answerGpio(mocks.get(c), 0x00, 0x00);
        }
        MockBoard.answerGpio(mocks.get(5), 0x00, 0x40);
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        assertThat(squares[40]).isEqualTo(SquareReading.OCCUPIED);
        assertThat(squares[80]).isEqualTo(SquareReading.EMPTY);
        assertThat(Arrays.stream(squares).filter(SquareReading::isOccupied).count()).isEqualTo(1);
    }

    @Test
    void polarityBoardReadsTwoPinsPerSquare() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.POLARITY, chips(12, false), inputs(162),
                true, null, 10);
        // chip 0 GPA: square 0 face-up pin low; square 1 face-down pin low; square 2 both low; square 3 none
        // active low, bits 6..0 = sq3 up, sq2 down, sq2 up, sq1 down, sq1 up, sq0 down, sq0 up; sq3 down is GPB0
        MockBoard.answerGpio(mocks.get(0), 0b1100_0110, 0xFF);
        for (int c = 1; c < 12; c++) {
            MockBoard.answerGpio(mocks.get(c), 0xFF, 0xFF);
        }
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        assertThat(Arrays.copyOf(squares, 4)).containsExactly(SquareReading.FACE_UP, SquareReading.FACE_DOWN,
                SquareReading.OCCUPIED, SquareReading.EMPTY);
    }

    @Test
    void scanLoopTurnsRegisterReadsIntoOneStableFrame() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), inputs(81),
                true, null, 10);
        ManualClock clock = new ManualClock();
        ScanLoop loop = new ScanLoop(sensors, new MemoryKomadaiSensors(), ScanSettings.defaults(), clock, faults);
        List<SensorFrame> frames = new ArrayList<>();
        for (int pass = 0; pass < 12; pass++) {
            // 7g (index 56, the 57th input = chip 4 GPA0) occupied from pass 6 on
            for (int c = 0; c < 6; c++) {
                MockBoard.answerGpio(mocks.get(c), c == 4 && pass >= 6 ? 0xFE : 0xFF, 0xFF);
            }
            loop.step(clock.millis()).ifPresent(frames::add);
            clock.advance(10);
        }
        assertThat(frames).hasSize(2);
        assertThat(frames.get(0).sameReadings(SensorFrame.empty(0))).isTrue();
        assertThat(frames.get(0).timeMillis()).isEqualTo(0);
        assertThat(frames.get(1).square(7, 7)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(frames.get(1).timeMillis()).isEqualTo(60);
    }

    @Test
    void withAnInterruptLineChipsAreReadOnlyOnInterruptOrBackstop() {
        MockDigitalInput interrupt = (MockDigitalInput) pi4j.create(DigitalInput.newConfigBuilder(pi4j)
                .id("int").address(17).pull(PullResistance.PULL_UP));
        interrupt.mockState(DigitalState.HIGH);
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, true), inputs(81),
                true, new InterruptLine(interrupt), 4);
        assertThat(((RegisterI2C) mocks.get(0)).fileRegister(Mcp23017.IOCON)).as("INT mirrored, open-drain")
                .isEqualTo(0x44);
        assertThat(((RegisterI2C) mocks.get(0)).fileRegister(Mcp23017.GPINTENA)).as("inputs only").isEqualTo(0x7F);
        SquareReading[] squares = emptySquares();

        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(squares); // first pass always reads
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();

        MockBoard.answerAll(mocks, 0xFE);
        sensors.sample(squares); // line high: no read, last values kept
        assertThat(MockBoard.pendingAnswers(mocks)).isEqualTo(6);
        assertThat(squares[0]).isEqualTo(SquareReading.EMPTY);

        interrupt.mockState(DigitalState.LOW);
        sensors.sample(squares); // line low: read
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(squares[0]).isEqualTo(SquareReading.OCCUPIED);
        interrupt.mockState(DigitalState.HIGH);

        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(squares); // 1st pass after the read
        sensors.sample(squares); // 2nd
        sensors.sample(squares); // 3rd
        assertThat(MockBoard.pendingAnswers(mocks)).isEqualTo(6);
        sensors.sample(squares); // 4th: backstop read although the line stayed high
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(squares[0]).isEqualTo(SquareReading.EMPTY);
    }

    @Test
    void theInterruptLineIsTheChangeSignalAndSkippedPassesCountTowardsTheBackstop() {
        MockDigitalInput interrupt = (MockDigitalInput) pi4j.create(DigitalInput.newConfigBuilder(pi4j)
                .id("int").address(17).pull(PullResistance.PULL_UP));
        interrupt.mockState(DigitalState.HIGH);
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, true), inputs(81),
                true, new InterruptLine(interrupt), 4);
        java.util.concurrent.atomic.AtomicInteger woken = new java.util.concurrent.atomic.AtomicInteger();
        assertThat(sensors.changeSignal().signals()).isTrue();
        assertThat(sensors.changeSignal().backstopPasses()).isEqualTo(4);
        sensors.changeSignal().listen(woken::incrementAndGet);
        SquareReading[] squares = emptySquares();
        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(squares); // first pass always reads

        interrupt.mockState(DigitalState.LOW); // a falling edge: the loop is woken
        assertThat(woken).hasValue(1);
        interrupt.mockState(DigitalState.HIGH); // the rising edge wakes nobody
        assertThat(woken).hasValue(1);

        // the loop waited 3 passes' worth of time: the next pass is the backstop's read, line high or not
        MockBoard.answerAll(mocks, 0xFE);
        sensors.changeSignal().passesSkipped(3);
        sensors.sample(squares);
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(squares[0]).isEqualTo(SquareReading.OCCUPIED);
    }

    @Test
    void withoutAnInterruptLineTheSensorsCannotSignal() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), inputs(81),
                true, null, 10);
        assertThat(sensors.changeSignal().signals()).isFalse();
    }
}
