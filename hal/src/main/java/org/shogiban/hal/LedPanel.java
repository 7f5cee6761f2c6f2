package org.shogiban.hal;

/**
 * Port: every LED of the board. A whole {@link LedFrame} is shown at once. A hardware fault is reported through the
 * implementation's {@link FaultReporter}, never thrown.
 */
public interface LedPanel {

    /** Shows a frame, replacing the previous one. */
    void show(LedFrame frame);
}
