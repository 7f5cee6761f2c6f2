package org.shogiban.hal.memory;

import java.util.Arrays;
import java.util.Objects;
import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;

/**
 * Square sensors held in memory, set by the simulator or a test. Thread-safe: the simulator sets squares while the
 * scan thread samples. {@link #fail()} makes it behave like a dead chip: samples leave the caller's values alone.
 * Every write {@linkplain #changeSignal() signals} the scan loop, after it is done.
 */
public final class MemorySquareSensors implements SquareSensors {
    private final SensorKind kind;
    private final SquareReading[] squares = new SquareReading[81];
    private boolean failing;
    private final MemorySignal signal = new MemorySignal();

    /** All squares empty. */
    public MemorySquareSensors(SensorKind kind) {
        this.kind = Objects.requireNonNull(kind);
        Arrays.fill(squares, SquareReading.EMPTY);
    }

    @Override
    public SensorKind kind() {
        return kind;
    }

    @Override
    public synchronized void sample(SquareReading[] into) {
        if (!failing) {
            System.arraycopy(squares, 0, into, 0, 81);
        }
    }

    @Override
    public ChangeSignal changeSignal() {
        return signal;
    }

    /** Sets one square by SFEN index; the reading must suit the sensor kind. */
    public void set(int index, SquareReading reading) {
        write(index, reading);
        signal.changed();
    }

    private synchronized void write(int index, SquareReading reading) {
        Objects.checkIndex(index, 81);
        boolean polarityReading = reading == SquareReading.FACE_UP || reading == SquareReading.FACE_DOWN;
        if (kind == SensorKind.OCCUPANCY && polarityReading) {
            throw new IllegalArgumentException("occupancy sensors cannot read " + reading);
        }
        squares[index] = Objects.requireNonNull(reading);
    }

    /** Sets one square by file and rank 1..9. */
    public void set(int file, int rank, SquareReading reading) {
        set((rank - 1) * 9 + (9 - file), reading);
    }

    /** Sets every square from a frame (its komadai counts are ignored). */
    public void setAll(SensorFrame frame) {
        synchronized (this) {
            for (int i = 0; i < 81; i++) {
                write(i, frame.square(i));
            }
        }
        signal.changed();
    }

    /** From now on samples read nothing, like a chip that stopped answering. */
    public void fail() {
        synchronized (this) {
            failing = true;
        }
        signal.changed();
    }

    /** Samples read the squares again. */
    public void repair() {
        synchronized (this) {
            failing = false;
        }
        signal.changed();
    }
}
