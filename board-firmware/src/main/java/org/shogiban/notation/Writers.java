package org.shogiban.notation;

import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/** What every writer checks and asks while it walks a record's moves. */
public final class Writers {
    private Writers() {
    }

    /** How a writer draws one line of a board diagram (KIF's {@code |...|一}, CSA's {@code P1...}). */
    public interface DiagramRank {
        /** Starts the line of a rank, 1 (a) to 9. */
        void begin(int rank);

        /** Draws a square: a piece, or null for an empty one. */
        void square(Piece piece);

        /** Ends the line of a rank. */
        void end(int rank);
    }

    /** Draws a position's board as KIF and CSA diagrams do: rank 1 first, each from file 9 to file 1. */
    public static void diagram(Position position, DiagramRank line) {
        for (int rank = 1; rank <= 9; rank++) {
            line.begin(rank);
            for (int file = 9; file >= 1; file--) {
                line.square(position.pieceAt(Square.of(file, rank)));
            }
            line.end(rank);
        }
    }

    /**
     * The kind of the piece a move moves (or drops); throws {@link RecordFormatException} when the move cannot be
     * placed on the board at all (such moves can be read from USI, where moves are not checked), unless it is the
     * foul a record ends with ({@link #endsInFoul}) and names a piece: a drop of a piece the mover does not hold,
     * or a move of a piece that is on the board. Writers then {@link RecordBoard#play play} it, which passes the turn.
     */
    public static PieceType check(GameRecord record, RecordBoard board, Move m, int index) {
        String problem = board.problem(m);
        if (problem == null) {
            return m.isDrop() ? m.drop() : board.at(m.from()).type();
        }
        PieceType kind = m.isDrop() ? m.drop() : board.at(m.from()) == null ? null : board.at(m.from()).type();
        if (!endsInFoul(record, index) || kind == null || (m.promote() && !kind.canPromote())) {
            throw new RecordFormatException(0, "move " + (index + 1) + " (" + m.usi() + ") cannot be written: "
                    + problem);
        }
        return kind;
    }

    /** Whether the move at an index is the last one and the record ends in a foul (反則, %ILLEGAL_MOVE...). */
    public static boolean endsInFoul(GameRecord record, int index) {
        return index == record.recordedMoves().size() - 1 && record.end().kind() == EndKind.ILLEGAL_MOVE;
    }

    /** Whether the mover could have promoted with this move (so not promoting is written 不成). */
    public static boolean couldPromote(PieceType kind, Move m, Side side) {
        return !m.isDrop() && kind.canPromote() && (m.from().inZoneOf(side) || m.to().inZoneOf(side));
    }
}
