package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * A record that ends in a foul right after a move the board cannot make (a drop of a piece the player does not
 * have, a move from an empty square) is ruled as an arbiter would: an illegal move at that ply. A record where such
 * a move is not the last before a foul ending is corrupt and refused at the move's line.
 */
class FoulEndingTest {
    private static final String KIF_HEAD = "手合割：平手\n手数----指手---------消費時間--\n";

    static Stream<Arguments> droppedWithoutThePiece() {
        return Stream.of(
                Arguments.of("KIF 反則勝ち", KIF_HEAD + "   1 ５四歩打\n   2 反則勝ち\n"),
                Arguments.of("KIF 反則負け", KIF_HEAD + "   1 ５四歩打\n   2 反則負け\n"),
                Arguments.of("KI2", "手合割：平手\n\n▲５四歩打\nまで1手で後手の反則勝ち\n"),
                Arguments.of("CSA %ILLEGAL_MOVE", "V2.2\nPI\n+\n+0054FU\n%ILLEGAL_MOVE\n"),
                Arguments.of("CSA %+ILLEGAL_ACTION", "V2.2\nPI\n+\n+0054FU\n%+ILLEGAL_ACTION\n"),
                Arguments.of("JKF", "{\"header\":{},\"moves\":[{},{\"move\":{\"color\":0,\"to\":{\"x\":5,\"y\":4},"
                        + "\"piece\":\"FU\"}},{\"special\":\"ILLEGAL_MOVE\"}]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("droppedWithoutThePiece")
    void aDropOfAPieceNotInHandBeforeAFoulEndingIsRuledNotInHand(String name, String text) {
        GameRecord record = GameRecords.read(text);
        assertThat(record.moves()).containsExactly(Move.parseUsi("P*5d"));
        RecordRuling ruling = RecordJudge.rule(record, ImpasseRule.POINTS_27);
        assertThat(ruling.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(ruling.reason()).isEqualTo(IllegalReason.NOT_IN_HAND);
        assertThat(ruling.ply()).isEqualTo(1);
        assertThat(ruling.winner()).isEqualTo(Side.GOTE);
        for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2, RecordFormat.CSA,
                RecordFormat.JKF, RecordFormat.USI)) {
            GameRecord back = GameRecords.read(GameRecords.encode(record, format));
            assertThat(back.moves()).as("via %s", format).isEqualTo(record.moves());
            assertThat(RecordJudge.rule(back, ImpasseRule.POINTS_27)).as("via %s", format).isEqualTo(ruling);
        }
        assertThat(GameRecords.write(record, RecordFormat.SFEN)).as("the position before the foul")
                .isEqualTo(Position.startpos().toSfen() + "\n");
    }

    @Test
    void aMoveFromAnEmptySquareBeforeAFoulEndingIsRuledInvalidMovement() {
        for (String text : List.of(KIF_HEAD + "   1 ５四歩(55)\n   2 反則勝ち\n",
                "V2.2\nPI\n+\n+5554FU\n%ILLEGAL_MOVE\n")) {
            RecordRuling ruling = RecordJudge.rule(GameRecords.read(text), ImpasseRule.POINTS_27);
            assertThat(ruling.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
            assertThat(ruling.reason()).isEqualTo(IllegalReason.INVALID_MOVEMENT);
            assertThat(ruling.ply()).isEqualTo(1);
            assertThat(ruling.winner()).isEqualTo(Side.GOTE);
        }
        GameRecord fromEmpty = GameRecords.read(KIF_HEAD + "   1 ５四歩(55)\n   2 反則勝ち\n");
        assertThat(GameRecords.write(fromEmpty, RecordFormat.USI)).isEqualTo("position startpos moves 5e5d\n");
        assertThatThrownBy(() -> GameRecords.write(fromEmpty, RecordFormat.KIF))
                .isInstanceOf(RecordFormatException.class)
                .hasMessage("move 1 (5e5d) cannot be written: moves from 5e, which is empty");
    }

    @Test
    void gotesFoulDropAfterALegalMoveIsRuledAtItsPly() {
        GameRecord record = GameRecords.read(KIF_HEAD + "   1 ７六歩(77)\n   2 ５五角打\n   3 反則勝ち\n");
        RecordRuling ruling = RecordJudge.rule(record, ImpasseRule.POINTS_27);
        assertThat(ruling.reason()).isEqualTo(IllegalReason.NOT_IN_HAND);
        assertThat(ruling.ply()).isEqualTo(2);
        assertThat(ruling.winner()).isEqualTo(Side.SENTE);
        assertThat(ruling.plies()).isEqualTo(1);
    }

    static Stream<Arguments> corrupt() {
        return Stream.of(
                Arguments.of("KIF: no ending", KIF_HEAD + "   1 ５四歩打\n", 3, "sente has no pawn in hand"),
                Arguments.of("KIF: a resignation, not a foul", KIF_HEAD + "   1 ５四歩打\n   2 投了\n", 3,
                        "sente has no pawn in hand"),
                Arguments.of("KIF: play goes on", KIF_HEAD + "   1 ５四歩打\n   2 ３四歩(33)\n   3 反則負け\n", 3,
                        "sente has no pawn in hand"),
                Arguments.of("KI2: play goes on", "手合割：平手\n\n▲５四歩打 △３四歩\nまで2手で先手の反則勝ち\n", 3,
                        "sente has no pawn in hand"),
                Arguments.of("CSA: play goes on", "V2.2\nPI\n+\n+0054FU\n-3334FU\n%ILLEGAL_MOVE\n", 4,
                        "sente has no pawn in hand"),
                Arguments.of("CSA: %TORYO", "V2.2\nPI\n+\n+5554FU\n%TORYO\n", 4, "moves from 5e, which is empty"),
                Arguments.of("JKF: no ending", "{\"header\":{},\"moves\":[{},{\"move\":{\"color\":0,\"to\":"
                        + "{\"x\":5,\"y\":4},\"piece\":\"FU\"}}]}", 0, "sente has no pawn in hand"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corrupt")
    void anImpossibleMoveNotFollowedByAFoulEndingIsRefused(String name, String text, int line, String message) {
        assertThatThrownBy(() -> GameRecords.read(text)).isInstanceOf(RecordFormatException.class)
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(((RecordFormatException) e).line()).isEqualTo(line));
    }
}
