package org.shogiban.rules;

/**
 * Judges an impasse declaration (入玉宣言) by the side to move. The declarer needs the king in the enemy camp (its
 * three far ranks), at least ten other own pieces there, no check, and enough points counting rook and bishop
 * (promoted or not) as 5 and every other piece as 1, over the pieces in the enemy camp and in hand. In handicap
 * games the pieces the upper player (上手, gote) gave away count as theirs, as the JSA rule has it: so gote's points
 * include every piece missing from the board and both hands.
 */
public final class Impasse {
    /** The outcome of a declaration for the declarer. */
    public enum Outcome { WIN, DRAW, LOSE }

    private static final int PIECES_NEEDED = 10;

    private Impasse() {
    }

    /** The declarer's points: own pieces (not the king) in the enemy camp, the hand, and for gote absent pieces. */
    public static int points(Position position, Side declarer) {
        int points = 0;
        int[] present = new int[7];
        for (Square sq : Square.all()) {
            Piece p = position.pieceAt(sq);
            if (p == null || p.type() == PieceType.KING) {
                continue;
            }
            present[p.type().unpromoted().handIndex()]++;
            if (p.side() == declarer && sq.inZoneOf(declarer)) {
                points += p.type().impassePoints();
            }
        }
        for (Side side : Side.values()) {
            Hand hand = position.hand(side);
            for (PieceType kind : PieceType.HAND_KINDS) {
                present[kind.handIndex()] += hand.count(kind);
                if (side == declarer) {
                    points += hand.count(kind) * kind.impassePoints();
                }
            }
        }
        if (declarer == Side.GOTE) {
            for (PieceType kind : PieceType.HAND_KINDS) {
                points += Math.max(0, Hand.FULL_SET[kind.handIndex()] - present[kind.handIndex()])
                        * kind.impassePoints();
            }
        }
        return points;
    }

    /**
     * Whether the conditions other than points hold: the declarer is to move, the king is in the enemy camp with ten
     * other own pieces there, and not in check.
     */
    public static boolean meetsConditions(Position position, Side declarer) {
        Square king = position.kingSquare(declarer);
        if (position.sideToMove() != declarer || king == null || !king.inZoneOf(declarer) || position.isInCheck()) {
            return false;
        }
        int pieces = 0;
        for (Square sq : Square.all()) {
            Piece p = position.pieceAt(sq);
            if (p != null && p.side() == declarer && p.type() != PieceType.KING && sq.inZoneOf(declarer)) {
                pieces++;
            }
        }
        return pieces >= PIECES_NEEDED;
    }

    /** The outcome of a declaration by a side in a position under a rule. */
    public static Outcome judge(Position position, Side declarer, ImpasseRule rule) {
        if (!meetsConditions(position, declarer)) {
            return Outcome.LOSE;
        }
        int points = points(position, declarer);
        return switch (rule) {
            case POINTS_27 -> points >= (declarer == Side.SENTE ? 28 : 27) ? Outcome.WIN : Outcome.LOSE;
            case POINTS_24 -> points >= 31 ? Outcome.WIN : points >= 24 ? Outcome.DRAW : Outcome.LOSE;
        };
    }
}
