package org.shogiban.hal;

import java.util.Objects;

/**
 * Port: how a sensor source tells the scan loop that its readings may have changed, so that the loop of a still
 * board can wait for the signal instead of sampling at its rate (real low-power firmware waits for the sensors'
 * interrupt line the same way). A source that {@linkplain #signals() cannot signal} is sampled at the configured rate,
 * every pass.
 *
 * <p>A signal says "read me soon", never what changed: the loop then samples at its configured rate again, and the
 * debouncing and settle times are the same as when it polls. A source whose signal can be lost (an edge on a GPIO
 * line) names its {@linkplain #backstopPasses() backstop}: the loop never waits longer than that many passes' worth of
 * time without a pass, so a lost edge is caught by then.
 */
public interface ChangeSignal {

    /** A source that cannot signal (a GPIO matrix, MCP23017 chips without their interrupt line): polled every pass. */
    ChangeSignal NONE = new ChangeSignal() {
        @Override
        public boolean signals() {
            return false;
        }

        @Override
        public void listen(Runnable wake) {
            Objects.requireNonNull(wake);
        }

        @Override
        public String toString() {
            return "no change signal";
        }
    };

    /** A source whose readings never change (a board without komadai sensors): nothing to signal, ever. */
    ChangeSignal NEVER = new ChangeSignal() {
        @Override
        public boolean signals() {
            return true;
        }

        @Override
        public void listen(Runnable wake) {
            Objects.requireNonNull(wake);
        }

        @Override
        public String toString() {
            return "never changes";
        }
    };

    /** Whether every change of the readings is signalled; false: the loop samples the source every pass. */
    boolean signals();

    /**
     * From now on, {@code wake} is run after each change of the readings (from any thread: an interrupt's, the
     * simulator's; it returns at once and never blocks). One listener: a second call replaces the first.
     */
    void listen(Runnable wake);

    /**
     * At most this many passes' worth of time may go by without a pass reading this source, so that a lost signal is
     * caught by then; 0 when a signal cannot be lost.
     */
    default int backstopPasses() {
        return 0;
    }

    /**
     * The loop waited this many periods without a pass: the source counts them as passes run, so its backstop reads
     * and its periodic checks keep their pace in time.
     */
    default void passesSkipped(long passes) {
        // a source that counts no passes has nothing to catch up
    }
}
