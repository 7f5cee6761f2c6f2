package org.shogiban.rules;

import java.util.Optional;

/**
 * Whether a position can start a game of shogi: the one check every way a start comes in uses (the command line's
 * {@code --start}, the web page's new-game form, the USB link's {@code NEW sfen=}, a trace's {@code # start}). An
 * SFEN may describe a tsume problem or a study position (no king for the attacker, a pawn on its last rank); a game
 * needs both kings, no more pieces than a set has, no piece that could never move, no two unpromoted pawns of a side
 * on a file, and a move for the side to move: otherwise the game would be over, or wrong, before its first move.
 * (The SFEN reader already refuses a second king of a side and a side not to move in check.)
 */
public final class GameStart {
    private GameStart() {
    }

    /** The position, when it can start a game; else IllegalArgumentException saying why in one sentence. */
    public static Position check(Position start) {
        Optional<String> problem = problem(start);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        return start;
    }

    /** Why a position cannot start a game, or empty when it can. */
    public static Optional<String> problem(Position p) {
        for (Side side : Side.values()) {
            if (p.kingSquare(side) == null) {
                return Optional.of("a game's start needs both kings; " + side.label() + " has none");
            }
        }
        int[] total = new int[PieceType.HAND_KINDS.length];
        for (Side side : Side.values()) {
            int[] hand = p.hand(side).counts();
            for (int k = 0; k < total.length; k++) {
                total[k] += hand[k];
            }
        }
        for (Square sq : Square.all()) {
            Piece piece = p.pieceAt(sq);
            if (piece == null) {
                continue;
            }
            if (piece.type() != PieceType.KING) {
                total[piece.type().unpromoted().handIndex()]++;
            }
            if (neverMoves(piece, sq)) {
                return Optional.of("a game's start cannot have " + piece.side().label() + "'s "
                        + piece.type().name().toLowerCase(java.util.Locale.ROOT) + " on " + sq.usi()
                        + ": it could never move");
            }
        }
        for (int k = 0; k < total.length; k++) {
            if (total[k] > Hand.FULL_SET[k]) {
                return Optional.of("a game's start has " + total[k] + " "
                        + PieceType.HAND_KINDS[k].name().toLowerCase(java.util.Locale.ROOT) + "s; a set has "
                        + Hand.FULL_SET[k]);
            }
        }
        Optional<String> twoPawns = twoPawns(p);
        if (twoPawns.isPresent()) {
            return twoPawns;
        }
        if (p.hasNoLegalMove()) {
            return Optional.of("a game's start must leave " + p.sideToMove().label()
                    + " (to move) a legal move; the game would be over before it began");
        }
        return Optional.empty();
    }

    /** A pawn or lance on its last rank, a knight on its last two: it has no move, ever (and cannot promote). */
    private static boolean neverMoves(Piece piece, Square sq) {
        int fromFar = piece.side() == Side.SENTE ? sq.rank() : 10 - sq.rank();
        return switch (piece.type()) {
            case PAWN, LANCE -> fromFar == 1;
            case KNIGHT -> fromFar <= 2;
            default -> false;
        };
    }

    private static Optional<String> twoPawns(Position p) {
        for (Side side : Side.values()) {
            for (int file = 1; file <= 9; file++) {
                int pawns = 0;
                for (int rank = 1; rank <= 9; rank++) {
                    if (new Piece(side, PieceType.PAWN).equals(p.pieceAt(Square.of(file, rank)))) {
                        pawns++;
                    }
                }
                if (pawns > 1) {
                    return Optional.of("a game's start cannot have two of " + side.label()
                            + "'s pawns on file " + file + " (nifu)");
                }
            }
        }
        return Optional.empty();
    }
}
