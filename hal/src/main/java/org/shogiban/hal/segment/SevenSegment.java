package org.shogiban.hal.segment;

/**
 * Seven-segment codes as both the TM1637 and the HT16K33 take them: bit 0 is segment a (top), then b, c, d, e, f,
 * and bit 6 is g (middle); bit 7 is the decimal point or colon, set by the drivers.
 */
public final class SevenSegment {
    /** No segment lit. */
    public static final int BLANK = 0x00;
    /** Segment g alone. */
    public static final int DASH = 0x40;
    /** Lower-case h (segments c, e, f, g), the hours mark. */
    public static final int HOURS = 0x74;

    private static final int[] DIGITS = {0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F};

    private SevenSegment() {
    }

    /** The code of a digit 0..9. */
    public static int digit(int d) {
        if (d < 0 || d > 9) {
            throw new IllegalArgumentException("not a digit: " + d);
        }
        return DIGITS[d];
    }
}
