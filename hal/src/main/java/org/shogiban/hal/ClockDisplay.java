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

    /**
     * Shows raw digits on both displays (the bring-up tool's {@code 8888} and digit tests). A display that can only
     * show clock faces says so by throwing {@link UnsupportedOperationException}.
     */
    default void showDigits(org.shogiban.hal.segment.FourDigits sente, org.shogiban.hal.segment.FourDigits gote) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " shows clock faces only");
    }
}
