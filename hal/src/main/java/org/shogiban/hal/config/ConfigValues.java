package org.shogiban.hal.config;

import static org.shogiban.hal.config.BoardConfig.MAX_GPIO;
import static org.shogiban.hal.config.BoardConfig.knownKeys;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The typed values of one configuration file: reads them with their limits, remembers which keys were used, and
 * checks that no GPIO or I2C address is claimed by two keys. Apart from the board's parts so that every part is read
 * and checked the same way.
 */
final class ConfigValues {
    // BoardConfig's logger, so that the warnings keep the name they always had
    private static final Logger log = LoggerFactory.getLogger(BoardConfig.class);
    private final Properties props;
    private final String source;
    private final Set<String> used = new HashSet<>();
    private final Map<Integer, String> gpioOwners = new HashMap<>();
    private final Map<I2cAddress, String> i2cOwners = new HashMap<>();
    private int defaultBus;

    ConfigValues(Properties props, String source) {
        this.props = props;
        this.source = Objects.requireNonNull(source);
    }

    /** The bus of an I2C address written without one ({@code i2c.bus}). */
    void defaultBus(int bus) {
        defaultBus = bus;
    }

    /** Marks a key as read, for a key read only when it is set. */
    void use(String key) {
        used.add(key);
    }

    /** Whether any I2C address was claimed, i.e. the board uses an I2C bus. */
    boolean usesI2c() {
        return !i2cOwners.isEmpty();
    }

    /** The file's name in messages. */
    String source() {
        return source;
    }

    boolean has(String key) {
        String v = props.getProperty(key);
        return v != null && !v.isBlank();
    }

    String raw(String key, String def) {
        if (ConfigKeys.of(key) == null) {
            throw new IllegalStateException("the parser reads '" + key + "', which ConfigKeys does not list");
        }
        used.add(key);
        String v = props.getProperty(key);
        return v == null || v.isBlank() ? def : v.strip();
    }

    ConfigException fail(String key, String allowed) {
        String v = props.getProperty(key);
        return new ConfigException(source, key, v == null ? "" : v.strip(), allowed);
    }

    String oneOf(String key, String def, String... allowed) {
        String v = raw(key, def).toLowerCase(Locale.ROOT);
        if (!List.of(allowed).contains(v)) {
            throw fail(key, "one of " + String.join(", ", allowed));
        }
        return v;
    }

    <E extends Enum<E>> E choice(String key, String def, Class<E> type) {
        String[] names = java.util.Arrays.stream(type.getEnumConstants())
                .map(e -> e.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);
        return Enum.valueOf(type, oneOf(key, def, names).toUpperCase(Locale.ROOT));
    }

    String oneOf(ConfigKey k) {
        return oneOf(k.key(), k.defaultValue(), k.choices().toArray(String[]::new));
    }

    boolean bool(ConfigKey k) {
        return oneOf(k).equals("true");
    }

    <E extends Enum<E>> E choice(ConfigKey k, Class<E> type) {
        return choice(k.key(), k.defaultValue(), type);
    }

    int integer(ConfigKey k) {
        return integer(k.key(), k.defaultInt(), k.min(), k.max());
    }

    int integer(ConfigKey k, int def) {
        return integer(k.key(), def, k.min(), k.max());
    }

    I2cAddress i2c(ConfigKey k) {
        return i2c(k.key(), k.defaultValue(), k.min(), k.max());
    }

    private boolean bool(String key, boolean def) {
        return oneOf(key, Boolean.toString(def), "true", "false").equals("true");
    }

    int integer(String key, int def, int min, int max) {
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

    List<Integer> intList(String key, int min, int max) {
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

    void requireDistinct(String key, List<Integer> values) {
        Set<Integer> seen = new HashSet<>();
        for (int v : values) {
            if (!seen.add(v)) {
                throw fail(key, "each pin once; " + v + " appears twice");
            }
        }
    }

    int gpio(String key) {
        if (!has(key)) {
            used.add(key);
            throw fail(key, "a BCM GPIO number 0.." + MAX_GPIO + " (required)");
        }
        int pin = integer(key, 0, 0, MAX_GPIO);
        claimGpio(key, pin);
        return pin;
    }

    List<Integer> gpioList(String key, int count, String allowed) {
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

    void claimGpio(String key, int pin) {
        String owner = gpioOwners.putIfAbsent(pin, key);
        if (owner != null) {
            throw fail(key, "a GPIO not used by another key; GPIO " + pin + " is already used by " + owner);
        }
    }

    void reserveBusPins(String what, int bus, int... pins) {
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

    List<I2cAddress> mcpChips(String key) {
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

    void rejectUnknownKeys() {
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
    void rejectEmptyValues() {
        for (String key : new TreeSet<>(props.stringPropertyNames())) {
            if (props.getProperty(key).isBlank()) {
                ConfigKey k = ConfigKeys.of(key);
                throw new ConfigException(source, key, props.getProperty(key), k.allowed()
                        + " (an empty value is not allowed; remove the line for the default, " + k.defaultText()
                        + ")");
            }
        }
    }

    void warnUnused() {
        for (String key : new TreeSet<>(props.stringPropertyNames())) {
            if (!used.contains(key)) {
                log.warn("{}: key '{}' is ignored by the drivers this board uses", source, key);
            }
        }
    }
}
