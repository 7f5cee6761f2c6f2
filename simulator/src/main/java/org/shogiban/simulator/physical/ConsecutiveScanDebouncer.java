package org.shogiban.simulator.physical;

import java.util.Arrays;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;

/** A sensor's new reading counts once it has been read the same in a number of consecutive scans. */
public final class ConsecutiveScanDebouncer implements FrameDebouncer {
    private final int scans;
    private SquareReading[] accepted;
    private int[] acceptedSlots;
    private SquareReading[] candidate;
    private int[] candidateSlots;
    private final int[] squareStreak = new int[81];
    private final int[] slotStreak = new int[14];
    private SensorFrame out;

    public ConsecutiveScanDebouncer(int scans) {
        if (scans < 1) {
            throw new IllegalArgumentException("a debouncer needs 1 or more scans, got " + scans);
        }
        this.scans = scans;
    }

    @Override
    public SensorFrame debounce(SensorFrame raw) {
        if (out == null) {
            accepted = raw.squares();
            acceptedSlots = raw.komadaiCounts();
            candidate = accepted.clone();
            candidateSlots = acceptedSlots.clone();
            Arrays.fill(squareStreak, scans);
            Arrays.fill(slotStreak, scans);
            out = raw;
            return out;
        }
        boolean changed = false;
        for (int i = 0; i < 81; i++) {
            SquareReading r = raw.square(i);
            if (r == candidate[i]) {
                squareStreak[i] = Math.min(scans, squareStreak[i] + 1);
            } else {
                candidate[i] = r;
                squareStreak[i] = 1;
            }
            if (squareStreak[i] >= scans && accepted[i] != r) {
                accepted[i] = r;
                changed = true;
            }
        }
        int[] counts = raw.komadaiCounts();
        for (int i = 0; i < 14; i++) {
            if (counts[i] == candidateSlots[i]) {
                slotStreak[i] = Math.min(scans, slotStreak[i] + 1);
            } else {
                candidateSlots[i] = counts[i];
                slotStreak[i] = 1;
            }
            if (slotStreak[i] >= scans && acceptedSlots[i] != counts[i]) {
                acceptedSlots[i] = counts[i];
                changed = true;
            }
        }
        if (!changed) {
            return null;
        }
        out = new SensorFrame(raw.timeMillis(), accepted, acceptedSlots);
        return out;
    }
}
