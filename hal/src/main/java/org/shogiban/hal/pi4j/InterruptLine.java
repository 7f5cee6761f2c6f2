package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalStateChangeEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One GPIO line that the INT outputs of MCP23017 chips pull low (mirrored, open-drain, active low). The squares' and
 * the komadai's chips may share it when their INT outputs are wired together: then one Pi4J input and one listener on
 * it serve both sets, each set having its own wake (the same wake given by both runs once per edge).
 */
final class InterruptLine {
    private static final Logger log = LoggerFactory.getLogger(InterruptLine.class);

    private final DigitalInput input;
    private final Map<Object, Runnable> wakes = new LinkedHashMap<>();
    /** The distinct wakes, read on Pi4J's event thread without a lock. */
    private volatile Runnable[] distinctWakes = new Runnable[0];
    private boolean listening;
    /** Whether a failed read of the line was logged and no read has worked since: one line per failure, not per pass. */
    private volatile boolean unreadable;

    InterruptLine(DigitalInput input) {
        this.input = Objects.requireNonNull(input, "input");
    }

    /** The Pi4J id of the input, for logs. */
    String id() {
        return input.id();
    }

    /**
     * Whether the line is low now: a chip on it has a change not read yet. A line that cannot be read counts as low,
     * so that the chips are read (polled) rather than missed; that is logged once until a read works again.
     */
    boolean isLow() {
        try {
            boolean low = input.isLow();
            if (unreadable) {
                unreadable = false;
                log.info("interrupt line {} can be read again", input.id());
            }
            return low;
        } catch (RuntimeException e) {
            if (!unreadable) {
                unreadable = true;
                log.warn("interrupt line {} could not be read, polling instead: {}", input.id(), e.toString());
            }
            return true;
        }
    }

    /**
     * From now on {@code wake} runs on each falling edge, for {@code subscriber} (one wake per subscriber: a second
     * call replaces its first). The line's Pi4J listener is added once, whoever subscribes.
     */
    synchronized void listen(Object subscriber, Runnable wake) {
        Objects.requireNonNull(subscriber, "subscriber");
        wakes.put(subscriber, Objects.requireNonNull(wake, "wake"));
        distinctWakes = wakes.values().stream().distinct().toArray(Runnable[]::new);
        if (!listening) {
            input.addListener(this::changed);
            listening = true;
            log.debug("interrupt line {}: a falling edge wakes the scan loop", input.id());
        }
    }

    private void changed(DigitalStateChangeEvent<?> event) {
        if (event.state().isLow()) {
            for (Runnable wake : distinctWakes) {
                wake.run();
            }
        }
    }

    @Override
    public String toString() {
        return "interrupt line " + input.id();
    }
}
