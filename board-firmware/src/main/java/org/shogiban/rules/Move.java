package org.shogiban.rules;

/**
 * A move as a player makes it: a piece moved from one square to another (promoting or not), or a piece dropped
 * from the hand. A value type: it says nothing about legality, which only a {@link Position} can judge.
 */
public record Move(Square from, Square to, boolean promote, PieceType drop) {
    /** Board moves' slots in {@link #USI}: from, to and promote; the drops' (kind and target) come after. */
    private static final int BOARD_SLOTS = 81 * 81 * 2;
    /**
     * The USI text of each move, made on first use: the snapshot and the journal write every move of the game at
     * every change, and a game plays few of the 13,000 possible moves. Filled racily: two threads make equal texts.
     */
    private static final String[] USI = new String[BOARD_SLOTS + PieceType.values().length * 81];

    public Move {
        if (to == null) {
            throw new IllegalArgumentException("a move needs a target square");
        }
        if ((from == null) == (drop == null)) {
            throw new IllegalArgumentException("a move has either a source square or a dropped kind");
        }
        if (drop != null && promote) {
            throw new IllegalArgumentException("a drop cannot promote");
        }
    }

    /** A board move. */
    public static Move of(Square from, Square to, boolean promote) {
        return new Move(from, to, promote, null);
    }

    /** A board move without promotion. */
    public static Move of(Square from, Square to) {
        return new Move(from, to, false, null);
    }

    /** A drop of a kind from the hand. */
    public static Move drop(PieceType kind, Square to) {
        return new Move(null, to, false, kind);
    }

    public boolean isDrop() {
        return drop != null;
    }

    /**
     * Reads USI move notation: {@code 7g7f}, {@code 8h2b+}, {@code P*5e}. Throws {@link NotationException}
     * naming what is wrong.
     */
    public static Move parseUsi(String text) {
        if (text == null || text.isEmpty()) {
            throw new NotationException("empty USI move");
        }
        if (text.length() == 4 && text.charAt(1) == '*') {
            PieceType kind = PieceType.fromLetter(text.charAt(0));
            if (kind == null || kind == PieceType.KING) {
                throw new NotationException("USI move '" + text + "': '" + text.charAt(0)
                        + "' is not a droppable piece (P L N S G B R)");
            }
            return drop(kind, parseSquare(text, 2));
        }
        boolean promote = text.length() == 5 && text.charAt(4) == '+';
        if (text.length() != 4 && !promote) {
            throw new NotationException("USI move '" + text + "' is not of the form 7g7f, 8h2b+ or P*5e");
        }
        Square from = parseSquare(text, 0);
        Square to = parseSquare(text, 2);
        if (from.equals(to)) {
            throw new NotationException("USI move '" + text + "' goes nowhere");
        }
        return of(from, to, promote);
    }

    private static Square parseSquare(String move, int at) {
        try {
            return Square.parse(move.substring(at, at + 2));
        } catch (NotationException e) {
            throw new NotationException("USI move '" + move + "' at character " + (at + 1) + ": " + e.getMessage());
        }
    }

    /** USI text: {@code 7g7f}, {@code 8h2b+}, {@code P*5e}. */
    public String usi() {
        int slot = drop != null ? BOARD_SLOTS + drop.ordinal() * 81 + to.index()
                : (from.index() * 81 + to.index()) * 2 + (promote ? 1 : 0);
        String text = USI[slot];
        if (text == null) {
            text = drop != null ? drop.letter() + "*" + to.usi() : from.usi() + to.usi() + (promote ? "+" : "");
            USI[slot] = text;
        }
        return text;
    }

    @Override
    public String toString() {
        return usi();
    }
}
