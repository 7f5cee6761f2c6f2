package org.shogiban.rules;

/**
 * One of the 81 squares, by file (筋, 1..9, right to left from sente's view) and rank (段, 1..9 = a..i, top to
 * bottom). USI writes it as file digit and rank letter: {@code 7g}.
 */
public record Square(int file, int rank) {
    private static final Square[] ALL = new Square[81];
    /** The USI text of each square by index: every snapshot and journal entry writes every move's squares. */
    private static final String[] USI = new String[81];

    static {
        for (int i = 0; i < 81; i++) {
            ALL[i] = new Square(9 - i % 9, i / 9 + 1);
            USI[i] = "" + ALL[i].file + (char) ('a' + ALL[i].rank - 1);
        }
    }

    public Square {
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            throw new IllegalArgumentException("no square at file " + file + ", rank " + rank);
        }
    }

    /** The square at a file and rank, both 1..9. */
    public static Square of(int file, int rank) {
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            throw new IllegalArgumentException("no square at file " + file + ", rank " + rank);
        }
        return ALL[index(file, rank)];
    }

    /** The square at an index in SFEN order (rank a first, file 9 to 1), 0..80. */
    public static Square ofIndex(int index) {
        return ALL[index];
    }

    /** All squares in SFEN order. */
    public static Square[] all() {
        return ALL.clone();
    }

    /** Reads USI coordinates such as {@code 7g}. */
    public static Square parse(String usi) {
        if (usi == null || usi.length() != 2) {
            throw new NotationException("square '" + usi + "' is not a file digit 1-9 and a rank letter a-i");
        }
        int file = usi.charAt(0) - '0';
        int rank = usi.charAt(1) - 'a' + 1;
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            throw new NotationException("square '" + usi + "' is not a file digit 1-9 and a rank letter a-i");
        }
        return of(file, rank);
    }

    static int index(int file, int rank) {
        return (rank - 1) * 9 + (9 - file);
    }

    /** The index in SFEN order, 0..80. */
    public int index() {
        return index(file, rank);
    }

    /** True when this square is in the promotion zone (the far three ranks) of a side. */
    public boolean inZoneOf(Side side) {
        return side == Side.SENTE ? rank <= 3 : rank >= 7;
    }

    /** USI text such as {@code 7g}. */
    public String usi() {
        return USI[index()];
    }

    @Override
    public String toString() {
        return usi();
    }
}
