package org.shogiban.hal;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listeners of one set of {@link Buttons}, for the adapters to share: added and removed from any thread, told
 * each event in the order added; a listener that throws is logged and the others are told all the same.
 */
public final class ButtonListeners {
    private static final Logger log = LoggerFactory.getLogger(ButtonListeners.class);

    private final List<ButtonListener> listeners = new CopyOnWriteArrayList<>();

    /** Starts telling {@code listener} every event. */
    public void add(ButtonListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /** Stops telling {@code listener}. */
    public void remove(ButtonListener listener) {
        listeners.remove(listener);
    }

    /** Tells every listener the event. */
    public void tell(ButtonEvent event) {
        for (ButtonListener l : listeners) {
            try {
                l.onButton(event);
            } catch (RuntimeException e) {
                log.error("button listener {} failed on {}", l, event, e);
            }
        }
    }
}
