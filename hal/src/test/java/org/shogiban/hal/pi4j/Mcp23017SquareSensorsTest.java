package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
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

    private static List<Integer> range(int n) {
        return IntStream.range(0, n).boxed().toList();
    }

    private static SquareReading[] emptySquares() {
        SquareReading[] s = new SquareReading[81];
        Arrays.fill(s, SquareReading.EMPTY);
        return s;
    }

    @Test
    void setUpMakesAllPinsInputsWithPullUps() {
        new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), range(81), true, null, 10);
        byte[] iodir = new byte[2];
        byte[] gppu = new byte[2];
        MockI2C second = mocks.get(2);
        second.readRegister(Mcp23017.IODIRA, iodir, 0, 2);
        second.readRegister(Mcp23017.GPPUA, gppu, 0, 2);
        assertThat(iodir).containsExactly(0xFF, 0xFF);
        assertThat(gppu).containsExactly(0xFF, 0xFF);
        assertThat(second.readRegister(Mcp23017.GPINTENA, new byte[2], 0, 2)).as("no interrupts set up").isEqualTo(-1);
    }

    @Test
    void activeLowRegistersBecomeOccupiedSquaresInSfenOrder() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), range(81),
                true, null, 10);
        // chip 0: GPA0 low (square 0 = 9a) and GPB7 low (square 15 = 3b); chip 5: GPA0 low (square 80 = 1i)
        MockBoard.answerGpio(mocks.get(0), 0xFE, 0x7F);
        for (int c = 1; c < 5; c++) {
            MockBoard.answerGpio(mocks.get(c), 0xFF, 0xFF);
        }
        MockBoard.answerGpio(mocks.get(5), 0xFE, 0xFF);
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        SensorFrame frame = new SensorFrame(0, squares, new int[14]);
        assertThat(frame.square(9, 1)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(frame.square(3, 2)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(frame.square(1, 9)).isEqualTo(SquareReading.OCCUPIED);
        assertThat(Arrays.stream(squares).filter(SquareReading::isOccupied).count()).isEqualTo(3);
    }

    @Test
    void customPinMapAndActiveHighSensors() {
        List<Integer> pins = new ArrayList<>(range(81));
        pins.set(40, 95); // 5e on chip 5 GPB7
        pins.set(80, 40); // 1i where 5e would have been (chip 2 GPB0)
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), pins, false,
                null, 10);
        for (int c = 0; c < 5; c++) {
            MockBoard.answerGpio(mocks.get(c), 0x00, 0x00);
        }
        MockBoard.answerGpio(mocks.get(5), 0x00, 0x80);
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        assertThat(squares[40]).isEqualTo(SquareReading.OCCUPIED);
        assertThat(squares[80]).isEqualTo(SquareReading.EMPTY);
        assertThat(Arrays.stream(squares).filter(SquareReading::isOccupied).count()).isEqualTo(1);
    }

    @Test
    void polarityBoardReadsTwoPinsPerSquare() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.POLARITY, chips(11, false), range(162),
                true, null, 10);
        // chip 0 GPA: square 0 face-up pin low; square 1 face-down pin low; square 2 both low; square 3 none
        // active low, bits 7..0 = sq3 down, sq3 up, sq2 down, sq2 up, sq1 down, sq1 up, sq0 down, sq0 up
        MockBoard.answerGpio(mocks.get(0), 0b1100_0110, 0xFF);
        for (int c = 1; c < 11; c++) {
            MockBoard.answerGpio(mocks.get(c), 0xFF, 0xFF);
        }
        SquareReading[] squares = emptySquares();
        sensors.sample(squares);
        assertThat(Arrays.copyOf(squares, 4)).containsExactly(SquareReading.FACE_UP, SquareReading.FACE_DOWN,
                SquareReading.OCCUPIED, SquareReading.EMPTY);
    }

    @Test
    void scanLoopTurnsRegisterReadsIntoOneStableFrame() {
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, false), range(81),
                true, null, 10);
        ManualClock clock = new ManualClock();
        ScanLoop loop = new ScanLoop(sensors, new MemoryKomadaiSensors(), ScanSettings.defaults(), clock, faults);
        List<SensorFrame> frames = new ArrayList<>();
        for (int pass = 0; pass < 12; pass++) {
            // 7g (index 56 = chip 3 GPB0) occupied from pass 6 on
            for (int c = 0; c < 6; c++) {
                MockBoard.answerGpio(mocks.get(c), 0xFF, c == 3 && pass >= 6 ? 0xFE : 0xFF);
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
        Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(SensorKind.OCCUPANCY, chips(6, true), range(81),
                true, interrupt, 4);
        byte[] iocon = new byte[1];
        mocks.get(0).readRegister(Mcp23017.IOCON, iocon, 0, 1);
        assertThat(iocon[0]).as("INT mirrored, open-drain").isEqualTo((byte) 0x44);
        SquareReading[] squares = emptySquares();

        answerAll(0xFF);
        sensors.sample(squares); // first pass always reads
        assertThat(pendingAnswers()).isZero();

        answerAll(0xFE);
        sensors.sample(squares); // line high: no read, last values kept
        assertThat(pendingAnswers()).isEqualTo(6);
        assertThat(squares[0]).isEqualTo(SquareReading.EMPTY);

        interrupt.mockState(DigitalState.LOW);
        sensors.sample(squares); // line low: read
        assertThat(pendingAnswers()).isZero();
        assertThat(squares[0]).isEqualTo(SquareReading.OCCUPIED);
        interrupt.mockState(DigitalState.HIGH);

        answerAll(0xFF);
        sensors.sample(squares); // 1st pass after the read
        sensors.sample(squares); // 2nd
        sensors.sample(squares); // 3rd
        assertThat(pendingAnswers()).isEqualTo(6);
        sensors.sample(squares); // 4th: backstop read although the line stayed high
        assertThat(pendingAnswers()).isZero();
        assertThat(squares[0]).isEqualTo(SquareReading.EMPTY);
    }

    private void answerAll(int gpioA) {
        for (MockI2C m : mocks) {
            MockBoard.answerGpio(m, gpioA, 0xFF);
        }
    }

    /** How many chips still have an unread GPIO answer queued. */
    private int pendingAnswers() {
        int pending = 0;
        for (MockI2C m : mocks) {
            byte[] b = new byte[2];
            if (m.readRegister(Mcp23017.GPIOA, b, 0, 2) == 2) {
                pending++;
                m.writeRegister(Mcp23017.GPIOA, b, 0, 2);
            }
        }
        return pending;
    }
}
