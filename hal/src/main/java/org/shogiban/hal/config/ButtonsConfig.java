package org.shogiban.hal.config;

import java.util.Map;
import org.shogiban.hal.Button;

/**
 * The buttons wired to GPIO, each to ground with the Pi's pull-up on (pressed reads low).
 *
 * @param gpio BCM pin of each button present
 * @param debounceMillis how long an edge must hold
 */
public record ButtonsConfig(Map<Button, Integer> gpio, int debounceMillis) {
    public ButtonsConfig {
        gpio = Map.copyOf(gpio);
    }
}
