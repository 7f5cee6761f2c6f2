package org.shogiban.hal.memory;

import java.util.Objects;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ButtonListener;
import org.shogiban.hal.ButtonListeners;
import org.shogiban.hal.Buttons;
import org.shogiban.hal.MonotonicClock;

/** Buttons pressed by the simulator or a test; events carry the injected clock's time. */
public final class MemoryButtons implements Buttons {
    private final MonotonicClock clock;
    private final ButtonListeners listeners = new ButtonListeners();

    public MemoryButtons(MonotonicClock clock) {
        this.clock = Objects.requireNonNull(clock);
    }

    @Override
    public void addListener(ButtonListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(ButtonListener listener) {
        listeners.remove(listener);
    }

    /** Presses a button now. */
    public void press(Button button) {
        fire(new ButtonEvent(button, true, clock.millis()));
    }

    /** Releases a button now. */
    public void release(Button button) {
        fire(new ButtonEvent(button, false, clock.millis()));
    }

    /** Presses and releases a button now. */
    public void click(Button button) {
        press(button);
        release(button);
    }

    private void fire(ButtonEvent event) {
        listeners.tell(event);
    }
}
