package org.shogiban.hal;

/**
 * Port: the two clock displays, one per player. A hardware fault is reported through the implementation's
 * {@link FaultReporter}, never thrown.
 */
public interface ClockDisplay {

    /** Shows both players' clocks. */
    void show(ClockFace sente, ClockFace gote);

    /** Blanks both displays. */
    void blank();
}
