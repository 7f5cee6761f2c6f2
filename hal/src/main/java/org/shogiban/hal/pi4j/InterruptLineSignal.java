package org.shogiban.hal.pi4j;

import java.util.Objects;
import org.shogiban.hal.ChangeSignal;

/**
 * The change signal of a set of MCP23017 chips whose INT outputs (mirrored, open-drain, active low) share one GPIO
 * {@link InterruptLine}: a falling edge on that line signals a change (Pi4J's listener on the input, on Pi4J's own
 * thread). An edge can be missed (one chip's INT still low when another's falls), so the scan loop reads the chips
 * anyway every {@code backstopPasses} passes' worth of time, and the chips' pass counters are told the passes the
 * loop skipped.
 */
final class InterruptLineSignal implements ChangeSignal {
    private final InterruptLine line;
    private final int backstopPasses;
    private final Skipped skipped;

    /** What the sensors do with the passes the loop skipped (count them, so their backstop keeps its pace). */
    interface Skipped {
        void passesSkipped(long passes);
    }

    InterruptLineSignal(InterruptLine line, int backstopPasses, Skipped skipped) {
        this.line = Objects.requireNonNull(line, "line");
        this.backstopPasses = backstopPasses;
        this.skipped = Objects.requireNonNull(skipped, "skipped");
    }

    @Override
    public boolean signals() {
        return true;
    }

    @Override
    public void listen(Runnable wake) {
        line.listen(this, wake);
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
        return line + ", backstop every " + backstopPasses + " passes";
    }
}
