package org.shogiban.hal.scan;

/**
 * Told after every scan pass that sampled the square sensors: the proof of life a service watchdog waits for. A pass
 * whose squares could not be read does not count. Called on the scan thread; must return at once and allocate nothing.
 */
@FunctionalInterface
public interface PassListener {

    /** A pass at {@code nowMillis} (the scan clock's time) read the squares and ran to its end. */
    void onPassCompleted(long nowMillis);

    /**
     * The longest this listener may go without a pass: a scan loop that waits while the board is still (for the
     * sensors' change signal) still runs a pass at least this often. None by default.
     */
    default long longestGapMillis() {
        return Long.MAX_VALUE;
    }
}
