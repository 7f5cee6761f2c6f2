package org.shogiban.rules;

import static org.shogiban.rules.Geometry.DIR;
import static org.shogiban.rules.Geometry.RAY;
import static org.shogiban.rules.Geometry.SLIDE_MASK;
import static org.shogiban.rules.Geometry.STEPS;
import static org.shogiban.rules.Geometry.side;
import static org.shogiban.rules.Geometry.typeOrdinal;

/** Gives the verdict for one candidate move, naming the first rule it breaks in the order an arbiter checks. */
final class MoveJudge {
    private MoveJudge() {
    }

    /** Judges a move on a board the caller owns (it is changed and restored). */
    static Verdict judge(Mailbox board, Move move) {
        return move.isDrop() ? judgeDrop(board, move) : judgeBoardMove(board, move);
    }

    private static Verdict judgeDrop(Mailbox board, Move move) {
        int us = board.side;
        PieceType kind = move.drop();
        int to = move.to().index();
        if (!kind.isHandKind()) {
            return Verdict.illegal(IllegalReason.INVALID_MOVEMENT);
        }
        if (board.hands[us][kind.handIndex()] == 0) {
            return Verdict.illegal(IllegalReason.NOT_IN_HAND);
        }
        if (board.squares[to] != 0) {
            return Verdict.illegal(IllegalReason.INVALID_MOVEMENT);
        }
        if (Geometry.isDeadSquare(kind.ordinal(), us, to)) {
            return Verdict.illegal(IllegalReason.DEAD_PIECE);
        }
        if (kind == PieceType.PAWN && (board.pawnFiles(us) & (1 << Geometry.col(to))) != 0) {
            return Verdict.illegal(IllegalReason.TWO_PAWNS);
        }
        if (leavesKingInCheck(board, Position.encode(move))) {
            return Verdict.illegal(IllegalReason.LEAVES_KING_IN_CHECK);
        }
        if (kind == PieceType.PAWN && board.isPawnDropMate(to)) {
            return Verdict.illegal(IllegalReason.PAWN_DROP_MATE);
        }
        return Verdict.LEGAL;
    }

    private static Verdict judgeBoardMove(Mailbox board, Move move) {
        int us = board.side;
        int from = move.from().index();
        int to = move.to().index();
        int piece = board.squares[from];
        if (piece == 0 || side(piece) != us) {
            return Verdict.illegal(IllegalReason.INVALID_MOVEMENT);
        }
        int target = board.squares[to];
        if ((target != 0 && side(target) == us) || !reaches(board, piece, from, to)) {
            return Verdict.illegal(IllegalReason.INVALID_MOVEMENT);
        }
        PieceType type = PieceType.values()[typeOrdinal(piece)];
        if (move.promote()) {
            if (!type.canPromote() || !(Geometry.inZone(us, from) || Geometry.inZone(us, to))) {
                return Verdict.illegal(IllegalReason.INVALID_PROMOTION);
            }
        } else if (Geometry.isDeadSquare(type.ordinal(), us, to)) {
            return Verdict.illegal(IllegalReason.DEAD_PIECE);
        }
        if (leavesKingInCheck(board, Position.encode(move))) {
            return Verdict.illegal(IllegalReason.LEAVES_KING_IN_CHECK);
        }
        return Verdict.LEGAL;
    }

    /** Whether the piece's movement takes it from one square to the other over empty squares. */
    private static boolean reaches(Mailbox board, int piece, int from, int to) {
        for (int step : STEPS[piece][from]) {
            if (step == to) {
                return true;
            }
        }
        int d = DIR[from][to];
        if (d < 0 || (SLIDE_MASK[piece] & (1 << d)) == 0) {
            return false;
        }
        for (int sq : RAY[from][d]) {
            if (sq == to) {
                return true;
            }
            if (board.squares[sq] != 0) {
                return false;
            }
        }
        return false;
    }

    private static boolean leavesKingInCheck(Mailbox board, int move) {
        int us = board.side;
        board.make(move);
        int king = board.kings[us];
        boolean attacked = king >= 0 && board.isAttacked(king, us ^ 1);
        board.unmake(move);
        return attacked;
    }
}
