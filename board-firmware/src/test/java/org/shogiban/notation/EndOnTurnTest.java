package org.shogiban.notation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * A record names the winner every reader names: a resignation or a time-up by either side, on either side's turn,
 * from the even start and a handicap, written in KIF, KIFU, KI2, CSA and JKF, is ruled for the board's winner by our
 * {@code judge} ({@link RecordJudge} on the file read back) and read by tsshogi as that side's ending (the side to
 * move where its resignation or time-up stands).
 */
class EndOnTurnTest {
    private static final List<RecordFormat> FORMATS = List.of(RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2,
            RecordFormat.CSA, RecordFormat.JKF);
    private static final Map<RecordFormat, String> EXTENSIONS = Map.of(RecordFormat.KIF, ".kif", RecordFormat.KIFU,
            ".kifu", RecordFormat.KI2, ".ki2u", RecordFormat.CSA, ".csa", RecordFormat.JKF, ".jkf");

    /** One case: a start, the moves, and who ended the game how. */
    private record Case(String name, Position start, List<Move> moves, EndKind kind, Side loser) {
        GameRecord record() {
            return GameRecord.of(start, moves).withEnd(RecordEnd.of(kind, loser));
        }
    }

    private static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        Position even = Position.startpos();
        Position lance = Handicap.LANCE.start();
        for (EndKind kind : List.of(EndKind.RESIGNATION, EndKind.TIME_UP)) {
            for (Side loser : Side.values()) {
                for (int plies = 0; plies <= 3; plies++) {
                    cases.add(new Case("even-" + kind + "-" + loser + "-" + plies, even,
                            moves("7g7f", "3c3d", "2g2f").subList(0, plies), kind, loser));
                    cases.add(new Case("lance-" + kind + "-" + loser + "-" + plies, lance,
                            moves("3c3d", "7g7f", "8c8d").subList(0, plies), kind, loser));
                }
            }
        }
        return cases;
    }

    private static List<Move> moves(String... usi) {
        return Stream.of(usi).map(Move::parseUsi).toList();
    }

    @Test
    void ourJudgeRulesEveryWrittenEndingForTheSideTheBoardNamed() {
        int checked = 0;
        for (Case c : cases()) {
            for (RecordFormat format : FORMATS) {
                GameRecord read = GameRecords.read(GameRecords.encode(c.record(), format));
                RecordRuling ruling = RecordJudge.rule(read, ImpasseRule.POINTS_27);
                assertThat(ruling.status()).as("%s in %s", c.name(), format)
                        .isEqualTo(c.kind() == EndKind.RESIGNATION ? GameStatus.RESIGNATION : GameStatus.TIME_UP);
                assertThat(ruling.winner()).as("%s in %s: the winner judge names", c.name(), format)
                        .isEqualTo(c.loser().opponent());
                checked++;
            }
        }
        assertThat(checked).isEqualTo(32 * FORMATS.size());
    }

    @Test
    void aResignationOnTheOpponentsTurnKeepsTheLastMoveAsAComment() {
        GameRecord record = GameRecord.of(Position.startpos(), moves("7g7f", "3c3d", "2g2f"))
                .withEnd(RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
        String kif = GameRecords.write(record, RecordFormat.KIFU);

        assertThat(kif).contains("*終局前の着手：▲２六歩").contains("   3 投了").contains("まで2手で後手の勝ち")
                .doesNotContain("(27)");
        assertThat(GameRecords.write(record, RecordFormat.CSA)).endsWith("-3334FU\n'*終局前の着手：▲２六歩\n%TORYO\n");
        // a record whose ending stands on its side's turn is written as it is
        GameRecord onTurn = record.withEnd(RecordEnd.of(EndKind.RESIGNATION, Side.GOTE));
        assertThat(GameRecords.write(onTurn, RecordFormat.KIFU)).contains("   4 投了").contains("まで3手で先手の勝ち")
                .doesNotContain("終局前");
    }

    @Test
    void anArbitersCheckmateNamesTheLoserTheArbiterNamed() {
        assertThat(RecordEnd.fromResult(GameResult.of(GameStatus.CHECKMATE, Side.SENTE), Side.SENTE))
                .isEqualTo(RecordEnd.of(EndKind.CHECKMATE, Side.GOTE));
        assertThat(RecordEnd.fromResult(GameResult.of(GameStatus.CHECKMATE, Side.GOTE), Side.SENTE))
                .isEqualTo(RecordEnd.of(EndKind.CHECKMATE, Side.SENTE));
    }

    @Test
    void anAbortNamesNoSideOnEitherTurn() {
        for (int plies = 0; plies <= 2; plies++) {
            GameRecord record = GameRecord.of(Position.startpos(), moves("7g7f", "3c3d").subList(0, plies))
                    .withEnd(RecordEnd.of(EndKind.ABORTED));
            for (RecordFormat format : FORMATS) {
                GameRecord read = GameRecords.read(GameRecords.encode(record, format));
                assertThat(read.moves()).as("%s after %d plies", format, plies).hasSize(plies);
                RecordRuling ruling = RecordJudge.rule(read, ImpasseRule.POINTS_27);
                assertThat(ruling.status()).isEqualTo(GameStatus.ABORTED);
                assertThat(ruling.winner()).isNull();
            }
        }
    }

    @Test
    void tsshogiReadsEachEndingAsTheSideTheBoardNamed(@TempDir Path dir) throws Exception {
        Path node = IndependentReaderTest.nodeOrSkip();
        Map<Path, Case> written = new LinkedHashMap<>();
        Map<Path, RecordFormat> formats = new LinkedHashMap<>();
        int n = 0;
        for (Case c : cases()) {
            for (RecordFormat format : FORMATS) {
                Path file = dir.resolve(String.format("case%03d%s", n++, EXTENSIONS.get(format)));
                Files.write(file, GameRecords.encode(c.record(), format));
                written.put(file, c);
                formats.put(file, format);
            }
        }
        List<JsonNode> readings = IndependentReaderTest.runTsshogi(node, new ArrayList<>(written.keySet()));
        assertThat(readings).hasSameSizeAs(written.keySet());
        for (JsonNode reading : readings) {
            Path file = Path.of(reading.path("file").asText());
            Case c = written.get(file);
            String what = c.name() + " in " + formats.get(file);
            assertThat(reading.has("error")).as("tsshogi refuses %s: %s", what, reading.path("error").asText())
                    .isFalse();
            // tsshogi's resign and timeout are the side to move's: it must be the side the board named
            String toMove = reading.path("sfen").asText().split(" ")[1];
            assertThat(toMove).as("%s: the side to move where the ending stands", what)
                    .isEqualTo(c.loser() == Side.SENTE ? "b" : "w");
            if (formats.get(file) != RecordFormat.KI2) {
                assertThat(reading.path("special").asText()).as("%s: the ending", what)
                        .isEqualTo(c.kind() == EndKind.RESIGNATION ? "resign" : "timeout");
            }
        }
    }
}
