package org.shogiban.hal.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
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
 * @param online the lishogi account to play online with
 */
public record BoardConfig(SensorKind sensorKind, ScanSettings scan, boolean activeLow, int i2cRetries,
                          SquaresConfig squares, KomadaiConfig komadai, LedsConfig leds, ClockConfig clock,
                          BuzzerConfig buzzer, ButtonsConfig buttons, LinkConfig link, HallConfig hall,
                          EngineConfig engine, OnlineConfig online) {
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
        BoardConfig config = new BoardConfigParser(properties, source).parse();
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
}
