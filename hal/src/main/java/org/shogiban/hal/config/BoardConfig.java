package org.shogiban.hal.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * configuration reason. The keys are listed in the README section "Hardware abstraction layer".
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
 */
public record BoardConfig(SensorKind sensorKind, ScanSettings scan, boolean activeLow, int i2cRetries,
                          SquaresConfig squares, KomadaiConfig komadai, LedsConfig leds, ClockConfig clock,
                          BuzzerConfig buzzer, ButtonsConfig buttons, LinkConfig link) {
    private static final Logger log = LoggerFactory.getLogger(BoardConfig.class);

    /** Places of each slot of one komadai, in {@link KomadaiSlot} order: every piece of that kind fits. */
    public static final List<Integer> SLOT_PLACES = List.of(18, 4, 4, 4, 4, 2, 2);
    /** Bits of each slot's binary count, in {@link KomadaiSlot} order: enough for {@link #SLOT_PLACES}. */
    public static final List<Integer> SLOT_BITS = List.of(5, 3, 3, 3, 3, 2, 2);
    /** The highest BCM GPIO number of a Raspberry Pi header. */
    public static final int MAX_GPIO = 27;

    /** Loads and validates a configuration file. */
    public static BoardConfig load(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            Properties p = new Properties();
            p.load(r);
            return parse(p, file.toString());
        } catch (IOException e) {
            throw new ConfigException(file.toString(), "(file)", file.toString(), "a readable properties file ("
                    + e.getMessage() + ")");
        }
    }

    /** Loads and validates a configuration from a stream (UTF-8), named {@code source} in messages. */
    public static BoardConfig load(InputStream in, String source) throws IOException {
        Properties p = new Properties();
        p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        return parse(p, source);
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

    /** The configuration key of a komadai slot's pins, e.g. {@code komadai.sente.pawn-pins}. */
    public static String slotKey(Player player, KomadaiSlot slot) {
        return "komadai." + player.name().toLowerCase(Locale.ROOT) + "." + slot.name().toLowerCase(Locale.ROOT)
                + "-pins";
    }

    /** The configuration key of a button's pin, e.g. {@code buttons.clock-sente-gpio}. */
    public static String buttonKey(Button button) {
        return "buttons." + button.name().toLowerCase(Locale.ROOT).replace('_', '-') + "-gpio";
    }

    /** Every key a configuration file may hold. */
    public static Set<String> knownKeys() {
        Set<String> keys = new LinkedHashSet<>(List.of(
                "sensors.kind", "sensors.driver", "sensors.active-low", "scan.rate-hz", "scan.stable-ms",
                "i2c.bus", "i2c.retries",
                "squares.mcp23017.chips", "squares.mcp23017.pins", "squares.mcp23017.pull-up",
                "squares.mcp23017.interrupt-gpio", "squares.mcp23017.backstop-passes",
                "squares.matrix.rows", "squares.matrix.columns", "squares.matrix.settle-us",
                "komadai.driver", "komadai.mcp23017.chips", "komadai.mcp23017.pull-up", "komadai.encoding"));
        for (Player p : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                keys.add(slotKey(p, s));
            }
        }
        keys.addAll(List.of("leds.driver", "leds.brightness-cap", "leds.ws2812.spi-bus", "leds.ws2812.spi-channel",
                "leds.ws2812.spi-baud", "leds.ws2812.serpentine", "leds.ht16k33.address",
                "clock.driver", "clock.tm1637.sente-clk", "clock.tm1637.sente-dio", "clock.tm1637.gote-clk",
                "clock.tm1637.gote-dio", "clock.tm1637.brightness", "clock.ht16k33.sente-address",
                "clock.ht16k33.gote-address", "clock.ht16k33.brightness",
                "buzzer.driver", "buzzer.gpio", "buzzer.pwm-channel", "buzzer.frequency-hz", "buzzer.beep-ms",
                "buzzer.long-tone-ms"));
        for (Button b : Button.values()) {
            keys.add(buttonKey(b));
        }
        keys.add("buttons.debounce-ms");
        keys.addAll(List.of("link.device", "link.baud", "arbiter.pin"));
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
            SensorKind kind = choice("sensors.kind", "occupancy", SensorKind.class);
            String driver = oneOf("sensors.driver", "mcp23017", "mcp23017", "matrix");
            boolean activeLow = bool("sensors.active-low", true);
            ScanSettings scan = new ScanSettings(integer("scan.rate-hz", 100, 1, 1000),
                    integer("scan.stable-ms", 40, 0, 1000));
            defaultBus = integer("i2c.bus", 1, 0, 31);
            int retries = integer("i2c.retries", 2, 0, 10);

            SquaresConfig squares = driver.equals("mcp23017") ? mcpSquares(kind) : matrixSquares(kind);
            KomadaiConfig komadai = komadai();
            LedsConfig leds = leds();
            ClockConfig clock = clock();
            BuzzerConfig buzzer = buzzer();
            ButtonsConfig buttons = buttons();
            LinkConfig link = link();
            if (!i2cOwners.isEmpty()) {
                reserveBusPins("I2C bus 1 (SDA, SCL)", 1, 2, 3);
            }
            if (leds instanceof LedsConfig.Ws2812 w && w.spiBus() == 0) {
                reserveBusPins("SPI bus 0 (MOSI, SCLK, chip select)", -1, 10, 11, w.spiChannel() == 0 ? 8 : 7);
            }
            warnUnused();
            return new BoardConfig(kind, scan, activeLow, retries, squares, komadai, leds, clock, buzzer, buttons,
                    link);
        }

        private SquaresConfig mcpSquares(SensorKind kind) {
            String chipsKey = "squares.mcp23017.chips";
            List<I2cAddress> chips = mcpChips(chipsKey);
            int perSquare = kind == SensorKind.POLARITY ? 2 : 1;
            int needed = 81 * perSquare;
            if (chips.size() * 16 < needed) {
                throw fail(chipsKey, "at least " + ((needed + 15) / 16) + " chips for " + needed + " inputs of a "
                        + kind.name().toLowerCase(Locale.ROOT) + " board (16 inputs per chip)");
            }
            String pinsKey = "squares.mcp23017.pins";
            List<Integer> pins = has(pinsKey) ? intList(pinsKey, 0, chips.size() * 16 - 1) : sequence(0, needed);
            if (pins.size() != needed) {
                throw fail(pinsKey, needed + " global pins (" + (perSquare == 2 ? "face-up and face-down pin of "
                        : "one pin of ") + "each square in SFEN order), got " + pins.size());
            }
            requireDistinct(pinsKey, pins);
            boolean pullUp = bool("squares.mcp23017.pull-up", true);
            OptionalInt interrupt = has("squares.mcp23017.interrupt-gpio")
                    ? OptionalInt.of(gpio("squares.mcp23017.interrupt-gpio")) : OptionalInt.empty();
            int backstop = integer("squares.mcp23017.backstop-passes", 10, 1, 1000);
            return new SquaresConfig.Mcp23017(chips, pins, pullUp, interrupt, backstop);
        }

        private SquaresConfig matrixSquares(SensorKind kind) {
            List<Integer> rows = gpioList("squares.matrix.rows", 9, "9 BCM pins, ranks a to i");
            int columnCount = kind == SensorKind.POLARITY ? 18 : 9;
            List<Integer> columns = gpioList("squares.matrix.columns", columnCount, kind == SensorKind.POLARITY
                    ? "18 BCM pins: files 9 to 1 face-up, then files 9 to 1 face-down" : "9 BCM pins, files 9 to 1");
            int settle = integer("squares.matrix.settle-us", 5, 0, 1000);
            return new SquaresConfig.Matrix(rows, columns, settle);
        }

        private KomadaiConfig komadai() {
            String driver = oneOf("komadai.driver", "none", "none", "mcp23017");
            if (driver.equals("none")) {
                return new KomadaiConfig.None();
            }
            List<I2cAddress> chips = mcpChips("komadai.mcp23017.chips");
            boolean pullUp = bool("komadai.mcp23017.pull-up", true);
            KomadaiConfig.Encoding encoding = choice("komadai.encoding", "places", KomadaiConfig.Encoding.class);
            List<Integer> sizes = encoding == KomadaiConfig.Encoding.PLACES ? SLOT_PLACES : SLOT_BITS;
            int maxPin = chips.size() * 16 - 1;
            List<List<Integer>> slotPins = new ArrayList<>();
            Map<Integer, String> pinOwners = new HashMap<>();
            int next = 0;
            for (Player p : Player.values()) {
                for (KomadaiSlot s : KomadaiSlot.values()) {
                    String key = slotKey(p, s);
                    int size = sizes.get(s.ordinal());
                    List<Integer> pins;
                    if (has(key)) {
                        pins = intList(key, 0, maxPin);
                        int max = encoding == KomadaiConfig.Encoding.BINARY ? 8 : 32;
                        if (pins.isEmpty() || pins.size() > max) {
                            throw fail(key, "1.." + max + " global pins on the komadai chips");
                        }
                    } else {
                        if (next + size - 1 > maxPin) {
                            throw fail("komadai.mcp23017.chips", "enough chips for the default komadai pins ("
                                    + totalDefaultPins(sizes) + " inputs, 16 per chip), or set " + key);
                        }
                        pins = sequence(next, size);
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

        private static int totalDefaultPins(List<Integer> sizes) {
            return 2 * sizes.stream().mapToInt(Integer::intValue).sum();
        }

        private LedsConfig leds() {
            String driver = oneOf("leds.driver", "none", "none", "ws2812", "ht16k33");
            int cap = integer("leds.brightness-cap", 96, 0, 255);
            return switch (driver) {
                case "ws2812" -> new LedsConfig.Ws2812(integer("leds.ws2812.spi-bus", 0, 0, 6),
                        integer("leds.ws2812.spi-channel", 0, 0, 2),
                        integer("leds.ws2812.spi-baud", 2_400_000, 2_200_000, 3_000_000),
                        bool("leds.ws2812.serpentine", false), cap);
                case "ht16k33" -> new LedsConfig.Ht16k33(i2c("leds.ht16k33.address", "0x70", 0x70, 0x77),
                        (cap * 15 + 127) / 255);
                default -> new LedsConfig.None();
            };
        }

        private ClockConfig clock() {
            String driver = oneOf("clock.driver", "none", "none", "tm1637", "ht16k33");
            return switch (driver) {
                case "tm1637" -> new ClockConfig.Tm1637(gpio("clock.tm1637.sente-clk"),
                        gpio("clock.tm1637.sente-dio"), gpio("clock.tm1637.gote-clk"), gpio("clock.tm1637.gote-dio"),
                        integer("clock.tm1637.brightness", 7, 0, 7));
                case "ht16k33" -> new ClockConfig.Ht16k33(i2c("clock.ht16k33.sente-address", "0x71", 0x70, 0x77),
                        i2c("clock.ht16k33.gote-address", "0x72", 0x70, 0x77),
                        integer("clock.ht16k33.brightness", 15, 0, 15));
                default -> new ClockConfig.None();
            };
        }

        private BuzzerConfig buzzer() {
            String driver = oneOf("buzzer.driver", "none", "none", "pwm");
            if (driver.equals("none")) {
                return new BuzzerConfig.None();
            }
            int pin = integer("buzzer.gpio", 18, 0, MAX_GPIO);
            if (!List.of(12, 13, 18, 19).contains(pin)) {
                throw fail("buzzer.gpio", "a hardware PWM pin: 12, 13, 18 or 19");
            }
            claimGpio("buzzer.gpio", pin);
            int defaultChannel = pin == 12 || pin == 18 ? 0 : 1;
            return new BuzzerConfig.Pwm(pin, integer("buzzer.pwm-channel", defaultChannel, 0, 3),
                    integer("buzzer.frequency-hz", 2700, 100, 10_000),
                    integer("buzzer.beep-ms", 80, 10, 2000), integer("buzzer.long-tone-ms", 800, 10, 10_000));
        }

        private ButtonsConfig buttons() {
            Map<Button, Integer> pins = new EnumMap<>(Button.class);
            for (Button b : Button.values()) {
                String key = buttonKey(b);
                if (has(key)) {
                    pins.put(b, gpio(key));
                }
            }
            return new ButtonsConfig(pins, integer("buttons.debounce-ms", 20, 0, 200));
        }

        private LinkConfig link() {
            String device = raw("link.device", "");
            if (!device.isEmpty() && (!device.startsWith("/") || device.chars().anyMatch(Character::isWhitespace))) {
                throw fail("link.device", "an absolute device path without spaces, e.g. /dev/ttyGS0, or nothing for"
                        + " no link");
            }
            int baud = integer("link.baud", LinkConfig.DEFAULT_BAUD, 1200, 4_000_000);
            String pin = raw("arbiter.pin", "");
            if (!pin.isEmpty() && !pin.matches("\\d{4,12}")) {
                throw fail("arbiter.pin", "4 to 12 digits, or nothing to turn the arbiter's commands off");
            }
            return new LinkConfig(device.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(device), baud,
                    pin.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(pin));
        }

        // ---------------------------------------------------------------- typed values

        private boolean has(String key) {
            String v = props.getProperty(key);
            return v != null && !v.isBlank();
        }

        private String raw(String key, String def) {
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

        private static int parseNumber(String v) {
            String s = v.strip().replace("_", "");
            return s.startsWith("0x") || s.startsWith("0X") ? Integer.parseInt(s.substring(2), 16) : Integer.parseInt(s);
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

        private static List<Integer> sequence(int from, int count) {
            List<Integer> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                out.add(from + i);
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
                    bus = Integer.parseInt(t.substring(0, colon).strip());
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

        private void warnUnused() {
            for (String key : new TreeSet<>(props.stringPropertyNames())) {
                if (!used.contains(key)) {
                    log.warn("{}: key '{}' is ignored by the drivers this board uses", source, key);
                }
            }
        }
    }
}
