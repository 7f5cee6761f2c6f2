package org.shogiban.inference;

import java.util.Arrays;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;

/**
 * The order in which squares emptied and filled since the board last agreed with the game: which hand came first.
 * A sequence of moves made without a still board in between is checked against it (each move's piece lifted after
 * the previous move was completed, and put down after that), and it tells when each move was completed. Bounded:
 * past {@link #CAPACITY} changes the oldest are forgotten, and the moves they belonged to can no longer be found.
 * Mutable, owned by the inference.
 */
final class ChangeLog {
    static final int CAPACITY = 1024;

    private final long[] times = new long[CAPACITY];
    /** The square index, plus 81 when the square filled. */
    private final int[] changes = new int[CAPACITY];
    /** Whether a square filled with a piece's promoted side up (polarity sensors only). */
    private final boolean[] faceDown = new boolean[CAPACITY];
    private int start;
    private int size;

    /**
     * Records again the squares a frame changed, in SFEN order, at its time: the changes after a picture the board
     * agreed with belong to the next move. (New frames come through {@link SensorTrail}'s one walk.)
     */
    void record(SensorFrame before, SensorFrame now, long time) {
        if (before == null) {
            return;
        }
        for (int i = 0; i < 81; i++) {
            boolean was = before.square(i).isOccupied();
            boolean is = now.square(i).isOccupied();
            if (was != is) {
                add(time, i, is, now.square(i) == SquareReading.FACE_DOWN);
            }
        }
    }

    /** Records one square's change: emptied, or filled (face down: with its promoted side up). */
    void add(long time, int square, boolean filled, boolean down) {
        add(time, filled ? square + 81 : square, down);
    }

    private void add(long time, int change, boolean down) {
        if (size == CAPACITY) {
            start = (start + 1) % CAPACITY;
            size--;
        }
        int at = (start + size) % CAPACITY;
        times[at] = time;
        changes[at] = change;
        faceDown[at] = down;
        size++;
    }

    /** Forgets everything: the board agrees with the game again. */
    void clear() {
        start = 0;
        size = 0;
    }

    /** When a square first emptied at or after a time, or {@link Long#MIN_VALUE} when it did not. */
    long firstVacated(int square, long since) {
        return first(square, since);
    }

    /** When a square first filled at or after a time, or {@link Long#MIN_VALUE} when it did not. */
    long firstFilled(int square, long since) {
        return first(square + 81, since);
    }

    /** Whether the first filling of a square at or after a time showed the promoted side (polarity sensors). */
    boolean firstFilledFaceDown(int square, long since) {
        for (int k = 0; k < size; k++) {
            int at = (start + k) % CAPACITY;
            if (times[at] >= since && changes[at] == square + 81) {
                return faceDown[at];
            }
        }
        return false;
    }

    private long first(int change, long since) {
        for (int k = 0; k < size; k++) {
            int at = (start + k) % CAPACITY;
            if (times[at] >= since && changes[at] == change) {
                return times[at];
            }
        }
        return Long.MIN_VALUE;
    }

    /** Whether a square empty in a picture filled at or after a time. */
    boolean filledSince(ExpectedFrame picture, long since) {
        for (int k = 0; k < size; k++) {
            int at = (start + k) % CAPACITY;
            if (times[at] >= since && changes[at] >= 81 && picture.pieceAt(changes[at] - 81) == null) {
                return true;
            }
        }
        return false;
    }

    /** The squares that emptied (entries 0..80) and filled (81..161) at or after a time. */
    boolean[] touchedSince(long since) {
        boolean[] touched = new boolean[162];
        for (int k = 0; k < size; k++) {
            int at = (start + k) % CAPACITY;
            if (times[at] >= since) {
                touched[changes[at]] = true;
            }
        }
        return touched;
    }

    @Override
    public String toString() {
        return "ChangeLog of " + size + " changes " + Arrays.toString(Arrays.copyOf(changes, Math.min(size, 8)));
    }
}
