package org.shogiban.service;

/**
 * Tells the service manager how the service is doing, in sd_notify's words: {@code READY=1}, {@code STATUS=...},
 * {@code WATCHDOG=1}, {@code STOPPING=1}, several separated by newlines.
 */
@FunctionalInterface
public interface ServiceNotifier {
    /** A notifier that tells nobody (not started by systemd, or no libsystemd). */
    ServiceNotifier NONE = state -> { };

    /** Sends one notification; never throws, never blocks for long. */
    void notify(String state);
}
