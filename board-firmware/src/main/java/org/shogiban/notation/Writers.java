package org.shogiban.notation;

import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Side;

/** What every writer checks and asks while it walks a record's moves. */
final class Writers {
    private Writers() {
    }

    /**
     * The kind of the piece a move moves (or drops); throws {@link RecordFormatException} when the move cannot be
     * placed on the board at all (such moves can be read from USI, where moves are not checked).
     */
    static PieceType check(RecordBoard board, Move m, int index) {
        String problem = board.problem(m);
        if (problem != null) {
            throw new RecordFormatException(0, "move " + (index + 1) + " (" + m.usi() + ") cannot be written: "
                    + problem);
        }
        return m.isDrop() ? m.drop() : board.at(m.from()).type();
    }

    /** Whether the mover could have promoted with this move (so not promoting is written 不成). */
    static boolean couldPromote(PieceType kind, Move m, Side side) {
        return !m.isDrop() && kind.canPromote() && (m.from().inZoneOf(side) || m.to().inZoneOf(side));
    }
}
