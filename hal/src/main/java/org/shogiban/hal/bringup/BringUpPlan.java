package org.shogiban.hal.bringup;

import java.util.List;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;

/**
 * What the bring-up tool tries, from the configuration: which parts the board has and how long it waits for the
 * builder's hand.
 *
 * @param sensorKind whether the squares tell a promoted piece (polarity) or only a piece (occupancy)
 * @param komadai whether the komadai have sensors (and LEDs at their slots)
 * @param clock whether the board has clock displays
 * @param buzzer whether the board has a buzzer
 * @param buttons the buttons wired, in the order they are asked for
 * @param waitMillis how long a piece or a button is waited for before the tool says none came
 * @param pollMillis how often the sensors are read while waiting
 */
public record BringUpPlan(SensorKind sensorKind, boolean komadai, boolean clock, boolean buzzer, List<Button> buttons,
                          long waitMillis, long pollMillis) {
    public BringUpPlan {
        buttons = List.copyOf(buttons);
    }

    /** The plan for the board a configuration describes. */
    public static BringUpPlan of(org.shogiban.hal.config.BoardConfig config, long waitMillis, long pollMillis) {
        return new BringUpPlan(config.sensorKind(),
                !(config.komadai() instanceof org.shogiban.hal.config.KomadaiConfig.None),
                !(config.clock() instanceof org.shogiban.hal.config.ClockConfig.None),
                !(config.buzzer() instanceof org.shogiban.hal.config.BuzzerConfig.None),
                List.copyOf(config.buttons().gpio().keySet()), waitMillis, pollMillis);
    }
}
