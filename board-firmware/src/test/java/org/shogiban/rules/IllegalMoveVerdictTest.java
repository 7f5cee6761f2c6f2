package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each illegal-move reason, for sente as written and for gote by mirroring the position: a position, a candidate
 * move and the reason an arbiter would give. The move is also checked against the legal move list.
 */
class IllegalMoveVerdictTest {
    private static final String LONE_KINGS = "4k4/9/9/9/9/9/9/9/4K4 b PLNG 1";

    static Stream<Arguments> illegalMoves() {
        return Stream.of(
                // INVALID_MOVEMENT: not the mover's piece, empty source, not how it moves, blocked, own target
                row("startpos", "3c3d", IllegalReason.INVALID_MOVEMENT, "moves the opponent's pawn"),
                row("startpos", "5e5d", IllegalReason.INVALID_MOVEMENT, "moves from an empty square"),
                row("startpos", "7g7e", IllegalReason.INVALID_MOVEMENT, "pawn moves two squares"),
                row("startpos", "3i2g", IllegalReason.INVALID_MOVEMENT, "silver moves like a knight"),
                row("startpos", "8h6f", IllegalReason.INVALID_MOVEMENT, "bishop blocked by own pawn on 7g"),
                row("startpos", "2h2b", IllegalReason.INVALID_MOVEMENT, "rook blocked by own pawn on 2g"),
                row("startpos", "5i6i", IllegalReason.INVALID_MOVEMENT, "king onto own gold"),
                row("4k4/9/9/9/8p/9/9/9/4K3L b - 1", "1i1a+", IllegalReason.INVALID_MOVEMENT,
                        "lance jumps over a pawn"),
                row(LONE_KINGS, "G*5i", IllegalReason.INVALID_MOVEMENT, "drop on own king"),
                row("4k4/9/9/9/4p4/9/9/9/4K4 b G 1", "G*5e", IllegalReason.INVALID_MOVEMENT, "drop on enemy pawn"),
                // NOT_IN_HAND
                row("startpos", "P*5e", IllegalReason.NOT_IN_HAND, "empty hand"),
                row(LONE_KINGS, "S*5e", IllegalReason.NOT_IN_HAND, "silver not held (pawn, lance, knight, gold are)"),
                // TWO_PAWNS (nifu)
                row("4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", IllegalReason.TWO_PAWNS, "own pawn on file 5"),
                // PAWN_DROP_MATE (uchifuzume)
                row("3lkg2R/9/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", IllegalReason.PAWN_DROP_MATE,
                        "only capturer pinned"),
                row("k8/9/1GN6/9/9/9/9/9/4K4 b P 1", "P*9b", IllegalReason.PAWN_DROP_MATE,
                        "pawn protected by gold, 8a and 8b covered"),
                // DEAD_PIECE: drops and unpromoted moves where the piece could never move again
                row(LONE_KINGS, "P*1a", IllegalReason.DEAD_PIECE, "pawn dropped on last rank"),
                row(LONE_KINGS, "L*9a", IllegalReason.DEAD_PIECE, "lance dropped on last rank"),
                row(LONE_KINGS, "N*1b", IllegalReason.DEAD_PIECE, "knight dropped on second rank"),
                row(LONE_KINGS, "N*2a", IllegalReason.DEAD_PIECE, "knight dropped on last rank"),
                row("4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", IllegalReason.DEAD_PIECE, "pawn to last rank unpromoted"),
                row("4k4/9/9/9/9/9/9/9/4K3L b - 1", "1i1a", IllegalReason.DEAD_PIECE, "lance to last rank unpromoted"),
                row("4k4/9/9/N8/9/9/9/9/4K4 b - 1", "9d8b", IllegalReason.DEAD_PIECE, "knight to second rank unpromoted"),
                // INVALID_PROMOTION
                row("startpos", "7g7f+", IllegalReason.INVALID_PROMOTION, "promotion outside the zone"),
                row("4k4/9/9/4G4/9/9/9/9/4K4 b - 1", "5d5c+", IllegalReason.INVALID_PROMOTION, "gold promotes"),
                row("4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h+", IllegalReason.INVALID_PROMOTION, "king promotes"),
                row("9/9/4K4/9/9/9/9/9/4k4 b - 1", "5c5b+", IllegalReason.INVALID_PROMOTION, "king promotes in zone"),
                row("4k4/9/9/4+P4/9/9/9/9/4K4 b - 1", "5d5c+", IllegalReason.INVALID_PROMOTION, "tokin promotes"),
                row("4k4/9/9/9/9/9/+B8/9/4K4 b - 1", "9g5c+", IllegalReason.INVALID_PROMOTION, "horse promotes"),
                // LEAVES_KING_IN_CHECK
                row("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g4g", IllegalReason.LEAVES_KING_IN_CHECK, "pinned gold"),
                row("4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i6i", IllegalReason.LEAVES_KING_IN_CHECK, "king steps into attack"),
                row("4k4/9/9/9/4r4/9/9/9/4K4 b G 1", "G*1a", IllegalReason.LEAVES_KING_IN_CHECK, "ignores a check"),
                row("4k4/9/9/9/4r4/9/9/9/4K4 b - 1", "5i5h", IllegalReason.LEAVES_KING_IN_CHECK,
                        "king retreats along the checking line"));
    }

    private static Arguments row(String sfen, String move, IllegalReason reason, String why) {
        return Arguments.of(sfen.equals("startpos") ? Position.startpos().toSfen() : sfen, move, reason, why);
    }

    @ParameterizedTest(name = "sente: {3}: {1} is {2}")
    @MethodSource("illegalMoves")
    void senteMoveIsIllegalForTheRightReason(String sfen, String usi, IllegalReason reason, String why) {
        assertIllegal(Position.fromSfen(sfen), Move.parseUsi(usi), reason);
    }

    @ParameterizedTest(name = "gote: {3}: mirrored {1} is {2}")
    @MethodSource("illegalMoves")
    void goteMoveIsIllegalForTheSameReason(String sfen, String usi, IllegalReason reason, String why) {
        Position mirrored = Position.fromSfen(Mirror.sfen(sfen));
        assertThat(mirrored.sideToMove()).isEqualTo(Side.GOTE);
        assertIllegal(mirrored, Mirror.move(Move.parseUsi(usi)), reason);
    }

    @org.junit.jupiter.api.Test
    void aDropFromTheOpponentsHandIsNotTheMoversPiece() {
        Position p = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b Pp 1");
        assertThat(p.verdictOfDrop(Side.GOTE, PieceType.PAWN, Square.parse("5e"), false))
                .isEqualTo(Verdict.illegal(IllegalReason.INVALID_MOVEMENT));
        assertThat(p.verdictOfDrop(Side.SENTE, PieceType.PAWN, Square.parse("5e"), false)).isEqualTo(Verdict.LEGAL);
    }

    @org.junit.jupiter.api.Test
    void aDropWithThePromotedFaceUpIsAnInvalidPromotion() {
        Position p = Position.fromSfen(Mirror.sfen("4k4/9/9/9/9/9/9/9/4K4 b S 1"));
        assertThat(p.verdictOfDrop(Side.GOTE, PieceType.SILVER, Square.parse("5e"), true))
                .isEqualTo(Verdict.illegal(IllegalReason.INVALID_PROMOTION));
        assertThat(p.verdictOfDrop(Side.GOTE, PieceType.SILVER, Square.parse("5e"), false)).isEqualTo(Verdict.LEGAL);
        assertThat(p.verdictOfDrop(Side.GOTE, PieceType.GOLD, Square.parse("5e"), false))
                .isEqualTo(Verdict.illegal(IllegalReason.NOT_IN_HAND));
    }

    private static void assertIllegal(Position position, Move move, IllegalReason reason) {
        assertThat(position.verdict(move)).isEqualTo(Verdict.illegal(reason));
        assertThat(position.legalMoves()).doesNotContain(move);
        assertThat(position.isLegal(move)).isFalse();
    }
}
