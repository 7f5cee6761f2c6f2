package org.shogiban.hal.config;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;

/**
 * The configuration reference of {@code board.properties}, said once: every key with its default, what it allows and
 * the limits the parser enforces. {@link BoardConfig}'s parser reads its keys, defaults, ranges and choices from here,
 * and the table in docs/hardware.md is {@link #markdownTable()} (a test fails when the two differ).
 */
public final class ConfigKeys {
    private static final String GPIO_RANGE = "0.." + BoardConfig.MAX_GPIO;

    public static final ConfigKey SENSORS_KIND = choice("sensors.kind", "occupancy",
            "`occupancy` (reed / digital hall switch), `polarity` (two outputs per square: face up, face down)",
            "occupancy", "polarity");
    public static final ConfigKey SENSORS_DRIVER = choice("sensors.driver", "mcp23017",
            "`mcp23017`, `matrix` (row/column diode matrix on GPIO)", "mcp23017", "matrix");
    public static final ConfigKey SENSORS_ACTIVE_LOW = bool("sensors.active-low", true,
            "`true`, `false`: an MCP23017 input reads 0 when its sensor is active");
    public static final ConfigKey SCAN_RATE_HZ = integer("scan.rate-hz", 100, 1, 1000,
            "1..1000 samples per second");
    public static final ConfigKey SCAN_STABLE_MS = integer("scan.stable-ms", 40, 0, 1000,
            "0..1000: how long (ms) a square or slot must hold a new value");
    public static final ConfigKey I2C_BUS = integer("i2c.bus", 1, 0, 31,
            "0..31, bus of addresses written without `BUS:`");
    public static final ConfigKey I2C_RETRIES = integer("i2c.retries", 2, 0, 10,
            "0..10 extra attempts of a failed I2C access before it is a fault");
    public static final ConfigKey SQUARES_MCP_CHIPS = other("squares.mcp23017.chips",
            ConfigKey.Kind.I2C_ADDRESS_LIST, "(required with `mcp23017`)",
            "MCP23017 addresses 0x20..0x27 (eight per bus), at least 6 chips (occupancy) or 12 (polarity): 14 inputs"
                    + " per chip, GPA7 and GPB7 are output-only", 0x20, 0x27);
    public static final ConfigKey SQUARES_MCP_PINS = other("squares.mcp23017.pins", ConfigKey.Kind.PIN_LIST,
            "`0,1,…,6,8,…,14,16,…` (pins 7 and 15 of each chip skipped)", "81 (occupancy) or 162 (polarity: face-up pin,"
                    + " face-down pin per square) global pins (chip index × 16 + pin), squares in SFEN order (9a, 8a, …"
                    + " 1i); pin 7 or 15 of a chip (GPA7, GPB7: output-only) is refused", 0, 0);
    public static final ConfigKey SQUARES_MCP_PULL_UP = bool("squares.mcp23017.pull-up", true,
            "`true`, `false`: the chips' internal pull-ups");
    public static final ConfigKey SQUARES_MCP_INTERRUPT = other("squares.mcp23017.interrupt-gpio",
            ConfigKey.Kind.GPIO, "(none: poll every pass)", "GPIO of the chips' INT lines (mirrored, open-drain,"
                    + " wired together); chips are then read only when it is low", 0, BoardConfig.MAX_GPIO);
    public static final ConfigKey SQUARES_MCP_BACKSTOP = integer("squares.mcp23017.backstop-passes", 10, 1, 1000,
            "1..1000: with an interrupt line, read anyway every this many passes; with or"
                    + " without one, one chip's set-up is read back every this many passes");
    public static final ConfigKey SQUARES_MATRIX_ROWS = other("squares.matrix.rows", ConfigKey.Kind.GPIO_LIST,
            "(required with `matrix`)", "9 GPIO, ranks a..i; driven low one at a time", 0, BoardConfig.MAX_GPIO);
    public static final ConfigKey SQUARES_MATRIX_COLUMNS = other("squares.matrix.columns",
            ConfigKey.Kind.GPIO_LIST, "(required with `matrix`)", "9 GPIO, files 9..1 (pulled up); occupancy only: a"
                    + " diode matrix cannot read polarity", 0, BoardConfig.MAX_GPIO);
    public static final ConfigKey SQUARES_MATRIX_SETTLE = integer("squares.matrix.settle-us",
            SquaresConfig.Matrix.INTERNAL_PULL_UP_SETTLE_MICROS, 0, 1000, "0..1000 µs between driving a row and"
                    + " reading the columns; under 50 only with external column pull-ups of 10 kΩ or less");
    public static final ConfigKey KOMADAI_DRIVER = choice("komadai.driver", "none",
            "`none` (every slot reads unknown), `mcp23017`", "none", "mcp23017");
    public static final ConfigKey KOMADAI_MCP_CHIPS = other("komadai.mcp23017.chips",
            ConfigKey.Kind.I2C_ADDRESS_LIST, "(required with `mcp23017`)",
            "MCP23017 addresses, enough for the komadai pins at 14 inputs per chip: 6 chips (places) or 3"
                    + " (binary) for the default layout", 0x20, 0x27);
    public static final ConfigKey KOMADAI_MCP_PULL_UP = bool("komadai.mcp23017.pull-up", true, "`true`, `false`");
    public static final ConfigKey KOMADAI_MCP_INTERRUPT = other("komadai.mcp23017.interrupt-gpio",
            ConfigKey.Kind.GPIO, "(none: poll every pass)", "GPIO of the komadai chips' INT lines (mirrored,"
                    + " open-drain, wired together); the chips are then read only when it is low; it may be the"
                    + " squares' `squares.mcp23017.interrupt-gpio` when both sets' INT lines are wired together", 0,
            BoardConfig.MAX_GPIO);
    public static final ConfigKey KOMADAI_MCP_BACKSTOP = new ConfigKey("komadai.mcp23017.backstop-passes",
            List.of("komadai.mcp23017.backstop-passes"), ConfigKey.Kind.INTEGER,
            "(the squares' `squares.mcp23017.backstop-passes`, 10 unless set)", "1..1000: with an interrupt line,"
                    + " read the komadai chips anyway every this many passes; with or without one, one komadai chip's"
                    + " set-up is read back every this many passes", null, 1, 1000, List.of());
    public static final ConfigKey KOMADAI_ENCODING = choice("komadai.encoding", "places",
            "`places` (one sensor per place, count = active pins), `binary` (counting sensor, count in binary,"
                    + " first pin least significant)", "places", "binary");
    public static final ConfigKey KOMADAI_PINS = new ConfigKey(
            "komadai.{sente,gote}.{pawn,lance,knight,silver,gold,bishop,rook}-pins", slotKeys(),
            ConfigKey.Kind.PIN_LIST, "consecutive inputs from 0 (pins 7 and 15 of each chip skipped): sente"
                    + " then gote, slots in that order, places 18,4,4,4,4,2,2 (76 inputs in all) or bits"
                    + " 5,3,3,3,3,2,2 (42)",
            "global pins on the komadai chips; 1..32 (places) or 1..8 (binary); pin 7 or 15 of a chip is refused", null, 0, 0, List.of());
    public static final ConfigKey LEDS_DRIVER = choice("leds.driver", "none",
            "`none`, `ws2812` (NeoPixel chain on SPI MOSI), `ht16k33` (single-colour)", "none", "ws2812", "ht16k33");
    public static final ConfigKey LEDS_BRIGHTNESS_CAP = integer("leds.brightness-cap", 96, 0, 255,
            "0..255: WS2812 colours are scaled by cap/255; HT16K33 dimming = cap × 15 / 255");
    public static final ConfigKey LEDS_WS2812_SPI_BUS = integer("leds.ws2812.spi-bus", 0, 0, 6, "0..6");
    public static final ConfigKey LEDS_WS2812_SPI_CHANNEL = integer("leds.ws2812.spi-channel", 0, 0, 2,
            "0..2 (chip select; reserves GPIO 8 for 0, 7 for 1 on bus 0)");
    public static final ConfigKey LEDS_WS2812_SPI_BAUD = integer("leds.ws2812.spi-baud", 2_400_000, 2_200_000,
            2_800_000, "2200000..2800000 (3 SPI bits per WS2812 bit; above 2.8 MHz a 0 bit's low time falls under"
                    + " the WS2812B's 700 ns minimum)");
    public static final ConfigKey LEDS_WS2812_SERPENTINE = bool("leds.ws2812.serpentine", false,
            "`true`: ranks b, d, f, h are chained from file 1 to file 9; `false`");
    public static final ConfigKey LEDS_HT16K33_ADDRESS = address("leds.ht16k33.address", "0x70");
    public static final ConfigKey CLOCK_DRIVER = choice("clock.driver", "none",
            "`none`, `tm1637` (one module per player), `ht16k33` (one 4-digit backpack per player)",
            "none", "tm1637", "ht16k33");
    public static final ConfigKey CLOCK_TM1637_PINS = new ConfigKey("clock.tm1637.{sente,gote}-{clk,dio}",
            List.of("clock.tm1637.sente-clk", "clock.tm1637.sente-dio", "clock.tm1637.gote-clk",
                    "clock.tm1637.gote-dio"), ConfigKey.Kind.GPIO, "(required with `tm1637`)", "GPIO " + GPIO_RANGE,
            null, 0, BoardConfig.MAX_GPIO, List.of());
    public static final ConfigKey CLOCK_TM1637_BRIGHTNESS = integer("clock.tm1637.brightness", 7, 0, 7, "0..7");
    public static final ConfigKey CLOCK_HT16K33_SENTE = address("clock.ht16k33.sente-address", "0x71");
    public static final ConfigKey CLOCK_HT16K33_GOTE = address("clock.ht16k33.gote-address", "0x72");
    public static final ConfigKey CLOCK_HT16K33_BRIGHTNESS = integer("clock.ht16k33.brightness", 15, 0, 15,
            "0..15");
    public static final ConfigKey BUZZER_DRIVER = choice("buzzer.driver", "none",
            "`none`, `pwm` (passive piezo on hardware PWM, 50 % duty)", "none", "pwm");
    public static final ConfigKey BUZZER_GPIO = new ConfigKey("buzzer.gpio", List.of("buzzer.gpio"),
            ConfigKey.Kind.CHOICE, "`18`", "`12`, `13`, `18`, `19` (the hardware PWM pins)", "18", 0, 0,
            List.of("12", "13", "18", "19"));
    public static final ConfigKey BUZZER_PWM_CHANNEL = new ConfigKey("buzzer.pwm-channel",
            List.of("buzzer.pwm-channel"), ConfigKey.Kind.INTEGER, "(from the pin and the Pi model: GPIO 12/18 → 0, 13/19 → 1;"
                    + " Pi 5: 12 → 0, 13 → 1, 18 → 2, 19 → 3)",
            "0..3: PWM channel (Pi4J linuxfs-pwm address); set it only to override the derived one", null, 0, 3, List.of());
    public static final ConfigKey BUZZER_FREQUENCY = integer("buzzer.frequency-hz", 2700, 100, 10_000,
            "100..10000");
    public static final ConfigKey BUZZER_BEEP_MS = integer("buzzer.beep-ms", 80, 10, 2000, "10..2000");
    public static final ConfigKey BUZZER_LONG_TONE_MS = integer("buzzer.long-tone-ms", 800, 10, 10_000,
            "10..10000");
    public static final ConfigKey BUTTON_PINS = new ConfigKey(
            "buttons.{clock-sente,clock-gote,promote,confirm,arbiter,menu}-gpio", buttonKeys(), ConfigKey.Kind.GPIO,
            "(button absent)", "GPIO " + GPIO_RANGE + ", button to ground, pull-up on", null, 0,
            BoardConfig.MAX_GPIO, List.of());
    public static final ConfigKey BUTTONS_DEBOUNCE_MS = integer("buttons.debounce-ms", 20, 0, 200, "0..200");
    public static final ConfigKey LINK_DEVICE = other("link.device", ConfigKey.Kind.TEXT, "(no link)",
            "the USB serial device the host talks to, an absolute path such as `/dev/ttyGS0`", 0, 0);
    public static final ConfigKey LINK_BAUD = integer("link.baud", LinkConfig.DEFAULT_BAUD, 1200, 4_000_000,
            "1200..4000000, the link's line speed (ignored by USB gadget serial)");
    public static final ConfigKey ARBITER_PIN = other("arbiter.pin", ConfigKey.Kind.TEXT, "(arbiter commands off)",
            "4 to 12 digits: the PIN a host gives with `AUTH` before the arbiter's commands", 0, 0);
    public static final ConfigKey HALL_BROKER = other("hall.broker", ConfigKey.Kind.TEXT, "(not in a hall)",
            "the tournament hall's MQTT broker, `tcp://host:1883` or `ssl://host:8883` (docs/hall.md)", 0, 0);
    public static final ConfigKey HALL_ID = other("hall.id", ConfigKey.Kind.TEXT, "`hall`",
            "the hall's name in the MQTT topics `shogiban/<hall.id>/board/<board.id>/...`: letters, digits, `-`, `_`",
            0, 0);
    public static final ConfigKey BOARD_ID = other("board.id", ConfigKey.Kind.TEXT, "(the host name)",
            "this board's name in the hall's topics and on the USB link: letters, digits, `-`, `_`", 0, 0);
    public static final ConfigKey HALL_USERNAME = other("hall.username", ConfigKey.Kind.TEXT, "(none)",
            "the board's user at the broker (one user per board; the broker's ACL lets it publish only under its"
                    + " own id)", 0, 0);
    public static final ConfigKey HALL_PASSWORD = other("hall.password", ConfigKey.Kind.TEXT, "(none)",
            "the board's password at the broker", 0, 0);
    public static final ConfigKey ENGINE_COMMAND = other("engine.command", ConfigKey.Kind.TEXT,
            "`/usr/games/fairy-stockfish` when installed", "the USI engine's command line (program and arguments) a "
                    + "player can play against (`NEW ... engine=gote level=3`)", 0, 0);
    public static final ConfigKey ENGINE_OPTIONS = other("engine.options", ConfigKey.Kind.TEXT, "(none)",
            "`Name=Value;Name=Value`: USI options passed to the engine (only those it declares), over the level's",
            0, 0);

    public static final ConfigKey LISHOGI_TOKEN_FILE = other("lishogi.token-file", ConfigKey.Kind.TEXT,
            "(no online play)", "the file holding the lishogi account's personal API token (scope `board:play`), "
                    + "readable by the service's user only (docs/online.md)", 0, 0);
    public static final ConfigKey LISHOGI_URL = other("lishogi.url", ConfigKey.Kind.TEXT, "`https://lishogi.org`",
            "the site played on: `https://...` (or `http://` for a test server)", 0, 0);

    /** Every row, in the order of the reference. */
    public static final List<ConfigKey> ALL = List.of(SENSORS_KIND, SENSORS_DRIVER, SENSORS_ACTIVE_LOW,
            SCAN_RATE_HZ, SCAN_STABLE_MS, I2C_BUS, I2C_RETRIES, SQUARES_MCP_CHIPS, SQUARES_MCP_PINS,
            SQUARES_MCP_PULL_UP, SQUARES_MCP_INTERRUPT, SQUARES_MCP_BACKSTOP, SQUARES_MATRIX_ROWS,
            SQUARES_MATRIX_COLUMNS, SQUARES_MATRIX_SETTLE, KOMADAI_DRIVER, KOMADAI_MCP_CHIPS, KOMADAI_MCP_PULL_UP,
            KOMADAI_MCP_INTERRUPT, KOMADAI_MCP_BACKSTOP, KOMADAI_ENCODING, KOMADAI_PINS, LEDS_DRIVER,
            LEDS_BRIGHTNESS_CAP, LEDS_WS2812_SPI_BUS,
            LEDS_WS2812_SPI_CHANNEL, LEDS_WS2812_SPI_BAUD, LEDS_WS2812_SERPENTINE, LEDS_HT16K33_ADDRESS,
            CLOCK_DRIVER, CLOCK_TM1637_PINS, CLOCK_TM1637_BRIGHTNESS, CLOCK_HT16K33_SENTE, CLOCK_HT16K33_GOTE,
            CLOCK_HT16K33_BRIGHTNESS, BUZZER_DRIVER, BUZZER_GPIO, BUZZER_PWM_CHANNEL, BUZZER_FREQUENCY,
            BUZZER_BEEP_MS, BUZZER_LONG_TONE_MS, BUTTON_PINS, BUTTONS_DEBOUNCE_MS, LINK_DEVICE, LINK_BAUD,
            ARBITER_PIN, HALL_BROKER, HALL_ID, BOARD_ID, HALL_USERNAME, HALL_PASSWORD,
            ENGINE_COMMAND, ENGINE_OPTIONS, LISHOGI_TOKEN_FILE, LISHOGI_URL);

    private ConfigKeys() {
    }

    /** The row a key of a file belongs to, or {@code null} for an unknown key. */
    public static ConfigKey of(String key) {
        for (ConfigKey k : ALL) {
            if (k.keys().contains(key)) {
                return k;
            }
        }
        return null;
    }

    /** Whether a character is an ASCII hexadecimal digit (and nothing else that {@link Character#digit} takes). */
    public static boolean isHexDigit(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** The reference table in Markdown, as docs/hardware.md holds it. */
    public static String markdownTable() {
        StringBuilder out = new StringBuilder("| key | default | allowed, meaning |\n|---|---|---|\n");
        for (ConfigKey k : ALL) {
            out.append(k.markdownRow()).append('\n');
        }
        return out.toString();
    }

    private static ConfigKey choice(String key, String def, String allowed, String... choices) {
        return new ConfigKey(key, List.of(key), ConfigKey.Kind.CHOICE, "`" + def + "`", allowed, def, 0, 0,
                List.of(choices));
    }

    private static ConfigKey bool(String key, boolean def, String allowed) {
        return choice(key, Boolean.toString(def), allowed, "true", "false");
    }

    private static ConfigKey integer(String key, int def, int min, int max, String allowed) {
        return new ConfigKey(key, List.of(key), ConfigKey.Kind.INTEGER, "`" + def + "`", allowed,
                Integer.toString(def), min, max, List.of());
    }

    private static ConfigKey address(String key, String def) {
        return new ConfigKey(key, List.of(key), ConfigKey.Kind.I2C_ADDRESS, "`" + def + "`", "0x70..0x77", def,
                0x70, 0x77, List.of());
    }

    private static ConfigKey other(String key, ConfigKey.Kind kind, String defaultText, String allowed, int min,
                                   int max) {
        return new ConfigKey(key, List.of(key), kind, defaultText, allowed, null, min, max, List.of());
    }

    private static List<String> slotKeys() {
        List<String> keys = new ArrayList<>();
        for (Player p : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                keys.add(BoardConfig.slotKey(p, s));
            }
        }
        return keys;
    }

    private static List<String> buttonKeys() {
        List<String> keys = new ArrayList<>();
        for (Button b : Button.values()) {
            keys.add(BoardConfig.buttonKey(b));
        }
        return keys;
    }
}
