package org.shogiban.hal.memory;

import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;

/**
 * Komadai sensors held in memory, set by the simulator or a test; every slot starts at 0. Thread-safe. Every write
 * {@linkplain #changeSignal() signals} the scan loop, after it is done.
 */
public final class MemoryKomadaiSensors implements KomadaiSensors {
    private final int[] counts = new int[SLOTS];
    private final MemorySignal signal = new MemorySignal();

    @Override
    public synchronized void sample(int[] into) {
        System.arraycopy(counts, 0, into, 0, SLOTS);
    }

    /** Sets one slot's count, or {@link SensorFrame#UNKNOWN} to act out a failed sensor. */
    public void set(Player player, KomadaiSlot slot, int count) {
        if (count < SensorFrame.UNKNOWN) {
            throw new IllegalArgumentException("a komadai count is UNKNOWN or 0 and more, got " + count);
        }
        synchronized (this) {
            counts[KomadaiSensors.index(player, slot)] = count;
        }
        signal.changed();
    }

    @Override
    public ChangeSignal changeSignal() {
        return signal;
    }

    /** One slot's count. */
    public synchronized int get(Player player, KomadaiSlot slot) {
        return counts[KomadaiSensors.index(player, slot)];
    }
}
