package org.shogiban.rules;

/**
 * Precomputed board geometry and piece movement tables for the engine. Squares are indices 0..80 in SFEN order:
 * row 0 is rank a (gote's back rank), column 0 is file 9. Directions 0..7 run clockwise from "up" (towards rank a,
 * sente's forward); the reverse of direction d is (d + 4) % 8.
 */
final class Geometry {
    static final int[] DCOL = {0, 1, 1, 1, 0, -1, -1, -1};
    static final int[] DROW = {-1, -1, 0, 1, 1, 1, 0, -1};

    /** RAY[sq][d]: the squares from sq (exclusive) to the board edge in direction d. */
    static final int[][][] RAY = new int[81][8][];
    /** DIR[a][b]: the direction from a to b when they share a line, else -1. */
    static final int[][] DIR = new int[81][81];
    /** STEP_MASK[code]: directions a piece moves exactly one square (bit d). */
    static final int[] STEP_MASK = new int[32];
    /** SLIDE_MASK[code]: directions a piece slides any distance (bit d). */
    static final int[] SLIDE_MASK = new int[32];
    /** STEPS[code][sq]: the one-step and knight targets of a piece on sq. */
    static final int[][][] STEPS = new int[32][81][];
    /** SLIDES[code]: the sliding directions of a piece. */
    static final int[][] SLIDES = new int[32][];
    /** KNIGHT_FROM[attackerSide][sq]: squares from which a knight of that side attacks sq. */
    static final int[][][] KNIGHT_FROM = new int[2][81][];
    /** PROMOTE[code]: the code of the promoted piece, or 0. */
    static final int[] PROMOTE = new int[32];
    /** DEMOTE[code]: the code of the unpromoted piece (the code itself for unpromoted pieces). */
    static final int[] DEMOTE = new int[32];
    /** HAND_INDEX[code]: the hand slot a captured piece goes to. */
    static final int[] HAND_INDEX = new int[32];

    private Geometry() {
    }

    static int reverse(int d) {
        return (d + 4) & 7;
    }

    static int row(int sq) {
        return sq / 9;
    }

    static int col(int sq) {
        return sq % 9;
    }

    static int side(int code) {
        return code >> 4;
    }

    static int typeOrdinal(int code) {
        return (code & 15) - 1;
    }

    static int code(int side, int typeOrdinal) {
        return typeOrdinal + 1 + (side << 4);
    }

    static boolean inZone(int side, int sq) {
        return side == 0 ? sq < 27 : sq >= 54;
    }

    /** Rows ahead of sq for a side: 0 on the last rank. */
    static int rowsAhead(int side, int sq) {
        return side == 0 ? row(sq) : 8 - row(sq);
    }

    /** Whether an unpromoted pawn/lance (needed 1) or knight (needed 2) could still move from sq. */
    static boolean isDeadSquare(int typeOrdinal, int side, int sq) {
        int ahead = rowsAhead(side, sq);
        return switch (typeOrdinal) {
            case 0, 1 -> ahead < 1;
            case 2 -> ahead < 2;
            default -> false;
        };
    }

    private static int at(int col, int row) {
        return col < 0 || col > 8 || row < 0 || row > 8 ? -1 : row * 9 + col;
    }

    static {
        for (int sq = 0; sq < 81; sq++) {
            java.util.Arrays.fill(DIR[sq], -1);
            for (int d = 0; d < 8; d++) {
                int[] buf = new int[8];
                int n = 0;
                for (int c = col(sq) + DCOL[d], r = row(sq) + DROW[d]; at(c, r) >= 0; c += DCOL[d], r += DROW[d]) {
                    buf[n++] = at(c, r);
                    DIR[sq][at(c, r)] = d;
                }
                RAY[sq][d] = java.util.Arrays.copyOf(buf, n);
            }
        }
        // sente's movement by kind, in sente's directions; gote's is the vertical mirror
        int gold = bits(0, 1, 2, 4, 6, 7);
        int[][] steps = {
            {bits(0)}, {0}, {0}, {bits(0, 1, 3, 5, 7)}, {gold}, {0}, {0}, {0xFF},
            {gold}, {gold}, {gold}, {gold}, {bits(0, 2, 4, 6)}, {bits(1, 3, 5, 7)}};
        int[] slides = {0, bits(0), 0, 0, 0, bits(1, 3, 5, 7), bits(0, 2, 4, 6), 0, 0, 0, 0, 0,
            bits(1, 3, 5, 7), bits(0, 2, 4, 6)};
        int[] promote = {8, 9, 10, 11, -1, 12, 13, -1, -1, -1, -1, -1, -1, -1};
        int[] handIndex = {0, 1, 2, 3, 4, 5, 6, -1, 0, 1, 2, 3, 5, 6};
        for (int side = 0; side < 2; side++) {
            for (int t = 0; t < 14; t++) {
                int code = code(side, t);
                STEP_MASK[code] = side == 0 ? steps[t][0] : mirror(steps[t][0]);
                SLIDE_MASK[code] = side == 0 ? slides[t] : mirror(slides[t]);
                PROMOTE[code] = promote[t] < 0 ? 0 : code(side, promote[t]);
                HAND_INDEX[code] = handIndex[t];
                DEMOTE[code] = handIndex[t] < 0 ? code : code(side, handIndex[t]);
                SLIDES[code] = dirs(SLIDE_MASK[code]);
                for (int sq = 0; sq < 81; sq++) {
                    int[] buf = new int[8];
                    int n = 0;
                    for (int d = 0; d < 8; d++) {
                        if ((STEP_MASK[code] & (1 << d)) != 0 && RAY[sq][d].length > 0) {
                            buf[n++] = RAY[sq][d][0];
                        }
                    }
                    if (t == 2) {
                        int fwd = side == 0 ? -2 : 2;
                        for (int dc = -1; dc <= 1; dc += 2) {
                            int target = at(col(sq) + dc, row(sq) + fwd);
                            if (target >= 0) {
                                buf[n++] = target;
                            }
                        }
                    }
                    STEPS[code][sq] = java.util.Arrays.copyOf(buf, n);
                }
            }
            for (int sq = 0; sq < 81; sq++) {
                // a knight of this side attacks sq from two rows behind it (from the attacker's view)
                int back = side == 0 ? 2 : -2;
                int[] buf = new int[2];
                int n = 0;
                for (int dc = -1; dc <= 1; dc += 2) {
                    int from = at(col(sq) + dc, row(sq) + back);
                    if (from >= 0) {
                        buf[n++] = from;
                    }
                }
                KNIGHT_FROM[side][sq] = java.util.Arrays.copyOf(buf, n);
            }
        }
    }

    private static int bits(int... dirs) {
        int m = 0;
        for (int d : dirs) {
            m |= 1 << d;
        }
        return m;
    }

    private static int mirror(int mask) {
        int m = 0;
        for (int d = 0; d < 8; d++) {
            if ((mask & (1 << d)) != 0) {
                m |= 1 << ((12 - d) & 7);
            }
        }
        return m;
    }

    private static int[] dirs(int mask) {
        return java.util.stream.IntStream.range(0, 8).filter(d -> (mask & (1 << d)) != 0).toArray();
    }
}
