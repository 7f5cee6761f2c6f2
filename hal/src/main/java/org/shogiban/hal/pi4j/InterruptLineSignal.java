package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalStateChangeListener;
import java.util.Objects;
import org.shogiban.hal.ChangeSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The change signal of MCP23017 chips whose INT outputs (mirrored, open-drain, active low) share one GPIO line: a
 * falling edge on that line signals a change (Pi4J's listener on the input, on Pi4J's own thread). An edge can be
 * missed (one chip's INT still low when another's falls), so the scan loop reads the chips anyway every
 * {@code backstopPasses} passes' worth of time, and the sensors' pass counters are told the passes the loop skipped.
 */
final class InterruptLineSignal implements ChangeSignal {
    private static final Logger log = LoggerFactory.getLogger(InterruptLineSignal.class);

    private final DigitalInput line;
    private final int backstopPasses;
    private final Skipped skipped;
    private DigitalStateChangeListener listener;

    /** What the sensors do with the passes the loop skipped (count them, so their backstop keeps its pace). */
    interface Skipped {
        void passesSkipped(long passes);
    }

    InterruptLineSignal(DigitalInput line, int backstopPasses, Skipped skipped) {
        this.line = Objects.requireNonNull(line, "line");
        this.backstopPasses = backstopPasses;
        this.skipped = Objects.requireNonNull(skipped, "skipped");
    }

    @Override
    public boolean signals() {
        return true;
    }

    @Override
    public synchronized void listen(Runnable wake) {
        Objects.requireNonNull(wake, "wake");
        if (listener != null) {
            line.removeListener(listener);
        }
        listener = event -> {
            if (event.state().isLow()) {
                wake.run();
            }
        };
        line.addListener(listener);
        log.debug("interrupt line {}: a falling edge wakes the scan loop", line.id());
    }

    @Override
    public int backstopPasses() {
        return backstopPasses;
    }

    @Override
    public void passesSkipped(long passes) {
        skipped.passesSkipped(passes);
    }

    @Override
    public String toString() {
        return "interrupt line " + line.id() + ", backstop every " + backstopPasses + " passes";
    }
}
