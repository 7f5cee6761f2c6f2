package org.shogiban.hal;

import java.util.Arrays;

/**
 * Everything the sensors tell at one point in time: the 81 squares and the count of pieces in each komadai slot.
 *
 * <p>Squares are indexed 0..80 in SFEN order: index = (rank - 1) * 9 + (9 - file), so 0 is 9a (gote's left
 * corner from sente's view) and 80 is 1i. A komadai count is {@link #UNKNOWN} when that slot's sensor failed.
 */
public final class SensorFrame {
    /** The count of a komadai slot whose sensor could not be read. */
    public static final int UNKNOWN = -1;

    private final long timeMillis;
    private final SquareReading[] squares;
    private final int[] komadai;

    /**
     * @param timeMillis when the frame was taken, in the scan clock's milliseconds
     * @param squares 81 readings in SFEN order
     * @param komadai 14 counts: sente's 7 slots then gote's, each in {@link KomadaiSlot} order, or UNKNOWN
     */
    public SensorFrame(long timeMillis, SquareReading[] squares, int[] komadai) {
        if (squares.length != 81) {
            throw new IllegalArgumentException("a frame has 81 squares, got " + squares.length);
        }
        if (komadai.length != 14) {
            throw new IllegalArgumentException("a frame has 14 komadai slots, got " + komadai.length);
        }
        for (int i = 0; i < 81; i++) {
            if (squares[i] == null) {
                throw new IllegalArgumentException("square index " + i + " has no reading");
            }
        }
        for (int c : komadai) {
            if (c < UNKNOWN) {
                throw new IllegalArgumentException("komadai count " + c + " is negative");
            }
        }
        this.timeMillis = timeMillis;
        this.squares = squares.clone();
        this.komadai = komadai.clone();
    }

    /** A frame with every square empty and every slot at zero. */
    public static SensorFrame empty(long timeMillis) {
        SquareReading[] s = new SquareReading[81];
        Arrays.fill(s, SquareReading.EMPTY);
        return new SensorFrame(timeMillis, s, new int[14]);
    }

    public long timeMillis() {
        return timeMillis;
    }

    /** The reading of a square by its SFEN-order index 0..80. */
    public SquareReading square(int index) {
        return squares[index];
    }

    /** The reading of a square by file and rank, both 1..9. */
    public SquareReading square(int file, int rank) {
        return squares[(rank - 1) * 9 + (9 - file)];
    }

    /** The count of pieces in one slot of a player's komadai, or {@link #UNKNOWN}. */
    public int komadai(Player player, KomadaiSlot slot) {
        return komadai[player.ordinal() * 7 + slot.ordinal()];
    }

    /** A copy of the 81 readings. */
    public SquareReading[] squares() {
        return squares.clone();
    }

    /** A copy of the 14 komadai counts (sente's 7 then gote's). */
    public int[] komadaiCounts() {
        return komadai.clone();
    }

    /** This frame at another time. */
    public SensorFrame at(long time) {
        return new SensorFrame(time, squares, komadai);
    }

    /** This frame with one square changed. */
    public SensorFrame withSquare(int index, SquareReading reading) {
        SquareReading[] s = squares.clone();
        s[index] = reading;
        return new SensorFrame(timeMillis, s, komadai);
    }

    /** This frame with one komadai count changed. */
    public SensorFrame withKomadai(Player player, KomadaiSlot slot, int count) {
        int[] k = komadai.clone();
        k[player.ordinal() * 7 + slot.ordinal()] = count;
        return new SensorFrame(timeMillis, squares, k);
    }

    /** Whether two frames read the same, whatever their times. */
    public boolean sameReadings(SensorFrame other) {
        return Arrays.equals(squares, other.squares) && Arrays.equals(komadai, other.komadai);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SensorFrame f && f.timeMillis == timeMillis && sameReadings(f);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(squares) * 31 + Arrays.hashCode(komadai) + Long.hashCode(timeMillis);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("SensorFrame@").append(timeMillis).append(' ');
        for (int i = 0; i < 81; i++) {
            sb.append(switch (squares[i]) {
                case EMPTY -> '.';
                case OCCUPIED -> 'o';
                case FACE_UP -> 'u';
                case FACE_DOWN -> 'd';
            });
            if (i % 9 == 8 && i < 80) {
                sb.append('/');
            }
        }
        return sb.append(" komadai ").append(Arrays.toString(komadai)).toString();
    }
}
