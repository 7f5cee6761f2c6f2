package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** SFEN and USI text: round trips, and bad text rejected with a message naming what and where. */
class SfenTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "4k4/9/9/9/9/9/9/9/9 b 16P 1",
        "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"})
    void writesBackWhatItReads(String sfen) {
        assertThat(Position.fromSfen(sfen).toSfen()).isEqualTo(sfen);
    }

    @Test
    void writesHandsInTheCanonicalOrderWhateverOrderItReads() {
        assertThat(Position.fromSfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1").toSfen())
                .isEqualTo("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    }

    @Test
    void readsTheStartPosition() {
        Position p = Position.startpos();
        assertThat(p.sideToMove()).isEqualTo(Side.SENTE);
        assertThat(p.pieceAt(Square.parse("5i"))).isEqualTo(Piece.of(Side.SENTE, PieceType.KING));
        assertThat(p.pieceAt(Square.parse("2b"))).isEqualTo(Piece.of(Side.GOTE, PieceType.BISHOP));
        assertThat(p.pieceAt(Square.parse("8h"))).isEqualTo(Piece.of(Side.SENTE, PieceType.BISHOP));
        assertThat(p.pieceAt(Square.parse("5e"))).isNull();
        assertThat(p.hand(Side.SENTE).isEmpty()).isTrue();
        assertThat(p.moveNumber()).isEqualTo(1);
    }

    @Test
    void problemPositionsMayHoldPiecesThatCanNeverMove() {
        // the "nine pawns" tsume problem (Kifu for Windows): gote pawns on every rank of file 2, one on gote's last rank
        Position p = Position.fromSfen("7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L 1");
        assertThat(p.pieceAt(Square.parse("2i"))).isEqualTo(Piece.of(Side.GOTE, PieceType.PAWN));
        assertThat(p.legalMoves()).isNotEmpty();
    }

    @Test
    void theMoveNumberMayBeLeftOut() {
        assertThat(Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - ").moveNumber()).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "''| empty SFEN",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1| 8 ranks",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1| side to move is 'x'",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1| rank f ('8') has 8 squares",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/8PP/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1| more than 9 squares",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/45/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1| two digits in a row at character 2",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/91/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1| two digits in a row",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPXPPPP/1B5R1/LNSGKGSNL b - 1| 'X' at character 5",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1| GOLD cannot be promoted",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1| 'K' at character 2",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1| count of 0",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P2 1| end with a count",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0| move number '0'",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x| move number 'x'",
        "4k4/9/9/9/9/9/9/9/3KK4 b - 1| sente has 2 kings",
        "4k4/4R4/9/9/9/9/9/9/4K4 b - 1| the side not to move (gote) is in check",
        "4k4/9/9/9/9/9/9/9/4K4 b 19P 1| exceeds 18"})
    void badSfenIsRejectedWithAMessageNamingTheFault(String sfen, String message) {
        assertThatThrownBy(() -> Position.fromSfen(sfen)).isInstanceOf(NotationException.class)
                .hasMessageContaining(message.trim());
    }

    @ParameterizedTest
    @CsvSource({"7g7f, 7g, 7f, false", "8h2b+, 8h, 2b, true", "1a9i, 1a, 9i, false"})
    void readsUsiBoardMoves(String usi, String from, String to, boolean promote) {
        Move m = Move.parseUsi(usi);
        assertThat(m).isEqualTo(Move.of(Square.parse(from), Square.parse(to), promote));
        assertThat(m.usi()).isEqualTo(usi);
    }

    @Test
    void readsUsiDrops() {
        assertThat(Move.parseUsi("P*5e")).isEqualTo(Move.drop(PieceType.PAWN, Square.parse("5e")));
        assertThat(Move.parseUsi("R*1a").usi()).isEqualTo("R*1a");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "7g", "7g7", "7g7f7", "0a1a", "7j7f", "7g7f-", "K*5e", "X*5e", "P*5j", "p*5e", "7g7g"})
    void badUsiMovesAreRejected(String usi) {
        assertThatThrownBy(() -> Move.parseUsi(usi)).isInstanceOf(NotationException.class).hasMessageContaining("USI move");
    }
}
