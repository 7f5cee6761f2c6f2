package org.shogiban.simulator.replay;

/**
 * How the harness turns handling into sensor frames.
 *
 * @param scanMillis time between two scans of the sensors
 * @param debounceScans consecutive equal scans before a reading counts
 * @param bounceMillis how long a changed sensor may bounce (0: none)
 * @param seed the seed of the bounce
 */
public record ReplaySettings(long scanMillis, int debounceScans, long bounceMillis, long seed) {
    public ReplaySettings {
        if (scanMillis <= 0 || debounceScans < 1 || bounceMillis < 0) {
            throw new IllegalArgumentException("need a positive scan period, 1+ debounce scans and a bounce >= 0");
        }
    }

    /** 100 scans a second, 3-scan debounce, no bounce. */
    public static ReplaySettings standard() {
        return new ReplaySettings(10, 3, 0, 1);
    }

    public ReplaySettings withBounce(long millis, long bounceSeed) {
        return new ReplaySettings(scanMillis, debounceScans, millis, bounceSeed);
    }
}
