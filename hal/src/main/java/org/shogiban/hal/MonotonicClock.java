package org.shogiban.hal;

/**
 * The time base of the hardware layer: milliseconds that never go backwards (not wall-clock time). Injected
 * everywhere a time stamp is taken, so tests drive time by hand and never sleep.
 */
@FunctionalInterface
public interface MonotonicClock {

    /** Milliseconds since an arbitrary origin; never decreases. */
    long millis();

    /** The JVM's monotonic clock ({@link System#nanoTime()}), with its origin at the call of this method. */
    static MonotonicClock system() {
        long origin = System.nanoTime();
        return () -> (System.nanoTime() - origin) / 1_000_000L;
    }
}
