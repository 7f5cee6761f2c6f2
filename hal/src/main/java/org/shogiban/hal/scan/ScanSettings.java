package org.shogiban.hal.scan;

/**
 * How the scan loop samples and debounces.
 *
 * @param rateHz samples per second, 1..1000 (default {@value #DEFAULT_RATE_HZ})
 * @param stableMillis how long a square or slot must hold a new value before it counts, 0..1000 ms
 *                     (default {@value #DEFAULT_STABLE_MILLIS})
 */
public record ScanSettings(int rateHz, long stableMillis) {
    public static final int DEFAULT_RATE_HZ = 100;
    public static final long DEFAULT_STABLE_MILLIS = 40;

    public ScanSettings {
        if (rateHz < 1 || rateHz > 1000) {
            throw new IllegalArgumentException("scan rate must be 1..1000 Hz, got " + rateHz);
        }
        if (stableMillis < 0 || stableMillis > 1000) {
            throw new IllegalArgumentException("stable time must be 0..1000 ms, got " + stableMillis);
        }
    }

    /** 100 Hz, 40 ms. */
    public static ScanSettings defaults() {
        return new ScanSettings(DEFAULT_RATE_HZ, DEFAULT_STABLE_MILLIS);
    }

    /** The time between two samples, in microseconds. */
    public long periodMicros() {
        return 1_000_000L / rateHz;
    }
}
