package org.shogiban.rules;

/** The 14 kinds of shogi piece: eight base kinds and the six promoted ones. */
public enum PieceType {
    PAWN('P', 1), LANCE('L', 1), KNIGHT('N', 1), SILVER('S', 1), GOLD('G', 1), BISHOP('B', 5), ROOK('R', 5),
    KING('K', 0),
    PRO_PAWN('P', 1), PRO_LANCE('L', 1), PRO_KNIGHT('N', 1), PRO_SILVER('S', 1), HORSE('B', 5), DRAGON('R', 5);

    /** The seven kinds a piece in hand can be, in the order SFEN writes hands (R B G S N L P reversed). */
    public static final PieceType[] HAND_KINDS = {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK};

    private final char letter;
    private final int impassePoints;

    PieceType(char letter, int impassePoints) {
        this.letter = letter;
        this.impassePoints = impassePoints;
    }

    /** True for the six promoted kinds (tokin, narikyo, narikei, narigin, uma, ryu). */
    public boolean isPromoted() {
        return ordinal() > KING.ordinal();
    }

    /** True when this kind has a promoted form: pawn, lance, knight, silver, bishop and rook. */
    public boolean canPromote() {
        return this != GOLD && this != KING && !isPromoted();
    }

    /** The promoted form; only for kinds that {@link #canPromote()}. */
    public PieceType promoted() {
        return switch (this) {
            case PAWN -> PRO_PAWN;
            case LANCE -> PRO_LANCE;
            case KNIGHT -> PRO_KNIGHT;
            case SILVER -> PRO_SILVER;
            case BISHOP -> HORSE;
            case ROOK -> DRAGON;
            default -> throw new IllegalStateException(this + " has no promoted form");
        };
    }

    /** The kind a captured piece reverts to in the capturer's hand. */
    public PieceType unpromoted() {
        return switch (this) {
            case PRO_PAWN -> PAWN;
            case PRO_LANCE -> LANCE;
            case PRO_KNIGHT -> KNIGHT;
            case PRO_SILVER -> SILVER;
            case HORSE -> BISHOP;
            case DRAGON -> ROOK;
            default -> this;
        };
    }

    /** True for the kinds that can lie in a hand (every unpromoted kind but the king). */
    public boolean isHandKind() {
        return ordinal() < KING.ordinal();
    }

    /** The index of a hand kind in {@link #HAND_KINDS}. */
    public int handIndex() {
        if (!isHandKind()) {
            throw new IllegalStateException(this + " is never in hand");
        }
        return ordinal();
    }

    /** Points in the impasse (jishogi) count: 5 for rook and bishop, promoted or not, 1 for the rest, 0 for the king. */
    public int impassePoints() {
        return impassePoints;
    }

    /** The SFEN letter in upper case, without the {@code +} of promoted kinds. */
    public char letter() {
        return letter;
    }

    /** The SFEN text of this kind for a side, e.g. {@code +P} for a sente tokin, {@code r} for a gote rook. */
    public String sfen(Side side) {
        char c = side == Side.SENTE ? letter : Character.toLowerCase(letter);
        return isPromoted() ? "+" + c : String.valueOf(c);
    }

    /** The unpromoted kind written with this upper-case SFEN letter, or null. */
    public static PieceType fromLetter(char upper) {
        for (PieceType t : HAND_KINDS) {
            if (t.letter == upper) {
                return t;
            }
        }
        return upper == 'K' ? KING : null;
    }
}
