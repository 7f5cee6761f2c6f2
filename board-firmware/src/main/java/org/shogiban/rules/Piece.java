package org.shogiban.rules;

/** A piece on the board: whose it is and what kind. */
public record Piece(Side side, PieceType type) {
    private static final Piece[] ALL = new Piece[32];

    static {
        for (Side s : Side.values()) {
            for (PieceType t : PieceType.values()) {
                ALL[code(s, t)] = new Piece(s, t);
            }
        }
    }

    public Piece {
        if (side == null || type == null) {
            throw new IllegalArgumentException("a piece needs a side and a kind");
        }
    }

    /** The shared instance for a side and kind. */
    public static Piece of(Side side, PieceType type) {
        return ALL[code(side, type)];
    }

    /** The compact code the engine stores on its board: 1..14 for sente, 17..30 for gote, 0 is empty. */
    static int code(Side side, PieceType type) {
        return type.ordinal() + 1 + (side.ordinal() << 4);
    }

    static Piece fromCode(int code) {
        return code == 0 ? null : ALL[code];
    }

    int code() {
        return code(side, type);
    }

    /** SFEN text, e.g. {@code +P} or {@code k}. */
    public String sfen() {
        return type.sfen(side);
    }

    @Override
    public String toString() {
        return sfen();
    }
}
