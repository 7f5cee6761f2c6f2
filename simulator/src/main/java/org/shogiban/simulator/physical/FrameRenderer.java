package org.shogiban.simulator.physical;

import java.util.Random;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SensorKind;

/**
 * Scans a {@link PhysicalBoard} as the hardware would: one raw frame per scan, and for a while after a sensor's
 * reading changes it bounces at random between the old and the new reading (switch bounce, a piece settling,
 * a magnet passing at an angle). Seeded, so every run repeats.
 */
public final class FrameRenderer {
    private final PhysicalBoard board;
    private final SensorKind kind;
    private final long bounceMillis;
    private final Random random;
    private final SquareReading[] settledSquares = new SquareReading[81];
    private final SquareReading[] oldSquares = new SquareReading[81];
    private final long[] squareChanged = new long[81];
    private final int[] settledSlots = new int[14];
    private final int[] oldSlots = new int[14];
    private final long[] slotChanged = new long[14];
    private final SquareReading[] raw = new SquareReading[81];
    private final int[] rawSlots = new int[14];

    /**
     * @param bounceMillis how long a changed sensor may bounce (0 for none)
     * @param seed the seed of the bounce
     */
    public FrameRenderer(PhysicalBoard board, SensorKind kind, long bounceMillis, long seed) {
        this.board = board;
        this.kind = kind;
        this.bounceMillis = bounceMillis;
        this.random = new Random(seed);
        for (int i = 0; i < 81; i++) {
            settledSquares[i] = board.reading(i, kind);
            squareChanged[i] = Long.MIN_VALUE / 2;
        }
        for (int i = 0; i < 14; i++) {
            settledSlots[i] = board.komadai(i);
            slotChanged[i] = Long.MIN_VALUE / 2;
        }
    }

    /** The raw frame at a time, after the board has been changed up to that time. */
    public SensorFrame scan(long time) {
        for (int i = 0; i < 81; i++) {
            SquareReading now = board.reading(i, kind);
            if (now != settledSquares[i]) {
                oldSquares[i] = settledSquares[i];
                settledSquares[i] = now;
                squareChanged[i] = time;
            }
            raw[i] = time - squareChanged[i] < bounceMillis && random.nextBoolean() ? oldSquares[i] : now;
        }
        for (int i = 0; i < 14; i++) {
            int now = board.komadai(i);
            if (now != settledSlots[i]) {
                oldSlots[i] = settledSlots[i];
                settledSlots[i] = now;
                slotChanged[i] = time;
            }
            rawSlots[i] = time - slotChanged[i] < bounceMillis && random.nextBoolean() ? oldSlots[i] : now;
        }
        return new SensorFrame(time, raw, rawSlots);
    }
}
