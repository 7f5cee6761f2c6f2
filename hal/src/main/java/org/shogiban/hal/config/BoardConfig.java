package org.shogiban.hal.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ScanSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which board is built: sensor kind, chips, addresses and pins, read from one properties file at start-up and
 * validated once. Any wrong value (unknown key, bad number, pin used twice, too few chips...) throws a
 * {@link ConfigException} naming the key, the value and what is allowed; a valid config never fails later for a
 * configuration reason. The keys, their defaults and limits are {@link ConfigKeys}; docs/hardware.md shows them.
 *
 * @param sensorKind what the square sensors tell
 * @param scan scan rate and stable time
 * @param activeLow whether an MCP23017 input reads 0 when its sensor is active (reed switch to ground)
 * @param i2cRetries extra attempts of a failed I2C access before it counts as a fault
 * @param squares how the squares are wired
 * @param komadai how the komadai are wired
 * @param leds the LEDs
 * @param clock the clock displays
 * @param buzzer the buzzer
 * @param buttons the buttons
 * @param link the USB serial link and the arbiter's PIN
 * @param hall the tournament hall's MQTT broker and this board's name in it
 * @param engine the USI engine to play against
 */
public record BoardConfig(SensorKind sensorKind, ScanSettings scan, boolean activeLow, int i2cRetries,
                          SquaresConfig squares, KomadaiConfig komadai, LedsConfig leds, ClockConfig clock,
                          BuzzerConfig buzzer, ButtonsConfig buttons, LinkConfig link, HallConfig hall,
                          EngineConfig engine) {
    private static final Logger log = LoggerFactory.getLogger(BoardConfig.class);

    /** Places of each slot of one komadai, in {@link KomadaiSlot} order: every piece of that kind fits. */
    public static final List<Integer> SLOT_PLACES = List.of(18, 4, 4, 4, 4, 2, 2);
    /** Bits of each slot's binary count, in {@link KomadaiSlot} order: enough for {@link #SLOT_PLACES}. */
    public static final List<Integer> SLOT_BITS = List.of(5, 3, 3, 3, 3, 2, 2);
    /**
     * Inputs of one MCP23017: GPA0..6 and GPB0..6. GPA7 and GPB7 are output-only in Microchip's datasheet (DS20001952D,
     * rev D: an input on them that changes during a read can corrupt SDA), so no pin map uses them as inputs.
     */
    public static final int MCP_INPUTS_PER_CHIP = 14;
    /** The highest BCM GPIO number of a Raspberry Pi header. */
    public static final int MAX_GPIO = 27;

    /** Loads and validates a configuration file. */
    public static BoardConfig load(Path file) {
        return parse(ConfigFile.properties(ConfigFile.readText(file), file.toString()), file.toString());
    }

    /** Loads and validates a configuration from a stream (UTF-8), named {@code source} in messages. */
    public static BoardConfig load(InputStream in, String source) throws IOException {
        String text = ConfigFile.decode(in.readAllBytes(), source);
        return parse(ConfigFile.properties(text, source), source);
    }

    /** Validates configuration properties, named {@code source} in messages. */
    public static BoardConfig parse(Properties properties, String source) {
        BoardConfig config = new Parser(properties, source).parse();
        log.info("board configuration {}: {} sensors on {}, komadai {}, LEDs {}, clock {}, buzzer {}, {} buttons",
                source, config.sensorKind, kindOf(config.squares), kindOf(config.komadai), kindOf(config.leds),
                kindOf(config.clock), kindOf(config.buzzer), config.buttons.gpio().size());
        return config;
    }

    private static String kindOf(Object o) {
        return o.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }

    /** Whether a global MCP23017 pin (chip index * 16 + pin) is GPA7 or GPB7, which are output-only. */
    public static boolean isMcpOutputOnly(int globalPin) {
        return globalPin % 8 == 7;
    }

    /** The global pin of the {@code n}th MCP23017 input counted from chip 0's GPA0, skipping GPA7 and GPB7. */
    public static int mcpInputPin(int n) {
        return n / 7 * 8 + n % 7;
    }

    /** The configuration key of a komadai slot's pins, e.g. {@code komadai.sente.pawn-pins}. */
    public static String slotKey(Player player, KomadaiSlot slot) {
        return "komadai." + player.name().toLowerCase(Locale.ROOT) + "." + slot.name().toLowerCase(Locale.ROOT)
                + "-pins";
    }

    /** The configuration key of a button's pin, e.g. {@code buttons.clock-sente-gpio}. */
    public static String buttonKey(Button button) {
        return "buttons." + button.name().toLowerCase(Locale.ROOT).replace('_', '-') + "-gpio";
    }

    /** Every key a configuration file may hold: the keys of {@link ConfigKeys#ALL}. */
    public static Set<String> knownKeys() {
        Set<String> keys = new LinkedHashSet<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            keys.addAll(k.keys());
        }
        return keys;
    }

    /** Reads typed values, remembers which keys were used, and checks pins and addresses are not shared. */
    private static final class Parser {
        private final Properties props;
        private final String source;
        private final Set<String> used = new HashSet<>();
        private final Map<Integer, String> gpioOwners = new HashMap<>();
        private final Map<I2cAddress, String> i2cOwners = new HashMap<>();
        private int defaultBus;

        Parser(Properties props, String source) {
            this.props = props;
            this.source = Objects.requireNonNull(source);
        }

        BoardConfig parse() {
            rejectUnknownKeys();
            rejectEmptyValues();
            SensorKind kind = choice(ConfigKeys.SENSORS_KIND, SensorKind.class);
            String driver = oneOf(ConfigKeys.SENSORS_DRIVER);
            boolean activeLow = bool(ConfigKeys.SENSORS_ACTIVE_LOW);
            ScanSettings scan = new ScanSettings(integer(ConfigKeys.SCAN_RATE_HZ),
                    integer(ConfigKeys.SCAN_STABLE_MS));
            defaultBus = integer(ConfigKeys.I2C_BUS);
            int retries = integer(ConfigKeys.I2C_RETRIES);

            SquaresConfig squares = driver.equals("mcp23017") ? mcpSquares(kind) : matrixSquares(kind);
            KomadaiConfig komadai = komadai();
            LedsConfig leds = leds();
            ClockConfig clock = clock();
            BuzzerConfig buzzer = buzzer();
            ButtonsConfig buttons = buttons();
            LinkConfig link = link();
            HallConfig hall = hall();
            if (!i2cOwners.isEmpty()) {
                reserveBusPins("I2C bus 1 (SDA, SCL)", 1, 2, 3);
            }
            if (leds instanceof LedsConfig.Ws2812 w && w.spiBus() == 0) {
                reserveBusPins("SPI bus 0 (MOSI, SCLK, chip select)", -1, 10, 11, w.spiChannel() == 0 ? 8 : 7);
            }
            warnUnused();
            String engineCommand = raw("engine.command", "").strip();
            String engineOptions = raw("engine.options", "").strip();
            for (String part : engineOptions.split(";")) {
                if (!part.isBlank() && part.indexOf('=') <= 0) {
                    throw fail("engine.options", "Name=Value;Name=Value (e.g. Skill Level=5;Hash=16), not '"
                            + part.strip() + "'");
                }
            }
            return new BoardConfig(kind, scan, activeLow, retries, squares, komadai, leds, clock, buzzer, buttons,
                    link, hall, new EngineConfig(engineCommand.isEmpty() ? java.util.Optional.empty()
                    : java.util.Optional.of(engineCommand), engineOptions));
        }

        private SquaresConfig mcpSquares(SensorKind kind) {
            String chipsKey = ConfigKeys.SQUARES_MCP_CHIPS.key();
            List<I2cAddress> chips = mcpChips(chipsKey);
            int perSquare = kind == SensorKind.POLARITY ? 2 : 1;
            int needed = 81 * perSquare;
            if (chips.size() * MCP_INPUTS_PER_CHIP < needed) {
                throw fail(chipsKey, "at least " + chipsFor(needed) + " chips for " + needed + " inputs of a "
                        + kind.name().toLowerCase(Locale.ROOT) + " board (" + PER_CHIP_WHY + ")");
            }
            String pinsKey = ConfigKeys.SQUARES_MCP_PINS.key();
            List<Integer> pins = has(pinsKey) ? mcpInputs(pinsKey, chips.size()) : mcpInputSequence(0, needed);
            if (pins.size() != needed) {
                throw fail(pinsKey, needed + " global pins (" + (perSquare == 2 ? "face-up and face-down pin of "
                        : "one pin of ") + "each square in SFEN order), got " + pins.size());
            }
            requireDistinct(pinsKey, pins);
            boolean pullUp = bool(ConfigKeys.SQUARES_MCP_PULL_UP);
            OptionalInt interrupt = has(ConfigKeys.SQUARES_MCP_INTERRUPT.key())
                    ? OptionalInt.of(gpio(ConfigKeys.SQUARES_MCP_INTERRUPT.key())) : OptionalInt.empty();
            int backstop = integer(ConfigKeys.SQUARES_MCP_BACKSTOP);
            return new SquaresConfig.Mcp23017(chips, pins, pullUp, interrupt, backstop);
        }

        private SquaresConfig matrixSquares(SensorKind kind) {
            if (kind == SensorKind.POLARITY) {
                throw fail(ConfigKeys.SENSORS_KIND.key(), "`occupancy` with `sensors.driver=matrix`: a passive diode"
                        + " matrix of switches cannot tell a piece's face (that needs active hall sensors, two outputs"
                        + " per square, on MCP23017)");
            }
            List<Integer> rows = gpioList(ConfigKeys.SQUARES_MATRIX_ROWS.key(), 9, "9 BCM pins, ranks a to i");
            List<Integer> columns = gpioList(ConfigKeys.SQUARES_MATRIX_COLUMNS.key(), 9, "9 BCM pins, files 9 to 1");
            int settle = integer(ConfigKeys.SQUARES_MATRIX_SETTLE);
            if (settle < SquaresConfig.Matrix.INTERNAL_PULL_UP_SETTLE_MICROS) {
                log.warn("{}: {}={} µs is enough only with external column pull-ups (10 kΩ or less); the Pi's"
                        + " internal 50-65 kΩ pull-ups need {} µs (docs/hardware.md)", source,
                        ConfigKeys.SQUARES_MATRIX_SETTLE.key(), settle,
                        SquaresConfig.Matrix.INTERNAL_PULL_UP_SETTLE_MICROS);
            }
            return new SquaresConfig.Matrix(rows, columns, settle);
        }

        private KomadaiConfig komadai() {
            String driver = oneOf(ConfigKeys.KOMADAI_DRIVER);
            if (driver.equals("none")) {
                return new KomadaiConfig.None();
            }
            List<I2cAddress> chips = mcpChips(ConfigKeys.KOMADAI_MCP_CHIPS.key());
            boolean pullUp = bool(ConfigKeys.KOMADAI_MCP_PULL_UP);
            KomadaiConfig.Encoding encoding = choice(ConfigKeys.KOMADAI_ENCODING, KomadaiConfig.Encoding.class);
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
                    if (has(key)) {
                        pins = mcpInputs(key, chips.size());
                        int max = encoding == KomadaiConfig.Encoding.BINARY ? 8 : 32;
                        if (pins.isEmpty() || pins.size() > max) {
                            throw fail(key, "1.." + max + " global pins on the komadai chips");
                        }
                    } else {
                        if (next + size - 1 > maxInput) {
                            int total = totalDefaultPins(sizes);
                            throw fail(ConfigKeys.KOMADAI_MCP_CHIPS.key(), "at least " + chipsFor(total)
                                    + " chips for the default komadai pins (" + total + " inputs, " + PER_CHIP_WHY
                                    + "), or set " + key);
                        }
                        pins = mcpInputSequence(next, size);
                    }
                    next += size;
                    for (int pin : pins) {
                        String owner = pinOwners.putIfAbsent(pin, key);
                        if (owner != null) {
                            throw fail(key, "komadai pins not used elsewhere; pin " + pin + " is already in "
                                    + owner);
                        }
                    }
                    slotPins.add(pins);
                }
            }
            return new KomadaiConfig.Mcp23017(chips, pullUp, encoding, slotPins);
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
            List<Integer> pins = intList(key, 0, chips * 16 - 1);
            for (int pin : pins) {
                if (isMcpOutputOnly(pin)) {
                    int chip = pin / 16;
                    String name = pin % 16 == 7 ? "GPA7" : "GPB7";
                    throw fail(key, "inputs on GPA0..6 and GPB0..6 only; pin " + pin + " is chip " + chip + " "
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
            String driver = oneOf(ConfigKeys.LEDS_DRIVER);
            int cap = integer(ConfigKeys.LEDS_BRIGHTNESS_CAP);
            return switch (driver) {
                case "ws2812" -> new LedsConfig.Ws2812(integer(ConfigKeys.LEDS_WS2812_SPI_BUS),
                        integer(ConfigKeys.LEDS_WS2812_SPI_CHANNEL),
                        integer(ConfigKeys.LEDS_WS2812_SPI_BAUD),
                        bool(ConfigKeys.LEDS_WS2812_SERPENTINE), cap);
                case "ht16k33" -> new LedsConfig.Ht16k33(i2c(ConfigKeys.LEDS_HT16K33_ADDRESS),
                        (cap * 15 + 127) / 255);
                default -> new LedsConfig.None();
            };
        }

        private ClockConfig clock() {
            String driver = oneOf(ConfigKeys.CLOCK_DRIVER);
            return switch (driver) {
                case "tm1637" -> new ClockConfig.Tm1637(gpio(tm1637(0)), gpio(tm1637(1)), gpio(tm1637(2)),
                        gpio(tm1637(3)),
                        integer(ConfigKeys.CLOCK_TM1637_BRIGHTNESS));
                case "ht16k33" -> new ClockConfig.Ht16k33(i2c(ConfigKeys.CLOCK_HT16K33_SENTE),
                        i2c(ConfigKeys.CLOCK_HT16K33_GOTE),
                        integer(ConfigKeys.CLOCK_HT16K33_BRIGHTNESS));
                default -> new ClockConfig.None();
            };
        }

        private BuzzerConfig buzzer() {
            String driver = oneOf(ConfigKeys.BUZZER_DRIVER);
            if (driver.equals("none")) {
                return new BuzzerConfig.None();
            }
            ConfigKey gpio = ConfigKeys.BUZZER_GPIO;
            int pin = integer(gpio.key(), Integer.parseInt(gpio.defaultValue()), 0, MAX_GPIO);
            if (!gpio.choices().contains(Integer.toString(pin))) {
                throw fail(gpio.key(), "a hardware PWM pin: " + String.join(", ", gpio.choices().subList(0, 3))
                        + " or " + gpio.choices().getLast());
            }
            claimGpio(gpio.key(), pin);
            String channelKey = ConfigKeys.BUZZER_PWM_CHANNEL.key();
            OptionalInt channel = has(channelKey) ? OptionalInt.of(integer(ConfigKeys.BUZZER_PWM_CHANNEL, 0))
                    : OptionalInt.empty();
            used.add(channelKey);
            return new BuzzerConfig.Pwm(pin, channel,
                    integer(ConfigKeys.BUZZER_FREQUENCY),
                    integer(ConfigKeys.BUZZER_BEEP_MS), integer(ConfigKeys.BUZZER_LONG_TONE_MS));
        }

        private ButtonsConfig buttons() {
            Map<Button, Integer> pins = new EnumMap<>(Button.class);
            for (Button b : Button.values()) {
                String key = buttonKey(b);
                if (has(key)) {
                    pins.put(b, gpio(key));
                }
            }
            return new ButtonsConfig(pins, integer(ConfigKeys.BUTTONS_DEBOUNCE_MS));
        }

        private LinkConfig link() {
            String device = raw("link.device", "");
            if (!device.isEmpty() && (!device.startsWith("/") || device.chars().anyMatch(Character::isWhitespace))) {
                throw fail("link.device", "an absolute device path without spaces, e.g. /dev/ttyGS0, or nothing for"
                        + " no link");
            }
            int baud = integer(ConfigKeys.LINK_BAUD);
            String pin = raw("arbiter.pin", "");
            if (!pin.isEmpty() && !pin.matches("\\d{4,12}")) {
                throw fail("arbiter.pin", "4 to 12 digits, or nothing to turn the arbiter's commands off");
            }
            return new LinkConfig(device.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(device), baud,
                    pin.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(pin));
        }

        private HallConfig hall() {
            String broker = raw("hall.broker", "");
            if (!broker.isEmpty() && !broker.matches("(tcp|ssl)://[^\\s/]+:\\d{1,5}")) {
                throw fail("hall.broker", "tcp://host:port or ssl://host:port, e.g. tcp://hall.local:1883");
            }
            String hallId = raw("hall.id", HallConfig.DEFAULT_HALL_ID);
            String boardId = raw("board.id", "");
            for (String[] id : new String[][] {{"hall.id", hallId}, {"board.id", boardId}}) {
                if (!id[1].isEmpty() && !HallConfig.isName(id[1])) {
                    throw fail(id[0], "1 to 64 letters, digits, '-' or '_' (a name in MQTT topics)");
                }
            }
            String user = raw("hall.username", "");
            String password = raw("hall.password", "");
            return new HallConfig(opt(broker), hallId, opt(boardId), opt(user), opt(password));
        }

        private static java.util.Optional<String> opt(String s) {
            return s.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(s);
        }

        // ---------------------------------------------------------------- typed values

        private boolean has(String key) {
            String v = props.getProperty(key);
            return v != null && !v.isBlank();
        }

        private String raw(String key, String def) {
            if (ConfigKeys.of(key) == null) {
                throw new IllegalStateException("the parser reads '" + key + "', which ConfigKeys does not list");
            }
            used.add(key);
            String v = props.getProperty(key);
            return v == null || v.isBlank() ? def : v.strip();
        }

        private ConfigException fail(String key, String allowed) {
            String v = props.getProperty(key);
            return new ConfigException(source, key, v == null ? "" : v.strip(), allowed);
        }

        private String oneOf(String key, String def, String... allowed) {
            String v = raw(key, def).toLowerCase(Locale.ROOT);
            if (!List.of(allowed).contains(v)) {
                throw fail(key, "one of " + String.join(", ", allowed));
            }
            return v;
        }

        private <E extends Enum<E>> E choice(String key, String def, Class<E> type) {
            String[] names = java.util.Arrays.stream(type.getEnumConstants())
                    .map(e -> e.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);
            return Enum.valueOf(type, oneOf(key, def, names).toUpperCase(Locale.ROOT));
        }

        private String oneOf(ConfigKey k) {
            return oneOf(k.key(), k.defaultValue(), k.choices().toArray(String[]::new));
        }

        private boolean bool(ConfigKey k) {
            return oneOf(k).equals("true");
        }

        private <E extends Enum<E>> E choice(ConfigKey k, Class<E> type) {
            return choice(k.key(), k.defaultValue(), type);
        }

        private int integer(ConfigKey k) {
            return integer(k.key(), k.defaultInt(), k.min(), k.max());
        }

        private int integer(ConfigKey k, int def) {
            return integer(k.key(), def, k.min(), k.max());
        }

        private I2cAddress i2c(ConfigKey k) {
            return i2c(k.key(), k.defaultValue(), k.min(), k.max());
        }

        private static String tm1637(int i) {
            return ConfigKeys.CLOCK_TM1637_PINS.keys().get(i);
        }

        private boolean bool(String key, boolean def) {
            return oneOf(key, Boolean.toString(def), "true", "false").equals("true");
        }

        private int integer(String key, int def, int min, int max) {
            String v = raw(key, Integer.toString(def));
            int n;
            try {
                n = parseNumber(v);
            } catch (NumberFormatException e) {
                throw fail(key, "an integer " + min + ".." + max);
            }
            if (n < min || n > max) {
                throw fail(key, "an integer " + min + ".." + max);
            }
            return n;
        }

        /**
         * A decimal or {@code 0x} hexadecimal integer in ASCII digits. {@link Integer#parseInt} alone would also take
         * other scripts' digits (full-width {@code １００}, Arabic-Indic {@code ٣}), which no one means in a wiring file.
         */
        private static int parseNumber(String v) {
            String s = v.strip().replace("_", "");
            if (s.startsWith("0x") || s.startsWith("0X")) {
                String hex = s.substring(2);
                if (hex.isEmpty() || !hex.chars().allMatch(ConfigKeys::isHexDigit)) {
                    throw new NumberFormatException(v);
                }
                return Integer.parseInt(hex, 16);
            }
            String digits = s.startsWith("-") ? s.substring(1) : s;
            if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new NumberFormatException(v);
            }
            return Integer.parseInt(s);
        }

        private List<Integer> intList(String key, int min, int max) {
            String v = raw(key, "");
            List<Integer> out = new ArrayList<>();
            for (String part : v.split("[,\\s]+")) {
                if (part.isEmpty()) {
                    continue;
                }
                try {
                    int n = parseNumber(part);
                    if (n < min || n > max) {
                        throw new NumberFormatException();
                    }
                    out.add(n);
                } catch (NumberFormatException e) {
                    throw fail(key, "a comma-separated list of integers " + min + ".." + max + " ('" + part
                            + "' is not)");
                }
            }
            return out;
        }

        private void requireDistinct(String key, List<Integer> values) {
            Set<Integer> seen = new HashSet<>();
            for (int v : values) {
                if (!seen.add(v)) {
                    throw fail(key, "each pin once; " + v + " appears twice");
                }
            }
        }

        private int gpio(String key) {
            if (!has(key)) {
                used.add(key);
                throw fail(key, "a BCM GPIO number 0.." + MAX_GPIO + " (required)");
            }
            int pin = integer(key, 0, 0, MAX_GPIO);
            claimGpio(key, pin);
            return pin;
        }

        private List<Integer> gpioList(String key, int count, String allowed) {
            if (!has(key)) {
                used.add(key);
                throw fail(key, allowed + " (required)");
            }
            List<Integer> pins = intList(key, 0, MAX_GPIO);
            if (pins.size() != count) {
                throw fail(key, allowed + "; got " + pins.size());
            }
            for (int pin : pins) {
                claimGpio(key, pin);
            }
            return pins;
        }

        private void claimGpio(String key, int pin) {
            String owner = gpioOwners.putIfAbsent(pin, key);
            if (owner != null) {
                throw fail(key, "a GPIO not used by another key; GPIO " + pin + " is already used by " + owner);
            }
        }

        private void reserveBusPins(String what, int bus, int... pins) {
            if (bus >= 0 && i2cOwners.keySet().stream().noneMatch(a -> a.bus() == bus)) {
                return;
            }
            for (int pin : pins) {
                String owner = gpioOwners.get(pin);
                if (owner != null) {
                    throw fail(owner, "a GPIO other than " + pin + ", which " + what + " uses");
                }
            }
        }

        private I2cAddress parseI2c(String key, String token, int min, int max) {
            String t = token.strip();
            int bus = defaultBus;
            int colon = t.indexOf(':');
            try {
                if (colon >= 0) {
                    bus = parseNumber(t.substring(0, colon));
                    t = t.substring(colon + 1);
                }
                int address = parseNumber(t);
                if (bus < 0 || bus > 31 || address < min || address > max) {
                    throw new NumberFormatException();
                }
                I2cAddress a = new I2cAddress(bus, address);
                String owner = i2cOwners.putIfAbsent(a, key);
                if (owner != null) {
                    throw fail(key, "an address not used by another key; " + a + " is already used by " + owner);
                }
                return a;
            } catch (NumberFormatException e) {
                throw fail(key, String.format("I2C addresses 0x%02x..0x%02x, written ADDRESS or BUS:ADDRESS "
                        + "(bus 0..31), e.g. 0x%02x or 3:0x%02x ('%s' is not)", min, max, min, min, token.strip()));
            }
        }

        private I2cAddress i2c(String key, String def, int min, int max) {
            return parseI2c(key, raw(key, def), min, max);
        }

        private List<I2cAddress> mcpChips(String key) {
            String v = raw(key, "");
            List<I2cAddress> chips = new ArrayList<>();
            for (String part : v.split("[,\\s]+")) {
                if (!part.isEmpty()) {
                    chips.add(parseI2c(key, part, 0x20, 0x27));
                }
            }
            if (chips.isEmpty()) {
                throw fail(key, "a comma-separated list of MCP23017 addresses 0x20..0x27, written ADDRESS or "
                        + "BUS:ADDRESS (required)");
            }
            return chips;
        }

        private void rejectUnknownKeys() {
            Set<String> known = knownKeys();
            for (String key : new TreeSet<>(props.stringPropertyNames())) {
                if (!known.contains(key)) {
                    String prefix = key.contains(".") ? key.substring(0, key.indexOf('.') + 1) : key;
                    List<String> near = known.stream().filter(k -> k.startsWith(prefix)).toList();
                    String allowed = near.isEmpty()
                            ? "keys starting with " + known.stream().map(k -> k.substring(0, k.indexOf('.') + 1))
                                    .distinct().collect(Collectors.joining(", "))
                            : "one of the known keys " + String.join(", ", near);
                    throw new ConfigException(source, key, props.getProperty(key), "no such key; " + allowed);
                }
            }
        }

        /** A key written without a value is a mistake, not a request for the default: the line must go or be filled. */
        private void rejectEmptyValues() {
            for (String key : new TreeSet<>(props.stringPropertyNames())) {
                if (props.getProperty(key).isBlank()) {
                    ConfigKey k = ConfigKeys.of(key);
                    throw new ConfigException(source, key, props.getProperty(key), k.allowed()
                            + " (an empty value is not allowed; remove the line for the default, " + k.defaultText()
                            + ")");
                }
            }
        }

        private void warnUnused() {
            for (String key : new TreeSet<>(props.stringPropertyNames())) {
                if (!used.contains(key)) {
                    log.warn("{}: key '{}' is ignored by the drivers this board uses", source, key);
                }
            }
        }
    }
}
