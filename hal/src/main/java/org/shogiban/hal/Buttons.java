package org.shogiban.hal;

/** Port: the board's buttons, each press and release time-stamped in the scan clock's milliseconds. */
public interface Buttons {

    /** Starts sending every button event to {@code listener}. */
    void addListener(ButtonListener listener);

    /** Stops sending events to {@code listener}. */
    void removeListener(ButtonListener listener);
}
