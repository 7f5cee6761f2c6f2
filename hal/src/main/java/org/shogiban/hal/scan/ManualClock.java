package org.shogiban.hal.scan;

import java.util.concurrent.atomic.AtomicLong;
import org.shogiban.hal.MonotonicClock;

/** A {@link MonotonicClock} moved by hand, for tests and the simulator: time passes only when told to. */
public final class ManualClock implements MonotonicClock {
    private final AtomicLong now;

    /** A clock reading {@code startMillis}. */
    public ManualClock(long startMillis) {
        now = new AtomicLong(startMillis);
    }

    /** A clock reading 0. */
    public ManualClock() {
        this(0);
    }

    @Override
    public long millis() {
        return now.get();
    }

    /** Moves time forward and returns the new time. */
    public long advance(long millis) {
        if (millis < 0) {
            throw new IllegalArgumentException("a monotonic clock cannot go back " + (-millis) + " ms");
        }
        return now.addAndGet(millis);
    }

    /** Sets the time, which must not be earlier than now. */
    public void set(long millis) {
        long previous = now.getAndUpdate(t -> Math.max(t, millis));
        if (millis < previous) {
            throw new IllegalArgumentException("a monotonic clock cannot go back from " + previous + " to " + millis);
        }
    }
}
