package org.shogiban.hal;

/**
 * The kind of sensor under the squares, which decides what a {@link SquareReading} can be.
 */
public enum SensorKind {
    /** Reed switch or digital hall switch: a square is {@link SquareReading#EMPTY} or {@link SquareReading#OCCUPIED}. */
    OCCUPANCY,
    /**
     * Bipolar hall sensor, or two digital outputs per square: a square is {@link SquareReading#EMPTY},
     * {@link SquareReading#FACE_UP} (unpromoted) or {@link SquareReading#FACE_DOWN} (promoted). When both outputs of a
     * square are active at once the face cannot be told and the square reads {@link SquareReading#OCCUPIED}.
     */
    POLARITY
}
