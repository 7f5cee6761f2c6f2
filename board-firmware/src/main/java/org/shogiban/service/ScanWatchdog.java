package org.shogiban.service;

import org.shogiban.hal.scan.PassListener;

/**
 * Whether the scan loop is alive, for systemd's watchdog: alive when a scan pass that read the sensors completed
 * within half the watchdog interval ({@code WATCHDOG_USEC/2}, the rule sd_watchdog_enabled(3) gives). A hung scan
 * thread, or one whose every pass fails, stops being alive, the keep-alives stop, and systemd restarts the service.
 * Written by the scan thread, read by the notifying thread.
 */
public final class ScanWatchdog implements PassListener {
    private final long windowMillis;
    private volatile long lastPassMillis;
    private volatile boolean passed;

    /**
     * @param watchdogMillis the service's watchdog interval ({@code WATCHDOG_USEC} in milliseconds), 0 when systemd
     *     watches nothing
     */
    public ScanWatchdog(long watchdogMillis) {
        if (watchdogMillis < 0) {
            throw new IllegalArgumentException("watchdog interval must be 0 or more ms, got " + watchdogMillis);
        }
        this.windowMillis = watchdogMillis / 2;
    }

    /** Whether systemd expects keep-alives. */
    public boolean enabled() {
        return windowMillis > 0;
    }

    /** Half the watchdog interval: a pass must have completed this recently. */
    public long windowMillis() {
        return windowMillis;
    }

    @Override
    public void onPassCompleted(long nowMillis) {
        lastPassMillis = nowMillis;
        passed = true;
    }

    /**
     * Half the window: a still board's scan loop, which passes only when something is due, passes at least this
     * often while systemd watches, so every keep-alive round finds a recent pass.
     */
    @Override
    public long longestGapMillis() {
        return enabled() ? Math.max(1, windowMillis / 2) : Long.MAX_VALUE;
    }

    /** Whether any pass completed yet: the sensors are scanning. */
    public boolean scanning() {
        return passed;
    }

    /** Whether a keep-alive is deserved at {@code nowMillis} (the scan clock's time). */
    public boolean alive(long nowMillis) {
        return enabled() && passed && nowMillis - lastPassMillis <= windowMillis;
    }
}
