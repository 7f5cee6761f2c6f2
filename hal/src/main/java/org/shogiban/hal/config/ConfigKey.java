package org.shogiban.hal.config;

import java.util.List;
import java.util.Objects;

/**
 * One row of the configuration reference: the key (or a family of keys written with braces, e.g.
 * {@code buttons.{menu,...}-gpio}), its default as shown to a reader, what it allows, and for numbers and choices the
 * machine-readable limits the parser enforces. {@link ConfigKeys} holds every row; the parser and the reference table
 * in docs/hardware.md both come from there.
 *
 * @param name the key as the reference shows it
 * @param keys the keys of a file this row stands for (one, or the expansion of the braces)
 * @param kind how the value is read
 * @param defaultText the default as the reference shows it (a value in backticks, or a note in parentheses)
 * @param allowed what the key allows and means, as the reference shows it
 * @param defaultValue the default the parser uses ({@code null} when the key has none or a computed one)
 * @param min the smallest number allowed ({@link Kind#INTEGER} and {@link Kind#I2C_ADDRESS})
 * @param max the largest number allowed ({@link Kind#INTEGER} and {@link Kind#I2C_ADDRESS})
 * @param choices the words allowed ({@link Kind#CHOICE})
 */
public record ConfigKey(String name, List<String> keys, Kind kind, String defaultText, String allowed,
                        String defaultValue, int min, int max, List<String> choices) {
    /** How a key's value is read. */
    public enum Kind {
        /** One word of {@link ConfigKey#choices()}. */
        CHOICE,
        /** A decimal or {@code 0x} hexadecimal integer between {@link ConfigKey#min()} and {@link ConfigKey#max()}. */
        INTEGER,
        /** A BCM GPIO number. */
        GPIO,
        /** A list of GPIO numbers. */
        GPIO_LIST,
        /** A list of integers (global pins). */
        PIN_LIST,
        /** One I2C address, {@code ADDRESS} or {@code BUS:ADDRESS}. */
        I2C_ADDRESS,
        /** A list of I2C addresses. */
        I2C_ADDRESS_LIST,
        /** A free text the parser checks itself (a device path, a PIN). */
        TEXT
    }

    public ConfigKey {
        Objects.requireNonNull(name);
        keys = List.copyOf(keys);
        Objects.requireNonNull(kind);
        Objects.requireNonNull(defaultText);
        Objects.requireNonNull(allowed);
        choices = List.copyOf(choices);
    }

    /** The key itself, for a row that stands for one key. */
    public String key() {
        if (keys.size() != 1) {
            throw new IllegalStateException(name + " stands for " + keys.size() + " keys");
        }
        return keys.getFirst();
    }

    /** The parser's default as an integer ({@link Kind#INTEGER} rows with a default). */
    public int defaultInt() {
        return Integer.parseInt(Objects.requireNonNull(defaultValue, name + " has no default"));
    }

    /** The row of the reference table in Markdown. */
    public String markdownRow() {
        return "| `" + name + "` | " + defaultText + " | " + allowed + " |";
    }
}
