package org.shogiban.hal.pi4j;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.io.i2c.I2C;
import com.pi4j.io.pwm.Pwm;
import com.pi4j.io.pwm.PwmType;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiBus;
import com.pi4j.io.spi.SpiMode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.Buttons;
import org.shogiban.hal.Buzzer;
import org.shogiban.hal.ClockDisplay;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.LedPanel;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SquareSensors;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.BuzzerConfig;
import org.shogiban.hal.config.ClockConfig;
import org.shogiban.hal.config.I2cAddress;
import org.shogiban.hal.config.KomadaiConfig;
import org.shogiban.hal.config.LedsConfig;
import org.shogiban.hal.config.SquaresConfig;
import org.shogiban.hal.readiness.BoardParts;
import org.shogiban.hal.readiness.PiNotReady;
import org.shogiban.hal.readiness.PiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the ports of a real board from a validated {@link BoardConfig} and a Pi4J {@link Context}. Pi4J I/O ids are
 * stable ({@code mcp23017-squares-0}, {@code ws2812}, {@code button-clock-sente}...), so tests on the mock platform
 * can find the I/O by id. The returned {@link Board} closes everything it opened (not the context).
 *
 * <p>The context must carry providers for what the config uses: on a Pi, {@code pi4j-plugin-gpiod} for GPIO and
 * {@code pi4j-plugin-linuxfs} for I2C, SPI and PWM.
 */
public final class Pi4jBoardFactory {
    private static final Logger log = LoggerFactory.getLogger(Pi4jBoardFactory.class);
    /** How long each TM1637 clock phase is held on a real board. */
    private static final long TM1637_HALF_BIT_NANOS = 5_000;

    private Pi4jBoardFactory() {
    }

    /**
     * Opens the hardware the configuration describes.
     *
     * @param clock time stamps of button and fault events
     * @param faults where every adapter reports faults
     */
    public static Board build(BoardConfig config, Context pi4j, MonotonicClock clock, FaultReporter faults) {
        return build(config, pi4j, RaspberryPi.model(), clock, faults);
    }

    /**
     * Opens the hardware the configuration describes on a Pi of the given model (its device-tree model string; empty
     * when unknown), which decides the buzzer's PWM channel.
     *
     * @param clock time stamps of button and fault events
     * @param faults where every adapter reports faults
     */
    public static Board build(BoardConfig config, Context pi4j, java.util.Optional<String> model, MonotonicClock clock,
                              FaultReporter faults) {
        Objects.requireNonNull(config);
        boolean rp1 = model.map(RaspberryPi::usesRp1).orElse(false);
        Objects.requireNonNull(pi4j);
        List<Runnable> closers = new ArrayList<>();
        Map<Integer, InterruptLine> lines = new HashMap<>();
        SquareSensors squares = squares(config, pi4j, faults, closers, lines);
        KomadaiSensors komadai = komadai(config, pi4j, faults, closers, lines);
        LedPanel leds = leds(config, pi4j, faults);
        ClockDisplay clockDisplay = clockDisplay(config, pi4j, faults, closers);
        Buzzer buzzer = buzzer(config, pi4j, rp1, faults, closers);
        Buttons buttons = buttons(config, pi4j, clock);
        log.info("board hardware opened: squares {}, komadai {}, LEDs {}, clock {}, buzzer {}; {} GPIO inputs, each"
                        + " with a Pi4J event thread of its own (gpiod: wakes every 10 ms)",
                squares.getClass().getSimpleName(), komadai.getClass().getSimpleName(),
                leds.getClass().getSimpleName(), clockDisplay.getClass().getSimpleName(),
                buzzer.getClass().getSimpleName(), gpioInputs(config));
        return new Board(squares, komadai, leds, clockDisplay, buzzer, buttons, faults, () -> {
            for (Runnable r : closers.reversed()) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    log.warn("closing board hardware: {}", e.toString());
                }
            }
        });
    }

    /**
     * Opens the hardware on Pi4J's auto context (the providers found on the class path). The context belongs to the
     * returned board: closing the board shuts it down, and so does a failure while building.
     *
     * @param clock time stamps of button and fault events
     * @param faults where every adapter reports faults
     * @throws PiNotReady a chip that does not answer or a GPIO line that cannot be had, one sentence each
     */
    public static Board open(BoardConfig config, MonotonicClock clock, FaultReporter faults) {
        Objects.requireNonNull(config);
        java.util.Optional<String> model = RaspberryPi.model();
        model.ifPresent(Pi4jBoardModel::tellPi4j);
        return openChecked(config, Pi4J.newAutoContext(), model, clock, faults);
    }

    /**
     * Asks every I2C chip whether it answers, then builds the board on {@code pi4j} and hands the context to it: the
     * board's close shuts the context down, and so does any failure here.
     *
     * @throws PiNotReady a chip that does not answer or a GPIO line that cannot be had, one sentence each
     */
    public static Board openChecked(BoardConfig config, Context pi4j, java.util.Optional<String> model,
                                    MonotonicClock clock, FaultReporter faults) {
        Board board;
        try {
            BoardParts parts = BoardParts.of(config);
            List<PiProblem> silent = ChipProbe.problems(parts, ChipProbe.probe(pi4j, parts));
            if (!silent.isEmpty()) {
                throw new PiNotReady(silent);
            }
            board = build(config, pi4j, model, clock, faults);
        } catch (RuntimeException e) {
            pi4j.shutdown();
            throw e;
        }
        return new Board(board.squares(), board.komadai(), board.leds(), board.clock(), board.buzzer(),
                board.buttons(), board.faults(), () -> {
                    try {
                        board.close();
                    } finally {
                        pi4j.shutdown();
                    }
                });
    }

    /**
     * The GPIO inputs a configuration opens for good (the TM1637's DIO is one only while it is released): the matrix
     * columns, the MCP23017 interrupt lines (one when the squares and the komadai share it) and the buttons.
     * docs/hardware.md counts them for the reference boards.
     */
    static int gpioInputs(BoardConfig config) {
        int inputs = config.buttons().gpio().size();
        Set<Integer> interruptLines = new HashSet<>();
        if (config.squares() instanceof SquaresConfig.Mcp23017 m) {
            m.interruptGpio().ifPresent(interruptLines::add);
        }
        if (config.komadai() instanceof KomadaiConfig.Mcp23017 k) {
            k.interruptGpio().ifPresent(interruptLines::add);
        }
        return inputs + interruptLines.size() + (config.squares() instanceof SquaresConfig.Matrix m
                ? m.columns().size() : 0);
    }

    /**
     * The interrupt line on {@code pin}, opened once: the komadai's chips wired to the squares' line get the same
     * line (one Pi4J input, one claim of the GPIO), not a second input on the same pin.
     */
    private static InterruptLine interruptLine(BoardConfig config, Context pi4j, Map<Integer, InterruptLine> lines,
                                               int pin, String id) {
        return lines.computeIfAbsent(pin, p -> new InterruptLine(GpioClaim.claim(config, p, () -> pi4j.create(
                DigitalInput.newConfigBuilder(pi4j).id(id).address(p).pull(PullResistance.PULL_UP)))));
    }

    private static I2cChip i2c(Context pi4j, String id, String chipName, I2cAddress address, FaultReporter faults,
                               int retries) {
        I2C i2c = pi4j.create(I2C.newConfigBuilder(pi4j).id(id).bus(address.bus()).device(address.address()));
        return new I2cChip(i2c, faults.device(chipName, address.toString()), retries);
    }

    private static SquareSensors squares(BoardConfig config, Context pi4j, FaultReporter faults,
                                         List<Runnable> closers, Map<Integer, InterruptLine> lines) {
        return switch (config.squares()) {
            case SquaresConfig.Mcp23017 m -> {
                List<Mcp23017> chips = new ArrayList<>();
                for (int i = 0; i < m.chips().size(); i++) {
                    chips.add(new Mcp23017(i2c(pi4j, "mcp23017-squares-" + i, "MCP23017 squares #" + i,
                            m.chips().get(i), faults, config.i2cRetries()), m.pullUp(),
                            m.interruptGpio().isPresent()));
                }
                InterruptLine interrupt = m.interruptGpio().isPresent() ? interruptLine(config, pi4j, lines,
                        m.interruptGpio().getAsInt(), "mcp23017-interrupt") : null;
                Mcp23017SquareSensors sensors = new Mcp23017SquareSensors(config.sensorKind(), chips, m.pins(),
                        config.activeLow(), interrupt, m.backstopPasses());
                closers.add(sensors::close);
                yield sensors;
            }
            case SquaresConfig.Matrix m -> {
                List<DigitalOutput> rows = new ArrayList<>();
                for (int r = 0; r < m.rows().size(); r++) {
                    int row = r;
                    rows.add(GpioClaim.claim(config, m.rows().get(r), () -> pi4j.create(DigitalOutput
                            .newConfigBuilder(pi4j).id("matrix-row-" + row).address(m.rows().get(row))
                            .initial(DigitalState.HIGH).shutdown(DigitalState.HIGH))));
                }
                List<DigitalInput> columns = new ArrayList<>();
                for (int c = 0; c < m.columns().size(); c++) {
                    int column = c;
                    columns.add(GpioClaim.claim(config, m.columns().get(c), () -> pi4j.create(DigitalInput
                            .newConfigBuilder(pi4j).id("matrix-column-" + column).address(m.columns().get(column))
                            .pull(PullResistance.PULL_UP).debounce(0L))));
                }
                yield new GpioMatrixSquareSensors(config.sensorKind(), rows, columns, m.settleMicros(),
                        faults.device("diode matrix", "gpio rows " + m.rows() + " columns " + m.columns()));
            }
        };
    }

    private static KomadaiSensors komadai(BoardConfig config, Context pi4j, FaultReporter faults,
                                          List<Runnable> closers, Map<Integer, InterruptLine> lines) {
        return switch (config.komadai()) {
            case KomadaiConfig.None n -> KomadaiSensors.absent();
            case KomadaiConfig.Mcp23017 m -> {
                List<Mcp23017> chips = new ArrayList<>();
                for (int i = 0; i < m.chips().size(); i++) {
                    chips.add(new Mcp23017(i2c(pi4j, "mcp23017-komadai-" + i, "MCP23017 komadai #" + i,
                            m.chips().get(i), faults, config.i2cRetries()), m.pullUp(),
                            m.interruptGpio().isPresent()));
                }
                InterruptLine interrupt = m.interruptGpio().isPresent() ? interruptLine(config, pi4j, lines,
                        m.interruptGpio().getAsInt(), "mcp23017-komadai-interrupt") : null;
                Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips, m.encoding(), m.slotPins(),
                        config.activeLow(), interrupt, m.backstopPasses());
                closers.add(sensors::close);
                yield sensors;
            }
        };
    }

    private static LedPanel leds(BoardConfig config, Context pi4j, FaultReporter faults) {
        return switch (config.leds()) {
            case LedsConfig.None n -> frame -> { };
            case LedsConfig.Ws2812 w -> {
                Spi spi = pi4j.create(Spi.newConfigBuilder(pi4j).id("ws2812").bus(SpiBus.getByNumber(w.spiBus()))
                        .channel(w.spiChannel()).baud(w.baud()).mode(SpiMode.MODE_0));
                yield new Ws2812LedPanel(spi, new Ws2812Encoder(w.brightnessCap(), w.serpentine(), w.baud()),
                        faults.device("WS2812 chain", "spi-" + w.spiBus() + "." + w.spiChannel()));
            }
            case LedsConfig.Ht16k33 h -> new Ht16k33LedPanel(new Ht16k33(i2c(pi4j, "ht16k33-leds",
                    "HT16K33 LEDs", h.address(), faults, config.i2cRetries()), h.dimming()));
        };
    }

    private static ClockDisplay clockDisplay(BoardConfig config, Context pi4j, FaultReporter faults,
                                             List<Runnable> closers) {
        return switch (config.clock()) {
            case ClockConfig.None n -> new NoClockDisplay();
            case ClockConfig.Tm1637 t -> tm1637(t, pi4j, faults, closers);
            case ClockConfig.Ht16k33 h -> new Ht16k33ClockDisplay(
                    new Ht16k33(i2c(pi4j, "ht16k33-clock-sente", "HT16K33 sente clock", h.sente(), faults,
                            config.i2cRetries()), h.brightness()),
                    new Ht16k33(i2c(pi4j, "ht16k33-clock-gote", "HT16K33 gote clock", h.gote(), faults,
                            config.i2cRetries()), h.brightness()));
        };
    }

    private static ClockDisplay tm1637(ClockConfig.Tm1637 t, Context pi4j, FaultReporter faults,
                                       List<Runnable> closers) {
        ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "shogiban-tm1637");
            thread.setDaemon(true);
            return thread;
        });
        closers.add(() -> {
            // a blank asked for on the way down is still written, then the thread ends
            writer.shutdown();
            try {
                writer.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return new Tm1637ClockDisplay(
                new Tm1637(output(pi4j, "tm1637-sente-clk", t.senteClk()),
                        new Tm1637Line(pi4j, "tm1637-sente-dio", t.senteDio()), t.brightness(), TM1637_HALF_BIT_NANOS),
                new Tm1637(output(pi4j, "tm1637-gote-clk", t.goteClk()),
                        new Tm1637Line(pi4j, "tm1637-gote-dio", t.goteDio()), t.brightness(), TM1637_HALF_BIT_NANOS),
                faults, writer);
    }

    private static DigitalOutput output(Context pi4j, String id, int pin) {
        return pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id(id).address(pin)
                .initial(DigitalState.HIGH).shutdown(DigitalState.HIGH));
    }

    private static Buzzer buzzer(BoardConfig config, Context pi4j, boolean rp1, FaultReporter faults,
                                 List<Runnable> closers) {
        return switch (config.buzzer()) {
            case BuzzerConfig.None n -> new NoBuzzer();
            case BuzzerConfig.Pwm p -> {
                int channel = p.channelOn(rp1);
                Pwm pwm = pi4j.create(Pwm.newConfigBuilder(pi4j).id("buzzer").address(channel)
                        .pwmType(PwmType.HARDWARE).frequency(p.frequencyHz()).initial(0).shutdown(0));
                ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "shogiban-buzzer");
                    t.setDaemon(true);
                    return t;
                });
                closers.add(scheduler::shutdownNow);
                yield new PwmBuzzer(pwm, scheduler, p.frequencyHz(), p.beepMillis(), p.longToneMillis(),
                        faults.device("buzzer", "pwm-" + channel + " (gpio-" + p.gpio() + ")"));
            }
        };
    }

    private static Buttons buttons(BoardConfig config, Context pi4j, MonotonicClock clock) {
        Map<Button, DigitalInput> inputs = new EnumMap<>(Button.class);
        config.buttons().gpio().forEach((button, pin) -> inputs.put(button, GpioClaim.claim(config, pin,
                () -> pi4j.create(DigitalInput.newConfigBuilder(pi4j)
                        .id("button-" + button.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                        .address(pin).pull(PullResistance.PULL_UP)
                        .debounce((long) config.buttons().debounceMillis(), TimeUnit.MILLISECONDS)))));
        return new GpioButtons(inputs, clock);
    }

    /** The clock display of a board without one. */
    private static final class NoClockDisplay implements ClockDisplay {
        @Override
        public void show(ClockFace sente, ClockFace gote) {
        }

        @Override
        public void blank() {
        }

        @Override
        public void showDigits(org.shogiban.hal.segment.FourDigits sente, org.shogiban.hal.segment.FourDigits gote) {
        }
    }

    /** The buzzer of a board without one. */
    private static final class NoBuzzer implements Buzzer {
        @Override
        public void beep() {
        }

        @Override
        public void longTone() {
        }

        @Override
        public void silence() {
        }
    }
}
