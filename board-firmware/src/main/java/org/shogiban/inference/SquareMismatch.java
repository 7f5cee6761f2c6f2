package org.shogiban.inference;

import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Piece;
import org.shogiban.rules.Square;

/**
 * A square whose sensor disagrees with the expected position.
 *
 * @param square the square
 * @param expected the piece that belongs there, or null when it should be empty
 * @param actual what the sensor reads
 */
public record SquareMismatch(Square square, Piece expected, SquareReading actual) {
    public SquareMismatch {
        if (square == null || actual == null) {
            throw new IllegalArgumentException("a square mismatch needs a square and a reading");
        }
    }

    /** The square as every surface names it: {@code 7g} ({@link Places}). */
    public String place() {
        return Places.square(square);
    }

    /** {@code 7g(expected P, read empty)}; a gote piece is written in lower case as in SFEN. */
    public String describe() {
        return place() + "(expected " + (expected == null ? "empty" : expected.sfen()) + ", read "
                + actual.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + ")";
    }
}
