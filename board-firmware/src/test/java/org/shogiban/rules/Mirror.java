package org.shogiban.rules;

/**
 * Turns a position and move around for the other player: the board rotated half a turn, colours and hands swapped,
 * the other side to move. Every rule is symmetric under it, so a sente case mirrored is the same case for gote.
 */
final class Mirror {
    private Mirror() {
    }

    static String sfen(String sfen) {
        Position p = Position.fromSfen(sfen);
        StringBuilder sb = new StringBuilder();
        for (int rank = 1; rank <= 9; rank++) {
            int empty = 0;
            for (int file = 9; file >= 1; file--) {
                Piece piece = p.pieceAt(square(Square.of(file, rank)));
                if (piece == null) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.of(piece.side().opponent(), piece.type()).sfen());
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank < 9) {
                sb.append('/');
            }
        }
        sb.append(' ').append(p.sideToMove().opponent().sfenLetter()).append(' ');
        String hands = hand(p.hand(Side.GOTE), true) + hand(p.hand(Side.SENTE), false);
        sb.append(hands.isEmpty() ? "-" : hands).append(' ').append(p.moveNumber());
        return sb.toString();
    }

    static Move move(Move move) {
        if (move.isDrop()) {
            return Move.drop(move.drop(), square(move.to()));
        }
        return Move.of(square(move.from()), square(move.to()), move.promote());
    }

    static Square square(Square s) {
        return Square.of(10 - s.file(), 10 - s.rank());
    }

    private static String hand(Hand hand, boolean upper) {
        StringBuilder sb = new StringBuilder();
        for (int i = 6; i >= 0; i--) {
            PieceType kind = PieceType.HAND_KINDS[i];
            int n = hand.count(kind);
            if (n > 0) {
                if (n > 1) {
                    sb.append(n);
                }
                sb.append(upper ? kind.letter() : Character.toLowerCase(kind.letter()));
            }
        }
        return sb.toString();
    }
}
