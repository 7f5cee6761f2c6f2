package org.shogiban.notation;

import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Sfen;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * The pieces as a record shows them, moved without judging legality: readers check that a move's piece is where
 * the record says it is, writers name the pieces. Legality stays with the rules engine. Mutable; one per read or
 * write.
 */
public final class RecordBoard {
    private final Piece[] squares = new Piece[81];
    private final int[][] hands = new int[2][7];
    private Side sideToMove;
    /** A move read that the board cannot show, kept only if the record ends in a foul right after it. */
    private RecordFormatException impossible;

    public RecordBoard(Position start) {
        for (int i = 0; i < 81; i++) {
            squares[i] = start.pieceAt(Square.ofIndex(i));
        }
        for (Side s : Side.values()) {
            int[] counts = start.hand(s).counts();
            System.arraycopy(counts, 0, hands[s.ordinal()], 0, 7);
        }
        sideToMove = start.sideToMove();
    }

    public Piece at(Square sq) {
        return squares[sq.index()];
    }

    public int inHand(Side side, PieceType kind) {
        return hands[side.ordinal()][kind.handIndex()];
    }

    public Side sideToMove() {
        return sideToMove;
    }

    /**
     * Why the side to move cannot even physically make a move here (moving from an empty square or an enemy piece,
     * dropping a piece it does not hold, taking its own piece or the king), or null when it can. Rules such as
     * checks, two pawns or how pieces move are not looked at.
     */
    public String problem(Move move) {
        Square to = move.to();
        Piece target = squares[to.index()];
        if (move.isDrop()) {
            if (inHand(sideToMove, move.drop()) == 0) {
                return sideToMove.label() + " has no " + name(move.drop()) + " in hand to drop on " + to;
            }
            return target == null ? null : "drops on " + to + ", which holds " + describe(target);
        }
        Piece mover = squares[move.from().index()];
        if (mover == null) {
            return "moves from " + move.from() + ", which is empty";
        }
        if (mover.side() != sideToMove) {
            return "moves from " + move.from() + ", which holds " + describe(mover) + ", but " + sideToMove.label()
                    + " is to move";
        }
        if (target != null && target.side() == sideToMove) {
            return "moves onto " + to + ", which holds its own " + name(target.type());
        }
        if (target != null && target.type() == PieceType.KING) {
            return "captures the king on " + to;
        }
        if (move.promote() && !mover.type().canPromote()) {
            return "promotes a " + name(mover.type()) + ", which cannot promote";
        }
        return null;
    }

    /** Plays a move that has no {@link #problem}. */
    public void apply(Move move) {
        int side = sideToMove.ordinal();
        Square to = move.to();
        if (move.isDrop()) {
            hands[side][move.drop().handIndex()]--;
            squares[to.index()] = Piece.of(sideToMove, move.drop());
        } else {
            Piece mover = squares[move.from().index()];
            Piece captured = squares[to.index()];
            if (captured != null) {
                hands[side][captured.type().unpromoted().handIndex()]++;
            }
            squares[move.from().index()] = null;
            squares[to.index()] = move.promote() ? Piece.of(sideToMove, mover.type().promoted()) : mover;
        }
        sideToMove = sideToMove.opponent();
    }

    /**
     * Makes a move read from a record's text. One the board cannot physically make is kept as the record's problem
     * (only a foul ending right after it explains it: {@link #checkEnd}); a further move after it throws that problem.
     *
     * @param quoted the move's text, quoted, for the problem's message
     * @param line the move's line in the text
     */
    public void playRead(Move move, String quoted, int line) {
        if (impossible != null) {
            throw impossible;
        }
        String problem = problem(move);
        if (problem != null) {
            impossible = new RecordFormatException(line, quoted + " " + problem);
        }
        play(move);
    }

    /** At the record's end: throws a move the board could not make, unless the record ends in the foul that explains it. */
    public void checkEnd(RecordEnd end) {
        if (impossible != null && end.kind() != EndKind.ILLEGAL_MOVE) {
            throw impossible;
        }
    }

    /**
     * Plays a move, or only passes the turn when the move cannot be placed (the foul a record ends with, such as a
     * drop of a piece the mover does not hold: the rules engine rules on it, the board cannot show it).
     */
    public void play(Move move) {
        if (problem(move) == null) {
            apply(move);
        } else {
            sideToMove = sideToMove.opponent();
        }
    }

    /** The SFEN of these pieces with a move number. */
    public String sfen(int moveNumber) {
        return Sfen.format(squares, hands, sideToMove, moveNumber);
    }

    /**
     * Whether the piece on {@code from} could move to {@code to} by how it moves, with the squares in between
     * empty; own pieces on the target, checks and pins are not looked at. Used to tell KI2 moves apart.
     */
    public boolean reaches(Square from, Square to) {
        Piece p = squares[from.index()];
        if (p == null || from.equals(to)) {
            return false;
        }
        int dx = to.file() - from.file();
        int dy = to.rank() - from.rank();
        if (p.side() == Side.GOTE) {
            dx = -dx;
            dy = -dy;
        }
        // dy < 0 is forward for the piece's owner
        int adx = Math.abs(dx);
        int ady = Math.abs(dy);
        boolean step = adx <= 1 && ady <= 1;
        return switch (p.type()) {
            case PAWN -> dx == 0 && dy == -1;
            case LANCE -> dx == 0 && dy < 0 && clear(from, to);
            case KNIGHT -> adx == 1 && dy == -2;
            case SILVER -> step && (dy == -1 || (dy == 1 && adx == 1));
            case GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> step && !(dy == 1 && adx == 1);
            case KING -> step;
            case BISHOP -> adx == ady && clear(from, to);
            case ROOK -> (dx == 0 || dy == 0) && clear(from, to);
            case HORSE -> step || (adx == ady && clear(from, to));
            case DRAGON -> step || ((dx == 0 || dy == 0) && clear(from, to));
        };
    }

    private boolean clear(Square from, Square to) {
        int sx = Integer.signum(to.file() - from.file());
        int sy = Integer.signum(to.rank() - from.rank());
        int f = from.file() + sx;
        int r = from.rank() + sy;
        while (f != to.file() || r != to.rank()) {
            if (squares[Square.of(f, r).index()] != null) {
                return false;
            }
            f += sx;
            r += sy;
        }
        return true;
    }

    public static String describe(Piece p) {
        return p.side().label() + "'s " + name(p.type());
    }

    public static String name(PieceType t) {
        return t.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
