package org.shogiban.hal.bringup;

/** Square names as a builder reads them on the board: index 0 (SFEN order) is {@code 9a}, index 80 is {@code 1i}. */
final class Squares {
    private Squares() {
    }

    static String name(int index) {
        return (9 - index % 9) + "" + (char) ('a' + index / 9);
    }

    static int file(int index) {
        return 9 - index % 9;
    }

    static char rank(int index) {
        return (char) ('a' + index / 9);
    }
}
