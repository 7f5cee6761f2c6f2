package org.shogiban.hal.memory;

import java.util.Objects;
import org.shogiban.hal.ChangeSignal;

/**
 * The change signal of sensors held in memory: every write signals, in the writer's thread, after the write (a write
 * cannot be missed, so no backstop is needed).
 */
final class MemorySignal implements ChangeSignal {
    private static final Runnable NOBODY = () -> { };
    private volatile Runnable wake = NOBODY;

    @Override
    public boolean signals() {
        return true;
    }

    @Override
    public void listen(Runnable listener) {
        wake = Objects.requireNonNull(listener, "wake");
    }

    /** A reading was written: the listener is told. */
    void changed() {
        wake.run();
    }

    @Override
    public String toString() {
        return "signalled on every write";
    }
}
