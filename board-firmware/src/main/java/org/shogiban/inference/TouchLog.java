package org.shogiban.inference;

import java.util.Arrays;

/**
 * When each square last emptied and last filled: the evidence of a capture the occupancy never shows. Fed by
 * {@link SensorTrail}'s one walk over each changed frame. Mutable, owned by the inference.
 */
final class TouchLog {
    private final long[] vacated = new long[81];
    private final long[] filled = new long[81];

    TouchLog() {
        Arrays.fill(vacated, Long.MIN_VALUE);
        Arrays.fill(filled, Long.MIN_VALUE);
    }

    void vacated(int square, long time) {
        vacated[square] = time;
    }

    void filled(int square, long time) {
        filled[square] = time;
    }

    /** Whether a square was emptied since a time and filled again after another square last emptied. */
    boolean refilledAfter(int target, int mover, long since) {
        return vacated[target] > since && filled[target] >= vacated[target]
                && filled[target] >= vacated[mover];
    }
}
