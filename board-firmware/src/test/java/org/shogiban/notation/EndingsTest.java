package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

/** Each ending in each format: how it is written, that it reads back, and how an arbiter rules on it. */
class EndingsTest {
    private static final List<RecordFormat> FORMATS = List.of(RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2,
            RecordFormat.CSA, RecordFormat.JKF);

    /** The word each format writes, after 7g7f 3c3d (sente to move); JKF words are the special's value. */
    private static final Map<EndKind, List<String>> WORDS = Map.ofEntries(
            Map.entry(EndKind.RESIGNATION, List.of("   3 投了", "まで2手で後手の勝ち", "%TORYO", "\"TORYO\"")),
            Map.entry(EndKind.CHECKMATE, List.of("   3 詰み", "まで2手で詰み", "%TSUMI", "\"TSUMI\"")),
            Map.entry(EndKind.REPETITION, List.of("   3 千日手", "まで2手で千日手", "%SENNICHITE", "\"SENNICHITE\"")),
            // by gote, who checked with the move that completed the fourth repetition
            Map.entry(EndKind.PERPETUAL_CHECK, List.of("   3 反則勝ち", "まで2手で後手の反則負け", "%OUTE_SENNICHITE",
                    "\"-ILLEGAL_ACTION\"")),
            Map.entry(EndKind.IMPASSE_DECLARATION, List.of("   3 入玉勝ち", "まで2手で先手の入玉勝ち", "%KACHI",
                    "\"KACHI\"")),
            Map.entry(EndKind.IMPASSE_DRAW, List.of("   3 持将棋", "まで2手で持将棋", "%JISHOGI", "\"JISHOGI\"")),
            Map.entry(EndKind.DRAW, List.of("   3 引き分け", "まで2手で引き分け", "%HIKIWAKE", "\"HIKIWAKE\"")),
            Map.entry(EndKind.MAX_MOVES, List.of("   3 引き分け", "まで2手で引き分け", "%MAX_MOVES", "\"HIKIWAKE\"")),
            Map.entry(EndKind.ILLEGAL_MOVE, List.of("   3 反則負け", "まで2手で先手の反則負け", "%ILLEGAL_MOVE",
                    "\"ILLEGAL_MOVE\"")),
            Map.entry(EndKind.TIME_UP, List.of("   3 切れ負け", "まで2手で時間切れにより後手の勝ち", "%TIME_UP",
                    "\"TIME_UP\"")),
            Map.entry(EndKind.ABORTED, List.of("   3 中断", "まで2手で中断", "%CHUDAN", "\"CHUDAN\"")));

    private static final List<Move> OPENING = List.of(Move.parseUsi("7g7f"), Move.parseUsi("3c3d"));

    static Stream<Arguments> endingsAndFormats() {
        List<Arguments> list = new ArrayList<>();
        for (EndKind kind : EndKind.values()) {
            if (kind == EndKind.NONE) {
                continue;
            }
            Side side = kind == EndKind.PERPETUAL_CHECK ? Side.GOTE : Side.SENTE;
            RecordEnd end = kind.concernsSide() ? RecordEnd.of(kind, side) : RecordEnd.of(kind);
            for (RecordFormat format : FORMATS) {
                list.add(Arguments.of(end, format));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} in {1}")
    @MethodSource("endingsAndFormats")
    void isWrittenWithTheFormatsWordAndReadBack(RecordEnd end, RecordFormat format) {
        GameRecord record = GameRecord.of(Position.startpos(), OPENING).withEnd(end);
        String text = GameRecords.write(record, format);
        List<String> words = WORDS.get(end.kind());
        String word = switch (format) {
            case KIF, KIFU -> words.get(0);
            case KI2 -> words.get(1);
            case CSA -> words.get(2);
            default -> words.get(3);
        };
        assertThat(text).contains(word);
        GameRecord back = GameRecords.read(text);
        assertThat(back.end()).isEqualTo(RoundTrips.expressible(end, format));
        assertThat(back.moves()).isEqualTo(OPENING);
    }

    @Test
    void aFoulByTheSideNotToMoveIsWrittenAsTheirs() {
        RecordEnd goteFoul = RecordEnd.of(EndKind.ILLEGAL_MOVE, Side.GOTE);
        GameRecord record = GameRecord.of(Position.startpos(), OPENING).withEnd(goteFoul);
        assertThat(GameRecords.write(record, RecordFormat.KIF)).contains("   3 反則勝ち");
        assertThat(GameRecords.write(record, RecordFormat.CSA)).contains("%-ILLEGAL_ACTION");
        assertThat(GameRecords.write(record, RecordFormat.JKF)).contains("\"-ILLEGAL_ACTION\"");
        for (RecordFormat format : FORMATS) {
            assertThat(GameRecords.read(GameRecords.write(record, format)).end()).as(format.name()).isEqualTo(goteFoul);
        }
    }

    // ---------------------------------------------------------------- rulings

    private static RecordRuling rule(String text) {
        return RecordJudge.rule(GameRecords.read(text.getBytes(StandardCharsets.UTF_8)), ImpasseRule.POINTS_27);
    }

    @Test
    void resignationAndTimeUpGoToTheOtherSide() {
        RecordRuling resigned = rule("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 投了\n");
        assertThat(resigned.status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(resigned.winner()).isEqualTo(Side.SENTE);
        assertThat(resigned.plies()).isEqualTo(1);
        RecordRuling flagged = rule("V3.0\nPI\n+\n+7776FU\nT5\n-3334FU\n+2726FU\n%TIME_UP\n");
        assertThat(flagged.status()).isEqualTo(GameStatus.TIME_UP);
        assertThat(flagged.winner()).isEqualTo(Side.SENTE);
        RecordRuling jkf = rule("{\"header\":{},\"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,"
                + "\"y\":6},\"piece\":\"FU\",\"color\":0}},{\"special\":\"TORYO\"}]}");
        assertThat(jkf.status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(jkf.winner()).isEqualTo(Side.SENTE);
    }

    @Test
    void aValidImpasseDeclarationWinsByTheTwentySevenPointRule() {
        // sente: king on 5b, rooks, bishops and golds on rank a (24 points), four silvers on rank b: 28 points
        String csa = "V3.0\nP1+RY+UM+KI+KI+KI+KI+UM+RY * \nP2+GI+GI+GI+GI+OU *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \n"
                + "P4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \n"
                + "P7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  * -OU *  *  *  * \n+\n"
                + "%KACHI\n";
        RecordRuling valid = rule(csa);
        assertThat(valid.status()).isEqualTo(GameStatus.IMPASSE_DECLARATION);
        assertThat(valid.winner()).isEqualTo(Side.SENTE);
        // one silver fewer: 27 points, one short of sente's 28
        RecordRuling shortOfPoints = rule(csa.replace("P2+GI+GI+GI+GI+OU", "P2 * +GI+GI+GI+OU"));
        assertThat(shortOfPoints.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(shortOfPoints.reason()).isEqualTo(IllegalReason.INVALID_DECLARATION);
        assertThat(shortOfPoints.winner()).isEqualTo(Side.GOTE);
    }

    @Test
    void anImpasseDeclarationFromTheStartIsAnIllegalMove() {
        RecordRuling ruling = rule("手合割：平手\n手数----指手--\n   1 入玉勝ち\n");
        assertThat(ruling.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(ruling.reason()).isEqualTo(IllegalReason.INVALID_DECLARATION);
        assertThat(ruling.ply()).isEqualTo(1);
        assertThat(ruling.winner()).isEqualTo(Side.GOTE);
    }

    @Test
    void anEarlierIllegalMoveWinsOverTheClaimedResignation() {
        // sente's 9th move drops a pawn on the 5th file, which holds sente's pawn on 5g: nifu (二歩)
        String kif = "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(76)\n"
                + "   4 ３五歩(34)\n   5 ７四歩(75)\n   6 ３六歩(35)\n   7 ７三歩成(74)\n   8 ３七歩成(36)\n"
                + "   9 ５五歩打\n  10 投了\n";
        RecordRuling ruling = rule(kif);
        assertThat(ruling.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(ruling.reason()).isEqualTo(IllegalReason.TWO_PAWNS);
        assertThat(ruling.ply()).isEqualTo(9);
        assertThat(ruling.plies()).isEqualTo(8);
        assertThat(ruling.winner()).isEqualTo(Side.GOTE);
    }

    @Test
    void aRecordedFoulGoesAgainstTheSideTheRecordNames() {
        RecordRuling goteFoul = rule("V2.2\nPI\n+\n+7776FU\n-3334FU\n%-ILLEGAL_ACTION\n");
        assertThat(goteFoul.status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(goteFoul.winner()).isEqualTo(Side.SENTE);
        assertThat(goteFoul.reason()).as("the record gives no reason").isNull();
        assertThat(goteFoul.ply()).as("gote's last move").isEqualTo(2);
        RecordRuling senteFoul = rule("V2.2\nPI\n+\n+7776FU\n-3334FU\n%ILLEGAL_MOVE\n");
        assertThat(senteFoul.winner()).isEqualTo(Side.GOTE);
        assertThat(senteFoul.ply()).as("the move sente was to make").isEqualTo(3);
    }

    @Test
    void theBoardDecidesSennichiteAndClaimsItDoesNotBearOutStayOpen() {
        StringBuilder usi = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            usi.append(" 2h3h 8b7b 3h2h 7b8b");
        }
        GameRecord record = GameRecords.read("position startpos moves" + usi)
                .withEnd(RecordEnd.of(EndKind.REPETITION));
        for (RecordFormat format : FORMATS) {
            RecordRuling ruling = RecordJudge.rule(GameRecords.read(GameRecords.write(record, format)),
                    ImpasseRule.POINTS_27);
            assertThat(ruling.status()).as(format.name()).isEqualTo(GameStatus.REPETITION_DRAW);
            assertThat(ruling.plies()).isEqualTo(12);
        }
        RecordRuling claimedMate = rule("V2.2\nPI\n+\n+7776FU\n%TSUMI\n");
        assertThat(claimedMate.status()).isEqualTo(GameStatus.ONGOING);
        RecordRuling aborted = rule("V2.2\nPI\n+\n+7776FU\n%CHUDAN\n");
        assertThat(aborted.status()).isEqualTo(GameStatus.ABORTED);
        assertThat(aborted.winner()).isNull();
    }

    @Test
    void theRecordsEndingCanComeFromTheRulesEngine() {
        GameRecord record = GameRecords.read("position startpos moves 7g7f 3c3d 2g2f 4c4d 2f2e 2b3c");
        RecordEnd end = new RecordEnd(EndKind.ILLEGAL_MOVE, Side.SENTE, IllegalReason.TWO_PAWNS);
        assertThat(RecordEnd.fromResult(org.shogiban.rules.GameResult.illegal(Side.SENTE, IllegalReason.TWO_PAWNS,
                7), Side.SENTE)).isEqualTo(end);
        GameRecord back = GameRecords.read(GameRecords.write(record.withEnd(end), RecordFormat.CSA));
        assertThat(back.end()).isEqualTo(end.withoutReason());
    }
}
