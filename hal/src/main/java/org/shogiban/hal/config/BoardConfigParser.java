package org.shogiban.hal.config;

import static org.shogiban.hal.config.BoardConfig.MAX_GPIO;
import static org.shogiban.hal.config.BoardConfig.MCP_INPUTS_PER_CHIP;
import static org.shogiban.hal.config.BoardConfig.SLOT_BITS;
import static org.shogiban.hal.config.BoardConfig.SLOT_PLACES;
import static org.shogiban.hal.config.BoardConfig.buttonKey;
import static org.shogiban.hal.config.BoardConfig.isMcpOutputOnly;
import static org.shogiban.hal.config.BoardConfig.mcpInputPin;
import static org.shogiban.hal.config.BoardConfig.slotKey;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ScanSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the board's parts (squares, komadai, LEDs, clock, buzzer, buttons, link...) from a file's
 * {@link ConfigValues}, with the checks that span keys: enough MCP23017 inputs, no GPA7/GPB7 input, no pin in two
 * places, no GPIO a bus needs.
 */
final class BoardConfigParser {
    // BoardConfig's logger, so that the warnings keep the name they always had
    private static final Logger log = LoggerFactory.getLogger(BoardConfig.class);
    private final ConfigValues values;

    BoardConfigParser(Properties props, String source) {
        this.values = new ConfigValues(props, source);
    }

    BoardConfig parse() {
        values.rejectUnknownKeys();
        values.rejectEmptyValues();
        SensorKind kind = values.choice(ConfigKeys.SENSORS_KIND, SensorKind.class);
        String driver = values.oneOf(ConfigKeys.SENSORS_DRIVER);
        boolean activeLow = values.bool(ConfigKeys.SENSORS_ACTIVE_LOW);
        ScanSettings scan = new ScanSettings(values.integer(ConfigKeys.SCAN_RATE_HZ),
                values.integer(ConfigKeys.SCAN_STABLE_MS));
        values.defaultBus(values.integer(ConfigKeys.I2C_BUS));
        int retries = values.integer(ConfigKeys.I2C_RETRIES);

        SquaresConfig squares = driver.equals("mcp23017") ? mcpSquares(kind) : matrixSquares(kind);
        KomadaiConfig komadai = komadai(squares);
        LedsConfig leds = leds();
        ClockConfig clock = clock();
        BuzzerConfig buzzer = buzzer();
        ButtonsConfig buttons = buttons();
        LinkConfig link = link();
        HallConfig hall = hall();
        if (values.usesI2c()) {
            values.reserveBusPins("I2C bus 1 (SDA, SCL)", 1, 2, 3);
        }
        if (leds instanceof LedsConfig.Ws2812 w && w.spiBus() == 0) {
            values.reserveBusPins("SPI bus 0 (MOSI, SCLK, chip select)", -1, 10, 11, w.spiChannel() == 0 ? 8 : 7);
        }
        values.warnUnused();
        String engineCommand = values.raw("engine.command", "").strip();
        String engineOptions = values.raw("engine.options", "").strip();
        for (String part : engineOptions.split(";")) {
            if (!part.isBlank() && part.indexOf('=') <= 0) {
                throw values.fail("engine.options", "Name=Value;Name=Value (e.g. Skill Level=5;Hash=16), not '"
                        + part.strip() + "'");
            }
        }
        String tokenFile = values.raw("lishogi.token-file", "").strip();
        String url = values.raw("lishogi.url", OnlineConfig.DEFAULT_URL).strip();
        if (!url.matches("https?://[A-Za-z0-9.:\\[\\]-]+(/.*)?")) {
            throw values.fail("lishogi.url", "https://host (or http://host:port for a test server), not '" + url
                    + "'");
        }
        return new BoardConfig(kind, scan, activeLow, retries, squares, komadai, leds, clock, buzzer, buttons,
                link, hall, new EngineConfig(engineCommand.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(engineCommand), engineOptions), new OnlineConfig(tokenFile.isEmpty()
                ? java.util.Optional.empty() : java.util.Optional.of(tokenFile), url));
    }

    private SquaresConfig mcpSquares(SensorKind kind) {
        String chipsKey = ConfigKeys.SQUARES_MCP_CHIPS.key();
        List<I2cAddress> chips = values.mcpChips(chipsKey);
        int perSquare = kind == SensorKind.POLARITY ? 2 : 1;
        int needed = 81 * perSquare;
        if (chips.size() * MCP_INPUTS_PER_CHIP < needed) {
            throw values.fail(chipsKey, "at least " + chipsFor(needed) + " chips for " + needed + " inputs of a "
                    + kind.name().toLowerCase(Locale.ROOT) + " board (" + PER_CHIP_WHY + ")");
        }
        String pinsKey = ConfigKeys.SQUARES_MCP_PINS.key();
        List<Integer> pins = values.has(pinsKey) ? mcpInputs(pinsKey, chips.size()) : mcpInputSequence(0, needed);
        if (pins.size() != needed) {
            throw values.fail(pinsKey, needed + " global pins (" + (perSquare == 2 ? "face-up and face-down pin of "
                    : "one pin of ") + "each square in SFEN order), got " + pins.size());
        }
        values.requireDistinct(pinsKey, pins);
        boolean pullUp = values.bool(ConfigKeys.SQUARES_MCP_PULL_UP);
        OptionalInt interrupt = values.has(ConfigKeys.SQUARES_MCP_INTERRUPT.key())
                ? OptionalInt.of(values.gpio(ConfigKeys.SQUARES_MCP_INTERRUPT.key())) : OptionalInt.empty();
        int backstop = values.integer(ConfigKeys.SQUARES_MCP_BACKSTOP);
        return new SquaresConfig.Mcp23017(chips, pins, pullUp, interrupt, backstop);
    }

    private SquaresConfig matrixSquares(SensorKind kind) {
        if (kind == SensorKind.POLARITY) {
            throw values.fail(ConfigKeys.SENSORS_KIND.key(), "`occupancy` with `sensors.driver=matrix`: a passive diode"
                    + " matrix of switches cannot tell a piece's face (that needs active hall sensors, two outputs"
                    + " per square, on MCP23017)");
        }
        List<Integer> rows = values.gpioList(ConfigKeys.SQUARES_MATRIX_ROWS.key(), 9, "9 BCM pins, ranks a to i");
        List<Integer> columns = values.gpioList(ConfigKeys.SQUARES_MATRIX_COLUMNS.key(), 9, "9 BCM pins, files 9 to 1");
        int settle = values.integer(ConfigKeys.SQUARES_MATRIX_SETTLE);
        if (settle < SquaresConfig.Matrix.INTERNAL_PULL_UP_SETTLE_MICROS) {
            log.warn("{}: {}={} µs is enough only with external column pull-ups (10 kΩ or less); the Pi's"
                    + " internal 50-65 kΩ pull-ups need {} µs (docs/hardware.md)", values.source(),
                    ConfigKeys.SQUARES_MATRIX_SETTLE.key(), settle,
                    SquaresConfig.Matrix.INTERNAL_PULL_UP_SETTLE_MICROS);
        }
        return new SquaresConfig.Matrix(rows, columns, settle);
    }

    private KomadaiConfig komadai(SquaresConfig squares) {
        String driver = values.oneOf(ConfigKeys.KOMADAI_DRIVER);
        if (driver.equals("none")) {
            return new KomadaiConfig.None();
        }
        List<I2cAddress> chips = values.mcpChips(ConfigKeys.KOMADAI_MCP_CHIPS.key());
        boolean pullUp = values.bool(ConfigKeys.KOMADAI_MCP_PULL_UP);
        KomadaiConfig.Encoding encoding = values.choice(ConfigKeys.KOMADAI_ENCODING, KomadaiConfig.Encoding.class);
        List<Integer> sizes = encoding == KomadaiConfig.Encoding.PLACES ? SLOT_PLACES : SLOT_BITS;
        int maxInput = chips.size() * MCP_INPUTS_PER_CHIP - 1;
        List<List<Integer>> slotPins = new ArrayList<>();
        Map<Integer, String> pinOwners = new HashMap<>();
        int next = 0;
        for (Player p : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                String key = slotKey(p, s);
                int size = sizes.get(s.ordinal());
                List<Integer> pins;
                if (values.has(key)) {
                    pins = mcpInputs(key, chips.size());
                    int max = encoding == KomadaiConfig.Encoding.BINARY ? 8 : 32;
                    if (pins.isEmpty() || pins.size() > max) {
                        throw values.fail(key, "1.." + max + " global pins on the komadai chips");
                    }
                } else {
                    if (next + size - 1 > maxInput) {
                        int total = totalDefaultPins(sizes);
                        throw values.fail(ConfigKeys.KOMADAI_MCP_CHIPS.key(), "at least " + chipsFor(total)
                                + " chips for the default komadai pins (" + total + " inputs, " + PER_CHIP_WHY
                                + "), or set " + key);
                    }
                    pins = mcpInputSequence(next, size);
                }
                next += size;
                for (int pin : pins) {
                    String owner = pinOwners.putIfAbsent(pin, key);
                    if (owner != null) {
                        throw values.fail(key, "komadai pins not used elsewhere; pin " + pin + " is already in "
                                + owner);
                    }
                }
                slotPins.add(pins);
            }
        }
        OptionalInt squaresLine = squares instanceof SquaresConfig.Mcp23017 m ? m.interruptGpio()
                : OptionalInt.empty();
        int squaresBackstop = squares instanceof SquaresConfig.Mcp23017 m ? m.backstopPasses()
                : ConfigKeys.SQUARES_MCP_BACKSTOP.defaultInt();
        return new KomadaiConfig.Mcp23017(chips, pullUp, encoding, slotPins, komadaiInterrupt(squaresLine),
                values.integer(ConfigKeys.KOMADAI_MCP_BACKSTOP, squaresBackstop));
    }

    /**
     * The komadai chips' interrupt line, if wired: a GPIO of its own, or the squares' line when both sets' INT
     * outputs are wired together (open-drain, so they may share it): that pin is then claimed once, by the squares.
     */
    private OptionalInt komadaiInterrupt(OptionalInt squaresLine) {
        String key = ConfigKeys.KOMADAI_MCP_INTERRUPT.key();
        if (!values.has(key)) {
            return OptionalInt.empty();
        }
        int pin = values.integer(key, 0, 0, MAX_GPIO);
        if (squaresLine.isEmpty() || squaresLine.getAsInt() != pin) {
            values.claimGpio(key, pin);
        }
        return OptionalInt.of(pin);
    }

    private static final String PER_CHIP_WHY = MCP_INPUTS_PER_CHIP + " inputs per chip: GPA7 and GPB7 are"
            + " output-only";

    private static int chipsFor(int inputs) {
        return (inputs + MCP_INPUTS_PER_CHIP - 1) / MCP_INPUTS_PER_CHIP;
    }

    /** The global pins of inputs {@code from} .. {@code from + count - 1}, skipping GPA7 and GPB7. */
    private static List<Integer> mcpInputSequence(int from, int count) {
        List<Integer> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(mcpInputPin(from + i));
        }
        return out;
    }

    /** A list of global input pins on {@code chips} chips; pin 7 or 15 of a chip is refused, with the reason. */
    private List<Integer> mcpInputs(String key, int chips) {
        List<Integer> pins = values.intList(key, 0, chips * 16 - 1);
        for (int pin : pins) {
            if (isMcpOutputOnly(pin)) {
                int chip = pin / 16;
                String name = pin % 16 == 7 ? "GPA7" : "GPB7";
                throw values.fail(key, "inputs on GPA0..6 and GPB0..6 only; pin " + pin + " is chip " + chip + " "
                        + name + " (pin " + pin % 16 + "), which is output-only on the MCP23017: an input there"
                        + " changing during a read can corrupt SDA (Microchip DS20001952D)");
            }
        }
        return pins;
    }

    private static int totalDefaultPins(List<Integer> sizes) {
        return 2 * sizes.stream().mapToInt(Integer::intValue).sum();
    }

    private LedsConfig leds() {
        String driver = values.oneOf(ConfigKeys.LEDS_DRIVER);
        int cap = values.integer(ConfigKeys.LEDS_BRIGHTNESS_CAP);
        return switch (driver) {
            case "ws2812" -> new LedsConfig.Ws2812(values.integer(ConfigKeys.LEDS_WS2812_SPI_BUS),
                    values.integer(ConfigKeys.LEDS_WS2812_SPI_CHANNEL),
                    values.integer(ConfigKeys.LEDS_WS2812_SPI_BAUD),
                    values.bool(ConfigKeys.LEDS_WS2812_SERPENTINE), cap);
            case "ht16k33" -> new LedsConfig.Ht16k33(values.i2c(ConfigKeys.LEDS_HT16K33_ADDRESS),
                    (cap * 15 + 127) / 255);
            default -> new LedsConfig.None();
        };
    }

    private ClockConfig clock() {
        String driver = values.oneOf(ConfigKeys.CLOCK_DRIVER);
        return switch (driver) {
            case "tm1637" -> new ClockConfig.Tm1637(values.gpio(tm1637(0)), values.gpio(tm1637(1)), values.gpio(tm1637(2)),
                    values.gpio(tm1637(3)),
                    values.integer(ConfigKeys.CLOCK_TM1637_BRIGHTNESS));
            case "ht16k33" -> new ClockConfig.Ht16k33(values.i2c(ConfigKeys.CLOCK_HT16K33_SENTE),
                    values.i2c(ConfigKeys.CLOCK_HT16K33_GOTE),
                    values.integer(ConfigKeys.CLOCK_HT16K33_BRIGHTNESS));
            default -> new ClockConfig.None();
        };
    }

    private BuzzerConfig buzzer() {
        String driver = values.oneOf(ConfigKeys.BUZZER_DRIVER);
        if (driver.equals("none")) {
            return new BuzzerConfig.None();
        }
        ConfigKey gpio = ConfigKeys.BUZZER_GPIO;
        int pin = values.integer(gpio.key(), Integer.parseInt(gpio.defaultValue()), 0, MAX_GPIO);
        if (!gpio.choices().contains(Integer.toString(pin))) {
            throw values.fail(gpio.key(), "a hardware PWM pin: " + String.join(", ", gpio.choices().subList(0, 3))
                    + " or " + gpio.choices().getLast());
        }
        values.claimGpio(gpio.key(), pin);
        String channelKey = ConfigKeys.BUZZER_PWM_CHANNEL.key();
        OptionalInt channel = values.has(channelKey) ? OptionalInt.of(values.integer(ConfigKeys.BUZZER_PWM_CHANNEL, 0))
                : OptionalInt.empty();
        values.use(channelKey);
        return new BuzzerConfig.Pwm(pin, channel,
                values.integer(ConfigKeys.BUZZER_FREQUENCY),
                values.integer(ConfigKeys.BUZZER_BEEP_MS), values.integer(ConfigKeys.BUZZER_LONG_TONE_MS));
    }

    private ButtonsConfig buttons() {
        Map<Button, Integer> pins = new EnumMap<>(Button.class);
        for (Button b : Button.values()) {
            String key = buttonKey(b);
            if (values.has(key)) {
                pins.put(b, values.gpio(key));
            }
        }
        return new ButtonsConfig(pins, values.integer(ConfigKeys.BUTTONS_DEBOUNCE_MS));
    }

    private LinkConfig link() {
        String device = values.raw("link.device", "");
        if (!device.isEmpty() && (!device.startsWith("/") || device.chars().anyMatch(Character::isWhitespace))) {
            throw values.fail("link.device", "an absolute device path without spaces, e.g. /dev/ttyGS0, or nothing for"
                    + " no link");
        }
        int baud = values.integer(ConfigKeys.LINK_BAUD);
        String pin = values.raw("arbiter.pin", "");
        if (!pin.isEmpty() && !pin.matches("\\d{4,12}")) {
            throw values.fail("arbiter.pin", "4 to 12 digits, or nothing to turn the arbiter's commands off");
        }
        return new LinkConfig(device.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(device), baud,
                pin.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(pin));
    }

    private HallConfig hall() {
        String broker = values.raw("hall.broker", "");
        if (!broker.isEmpty() && !broker.matches("(tcp|ssl)://[^\\s/]+:\\d{1,5}")) {
            throw values.fail("hall.broker", "tcp://host:port or ssl://host:port, e.g. tcp://hall.local:1883");
        }
        String hallId = values.raw("hall.id", HallConfig.DEFAULT_HALL_ID);
        String boardId = values.raw("board.id", "");
        for (String[] id : new String[][] {{"hall.id", hallId}, {"board.id", boardId}}) {
            if (!id[1].isEmpty() && !HallConfig.isName(id[1])) {
                throw values.fail(id[0], "1 to 64 letters, digits, '-' or '_' (a name in MQTT topics)");
            }
        }
        String user = values.raw("hall.username", "");
        String password = values.raw("hall.password", "");
        return new HallConfig(opt(broker), hallId, opt(boardId), opt(user), opt(password));
    }

    private static java.util.Optional<String> opt(String s) {
        return s.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(s);
    }

    private static String tm1637(int i) {
        return ConfigKeys.CLOCK_TM1637_PINS.keys().get(i);
    }
}
