package org.shogiban.hal;

/**
 * What the sensor under one square reports. Occupancy-only boards (reed switch, digital hall switch) report
 * {@link #EMPTY} or {@link #OCCUPIED}; polarity-aware boards (bipolar hall) also tell which face of the piece is up,
 * because the magnet in a piece flips with it: {@link #FACE_UP} is unpromoted, {@link #FACE_DOWN} promoted.
 */
public enum SquareReading {
    EMPTY, OCCUPIED, FACE_UP, FACE_DOWN;

    /** Whether a piece lies on the square, whatever its face. */
    public boolean isOccupied() {
        return this != EMPTY;
    }
}
