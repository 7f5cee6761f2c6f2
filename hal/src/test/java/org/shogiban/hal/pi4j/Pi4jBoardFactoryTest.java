package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalInputConfig;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.i2c.I2C;
import com.pi4j.io.pwm.Pwm;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProviderImpl;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.BoardConfigTestAccess;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanLoop;

class Pi4jBoardFactoryTest {
    private final Context pi4j = MockBoard.context();
    private final ManualClock clock = new ManualClock(7);

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    @Test
    void buildsTheReedBoardFromItsExampleFile() throws Exception {
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        try (Board board = Pi4jBoardFactory.build(config, pi4j, clock, new FaultReporter(clock))) {
            assertThat(board.squares()).isInstanceOf(Mcp23017SquareSensors.class);
            assertThat(board.squares().kind()).isEqualTo(SensorKind.OCCUPANCY);
            assertThat(board.komadai()).isInstanceOf(Mcp23017KomadaiSensors.class);
            assertThat(board.leds()).isInstanceOf(Ws2812LedPanel.class);
            assertThat(board.clock()).isInstanceOf(Tm1637ClockDisplay.class);
            assertThat(board.buzzer()).isInstanceOf(PwmBuzzer.class);
            // six buttons and the interrupt line that the squares and the komadai share: seven gpiod event threads
            assertThat(Pi4jBoardFactory.gpioInputs(config)).isEqualTo(7);
            assertThat(pi4j.registry().all().values().stream().filter(io -> io instanceof DigitalInput).count())
                    .isEqualTo(7);
            assertThat(new ScanLoop(board.squares(), board.komadai(), config.scan(), clock,
                    new FaultReporter(clock)).signals()).as("both sources signal: a still board may wait").isTrue();
            I2C chip5 = pi4j.registry().get("mcp23017-squares-5", I2C.class);
            assertThat(chip5.bus()).isEqualTo(1);
            assertThat(chip5.device()).isEqualTo(0x25);
            assertThat(pi4j.registry().get("mcp23017-komadai-4", I2C.class).bus()).isEqualTo(3);

            // square 80 (1i), the 81st input, is chip 5 GPB3
            for (int c = 0; c < 6; c++) {
                MockBoard.answerGpio((MockI2C) pi4j.registry().get("mcp23017-squares-" + c, I2C.class),
                        0xFF, c == 5 ? 0xF7 : 0xFF);
            }
            SquareReading[] squares = new SquareReading[81];
            Arrays.fill(squares, SquareReading.EMPTY);
            board.squares().sample(squares);
            assertThat(squares[80]).isEqualTo(SquareReading.OCCUPIED);

            List<ButtonEvent> events = new ArrayList<>();
            board.buttons().addListener(events::add);
            MockDigitalInput menu = (MockDigitalInput) pi4j.registry().get("button-menu", DigitalInput.class);
            menu.mockState(DigitalState.HIGH);
            menu.mockState(DigitalState.LOW);
            assertThat(events).containsExactly(new ButtonEvent(Button.MENU, true, 7));
        }
    }

    @ParameterizedTest
    @CsvSource({
        "Raspberry Pi 5 Model B Rev 1.0, 18, 2",
        "Raspberry Pi 5 Model B Rev 1.0, 19, 3",
        "Raspberry Pi 5 Model B Rev 1.0, 12, 0",
        "Raspberry Pi 5 Model B Rev 1.0, 13, 1",
        "Raspberry Pi Compute Module 5 Rev 1.0, 18, 2",
        "Raspberry Pi 4 Model B Rev 1.5, 18, 0",
        "Raspberry Pi 4 Model B Rev 1.5, 19, 1",
        "Raspberry Pi Zero 2 W Rev 1.0, 18, 0",
        "Raspberry Pi Zero 2 W Rev 1.0, 13, 1"})
    void theBuzzersPwmChannelFollowsThePiModelAndThePin(String model, int gpio, int channel) throws Exception {
        Properties p = new Properties();
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            p.load(in);
        }
        // the example's buttons sit on 13 and 19: move them for this test
        p.setProperty("buttons.promote-gpio", "16");
        p.setProperty("buttons.confirm-gpio", "20");
        p.setProperty("clock.tm1637.gote-dio", "22");
        p.setProperty("buzzer.gpio", Integer.toString(gpio));
        BoardConfig config = BoardConfig.parse(p, "test");
        try (Board board = Pi4jBoardFactory.build(config, pi4j, Optional.of(model), clock, new FaultReporter(clock))) {
            assertThat(board.buzzer()).isInstanceOf(PwmBuzzer.class);
            assertThat(pi4j.registry().get("buzzer", Pwm.class).address()).isEqualTo(channel);
        }
    }

    @Test
    void aChannelSetInTheFileWins() throws Exception {
        Properties p = new Properties();
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            p.load(in);
        }
        p.setProperty("buzzer.pwm-channel", "1");
        BoardConfig config = BoardConfig.parse(p, "test");
        try (Board board = Pi4jBoardFactory.build(config, pi4j, Optional.of("Raspberry Pi 5 Model B Rev 1.0"), clock,
                new FaultReporter(clock))) {
            assertThat(board.buzzer()).isInstanceOf(PwmBuzzer.class);
            assertThat(pi4j.registry().get("buzzer", Pwm.class).address()).isEqualTo(1);
        }
    }

    @Test
    void buildsThePolarityHallBoardFromItsExampleFile() throws Exception {
        BoardConfig config = BoardConfigTestAccess.example("hall-polarity.properties");
        try (Board board = Pi4jBoardFactory.build(config, pi4j, clock, new FaultReporter(clock))) {
            assertThat(board.squares().kind()).isEqualTo(SensorKind.POLARITY);
            assertThat(board.leds()).isInstanceOf(Ht16k33LedPanel.class);
            assertThat(board.clock()).isInstanceOf(Ht16k33ClockDisplay.class);
            assertThat(pi4j.registry().get("mcp23017-squares-11", I2C.class).device()).isEqualTo(0x23);
            assertThat(pi4j.registry().get("ht16k33-clock-gote", I2C.class).device()).isEqualTo(0x72);
            // the squares' line (17) and the komadai's own (4): two inputs besides the six buttons
            assertThat(pi4j.registry().get("mcp23017-komadai-interrupt", DigitalInput.class).address()).isEqualTo(4);
            assertThat(Pi4jBoardFactory.gpioInputs(config)).isEqualTo(8);
            assertThat(pi4j.registry().all().values().stream().filter(io -> io instanceof DigitalInput).count())
                    .isEqualTo(8);
            assertThat(new ScanLoop(board.squares(), board.komadai(), config.scan(), clock,
                    new FaultReporter(clock)).signals()).isTrue();
        }
    }

    @Test
    void aBoardThatOwnsItsContextShutsItDownWhenClosed() throws Exception {
        Context own = MockBoard.context();
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        Board board = Pi4jBoardFactory.openChecked(config, own, Optional.empty(), clock, new FaultReporter(clock));
        assertThat(own.isShutdown()).isFalse();
        board.close();
        assertThat(own.isShutdown()).isTrue();
    }

    @Test
    void aFailureWhileBuildingShutsTheOwnedContextDown() throws Exception {
        Context own = MockBoard.context();
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        // the first chip's I/O id is taken, so building the board fails part way
        MockBoard.i2c(own, "mcp23017-squares-0", 1, 0x20);
        assertThatThrownBy(
                () -> Pi4jBoardFactory.openChecked(config, own, Optional.empty(), clock, new FaultReporter(clock)))
                .isInstanceOf(RuntimeException.class);
        assertThat(own.isShutdown()).isTrue();
    }

    @Test
    void openMakesItsOwnContextOnTheProvidersFoundAndAsksEachChipFirst() throws Exception {
        // on the test class path the auto context finds pi4j-plugin-mock's providers, whose I2C devices have no chip
        // behind them (a read with nothing queued fails): the first chip is said, and nothing is built
        BoardConfig config = BoardConfigTestAccess.example("hall-polarity.properties");
        assertThatThrownBy(() -> Pi4jBoardFactory.open(config, clock, new FaultReporter(clock)))
                .isInstanceOf(org.shogiban.hal.readiness.PiNotReady.class)
                .hasMessageStartingWith("the MCP23017 squares #0 does not answer at 0x20 on I2C bus 1");
    }

    @Test
    void openCheckedBuildsTheBoardWhenEveryChipAnswers() throws Exception {
        Context own = MockBoard.context();
        BoardConfig config = BoardConfigTestAccess.example("hall-polarity.properties");
        try (Board board = Pi4jBoardFactory.openChecked(config, own, Optional.empty(), clock,
                new FaultReporter(clock))) {
            assertThat(board.squares().kind()).isEqualTo(SensorKind.POLARITY);
            assertThat(board.leds()).isInstanceOf(Ht16k33LedPanel.class);
        }
        assertThat(own.isShutdown()).isTrue();
    }

    /** A GPIO provider that, like the kernel, refuses a second request of a line already held: EBUSY. */
    private static final class OneRequestPerLine extends MockDigitalInputProviderImpl {
        private final java.util.Set<Integer> held = new java.util.HashSet<>();

        @Override
        public DigitalInput create(DigitalInputConfig config) {
            if (!held.add(config.address())) {
                throw new com.pi4j.io.exception.IOException("Failed to request line " + config.address()
                        + ": Device or resource busy");
            }
            return super.create(config);
        }
    }

    @Test
    void squaresAndKomadaiOnOneInterruptLineShareOneInputAndOneListener() throws Exception {
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        Context own = MockBoard.context(new OneRequestPerLine(), MockDigitalOutputProvider.newInstance());
        try (Board board = Pi4jBoardFactory.build(config, own, Optional.empty(), clock, new FaultReporter(clock))) {
            // six buttons and one interrupt line for the twelve chips: GPIO 17 requested once
            assertThat(Pi4jBoardFactory.gpioInputs(config)).isEqualTo(7);
            assertThat(own.registry().all().values().stream().filter(io -> io instanceof DigitalInput).count())
                    .isEqualTo(7);
            ScanLoop loop = new ScanLoop(board.squares(), board.komadai(), config.scan(), clock,
                    new FaultReporter(clock));
            assertThat(loop.signals()).isTrue();
            java.util.concurrent.atomic.AtomicInteger woken = new java.util.concurrent.atomic.AtomicInteger();
            loop.listen(woken::incrementAndGet);
            MockDigitalInput line = (MockDigitalInput) own.registry().get("mcp23017-interrupt", DigitalInput.class);
            line.mockState(DigitalState.HIGH);
            line.mockState(DigitalState.LOW);
            assertThat(woken).as("one falling edge, one wake: one listener serves both sets").hasValue(1);

            List<MockI2C> squareChips = new ArrayList<>();
            List<MockI2C> komadaiChips = new ArrayList<>();
            for (int c = 0; c < 6; c++) {
                squareChips.add((MockI2C) own.registry().get("mcp23017-squares-" + c, I2C.class));
                komadaiChips.add((MockI2C) own.registry().get("mcp23017-komadai-" + c, I2C.class));
            }
            SquareReading[] squares = new SquareReading[81];
            Arrays.fill(squares, SquareReading.EMPTY);
            int[] komadai = new int[14];
            MockBoard.answerAll(squareChips, 0xFF);
            MockBoard.answerAll(komadaiChips, 0xFF);
            board.squares().sample(squares); // the first passes read
            board.komadai().sample(komadai);
            line.mockState(DigitalState.HIGH);
            MockBoard.answerAll(squareChips, 0xFF);
            MockBoard.answerAll(komadaiChips, 0xFF);
            board.squares().sample(squares);
            board.komadai().sample(komadai);
            assertThat(MockBoard.pendingAnswers(squareChips)).as("line high: squares not read").isEqualTo(6);
            assertThat(MockBoard.pendingAnswers(komadaiChips)).as("line high: komadai not read").isEqualTo(6);
            line.mockState(DigitalState.LOW); // one chip of either set pulls the shared line low: both sets read
            board.squares().sample(squares);
            board.komadai().sample(komadai);
            assertThat(MockBoard.pendingAnswers(squareChips)).isZero();
            assertThat(MockBoard.pendingAnswers(komadaiChips)).isZero();
        }
        // the provider above does refuse a second request of a line: the shared line is no accident of the mock
        Context twice = MockBoard.context(new OneRequestPerLine(), MockDigitalOutputProvider.newInstance());
        try {
            twice.create(DigitalInput.newConfigBuilder(twice).id("a").address(17));
            assertThatThrownBy(() -> twice.create(DigitalInput.newConfigBuilder(twice).id("b").address(17)))
                    .hasMessageContaining("busy");
        } finally {
            twice.shutdown();
        }
    }
}
