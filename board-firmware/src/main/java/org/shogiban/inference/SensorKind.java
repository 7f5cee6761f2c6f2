package org.shogiban.inference;

import org.shogiban.hal.SquareReading;

/** What the square sensors of a board can tell: only occupancy, or also which face of the piece is up. */
public enum SensorKind {
    /** Reed or digital hall switches: a square reads {@link SquareReading#EMPTY} or {@link SquareReading#OCCUPIED}. */
    OCCUPANCY,
    /** Bipolar hall sensors: {@link SquareReading#FACE_UP} (unpromoted) or {@link SquareReading#FACE_DOWN} (promoted). */
    POLARITY;

    /** Parses {@code occupancy} or {@code polarity}, as the CLI and the trace format write it. */
    public static SensorKind parse(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "occupancy" -> OCCUPANCY;
            case "polarity" -> POLARITY;
            default -> throw new IllegalArgumentException("sensor kind '" + text + "' is not occupancy or polarity");
        };
    }

    /** The lower-case word of this kind. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
