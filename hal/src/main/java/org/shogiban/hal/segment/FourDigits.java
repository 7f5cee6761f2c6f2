package org.shogiban.hal.segment;

/**
 * What a four-digit seven-segment display with a centre colon shows: four {@link SevenSegment} codes, left to right,
 * and whether the colon is lit.
 */
public record FourDigits(int d0, int d1, int d2, int d3, boolean colon) {
    /** Nothing lit. */
    public static final FourDigits BLANK = new FourDigits(0, 0, 0, 0, false);

    public FourDigits {
        for (int d : new int[] {d0, d1, d2, d3}) {
            if (d < 0 || d > 0x7F) {
                throw new IllegalArgumentException("a segment code is 0..0x7F, got 0x" + Integer.toHexString(d));
            }
        }
    }

    /** The code of digit {@code i}, 0..3 from the left. */
    public int digit(int i) {
        return switch (i) {
            case 0 -> d0;
            case 1 -> d1;
            case 2 -> d2;
            case 3 -> d3;
            default -> throw new IndexOutOfBoundsException("a display has digits 0..3, not " + i);
        };
    }
}
