package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ButtonListener;
import org.shogiban.hal.ButtonListeners;
import org.shogiban.hal.Buttons;
import org.shogiban.hal.MonotonicClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buttons on GPIO inputs with pull-ups, each switching to ground: low is pressed, high released. Pi4J reports the
 * (debounced) edges; each change between released and pressed becomes a {@link ButtonEvent} stamped with the
 * injected clock (buttons start released). A listener that throws is logged and skipped.
 */
public final class GpioButtons implements Buttons {
    private static final Logger log = LoggerFactory.getLogger(GpioButtons.class);

    private final MonotonicClock clock;
    private final Map<Button, DigitalInput> inputs;
    private final ButtonListeners listeners = new ButtonListeners();
    /** Whether each button is held, so only real changes become events (a pin starting up high is no release). */
    private final Map<Button, Boolean> held = new EnumMap<>(Button.class);

    GpioButtons(Map<Button, DigitalInput> inputs, MonotonicClock clock) {
        this.clock = Objects.requireNonNull(clock);
        this.inputs = new EnumMap<>(Button.class);
        this.inputs.putAll(inputs);
        this.inputs.forEach((button, input) -> input.addListener(
                event -> fire(button, event.state() == DigitalState.LOW)));
    }

    @Override
    public void addListener(ButtonListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(ButtonListener listener) {
        listeners.remove(listener);
    }

    private void fire(Button button, boolean pressed) {
        synchronized (held) {
            if (held.getOrDefault(button, false) == pressed) {
                return;
            }
            held.put(button, pressed);
        }
        ButtonEvent event = new ButtonEvent(button, pressed, clock.millis());
        log.debug("button {} {} at {}", button, pressed ? "pressed" : "released", event.timeMillis());
        listeners.tell(event);
    }
}
