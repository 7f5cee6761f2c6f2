package org.shogiban.simulator;

import java.util.Locale;
import org.shogiban.hal.SensorKind;

/** The words the trace format and the command line use for the HAL's sensor kinds. */
public final class SensorKinds {
    private SensorKinds() {
    }

    /** Parses {@code occupancy} or {@code polarity}. */
    public static SensorKind parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "occupancy" -> SensorKind.OCCUPANCY;
            case "polarity" -> SensorKind.POLARITY;
            default -> throw new IllegalArgumentException("sensor kind '" + text + "' is not occupancy or polarity");
        };
    }

    /** {@code occupancy} or {@code polarity}. */
    public static String label(SensorKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
