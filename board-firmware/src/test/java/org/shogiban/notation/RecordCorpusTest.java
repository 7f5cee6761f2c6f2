package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.testdata.SharedData;

/**
 * Every record under ../shared/data/records/ (KIF, KIFU, KI2, CSA V2/V3, JKF, SFEN from json-kifu-format,
 * ShogiHome, shogi-kifu-converter, mog-core-scala and tsshogi) is read, its moves are legal up to the record's own
 * illegal ending, and it round-trips through KIF, KIFU, KI2, CSA, JKF and USI with the same moves, start and
 * ruling. The files that cannot be read are listed here with why, and must fail with a line number.
 */
class RecordCorpusTest {
    /** Files the board refuses, with the reason and the line the error must name. */
    private static final Map<String, Refusal> REFUSED = Map.of();

    private record Refusal(int line, String why) {
    }

    /**
     * Real games whose record goes on past the end the position decides, saying so only in a comment
     * ({@code *反則手にて終局}, "the game ended on an illegal move") instead of an end line: the arbiter's ruling is
     * checked instead of legality throughout.
     */
    private static final Map<String, String> ENDED_BY_POSITION = Map.of(
            // gote mates with move 156; sente plays on with 157
            "mog-core-scala/jvm/src/test/resources/kif/game/014.kif", "156 CHECKMATE gote null 0",
            // sente's 83rd move leaves its king in check
            "mog-core-scala/jvm/src/test/resources/kif/game/015.kif", "82 ILLEGAL_MOVE gote LEAVES_KING_IN_CHECK 83");

    static Stream<String> recordFiles() {
        Path root = SharedData.dataDir().resolve("records");
        try (Stream<Path> files = Files.walk(root)) {
            List<String> list = files.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/')).sorted().toList();
            assertThat(list).as("record files under " + root).hasSizeGreaterThan(200);
            return list.stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(String relative) {
        try {
            return Files.readAllBytes(SharedData.file("records/" + relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordFiles")
    void readsPlaysAndRoundTrips(String file) {
        Refusal refusal = REFUSED.get(file);
        if (refusal != null) {
            assertThatThrownBy(() -> GameRecords.read(bytes(file)))
                    .as("%s is refused because it is %s", file, refusal.why())
                    .isInstanceOf(RecordFormatException.class)
                    .satisfies(e -> assertThat(((RecordFormatException) e).line()).isEqualTo(refusal.line()));
            return;
        }
        GameRecord record = GameRecords.read(bytes(file));
        RecordRuling ruling = RecordJudge.rule(record, ImpasseRule.POINTS_27);
        if (ENDED_BY_POSITION.containsKey(file)) {
            assertThat(ruling.plies() + " " + ruling.status() + " " + ruling.winner().label() + " " + ruling.reason()
                    + " " + ruling.ply()).as(file).isEqualTo(ENDED_BY_POSITION.get(file));
        } else {
            assertMovesLegalOrOwnIllegalEnding(file, record);
        }
        for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2, RecordFormat.CSA,
                RecordFormat.JKF, RecordFormat.USI)) {
            GameRecord back = GameRecords.read(GameRecords.encode(record, format));
            assertThat(back.moves()).as("%s via %s: moves", file, format).isEqualTo(record.moves());
            assertThat(back.start().repetitionKey()).as("%s via %s: start", file, format)
                    .isEqualTo(record.start().repetitionKey());
            if (format == RecordFormat.USI) {
                continue; // USI has no place for an ending
            }
            assertThat(back.end()).as("%s via %s: ending", file, format)
                    .isEqualTo(RoundTrips.expressible(record.end(), format));
            assertThat(RecordJudge.rule(back, ImpasseRule.POINTS_27)).as("%s via %s: ruling", file, format)
                    .isEqualTo(ruling);
        }
    }

    /** Legal throughout, or legal up to the last move, which is illegal or ends the game, as the record says. */
    private static void assertMovesLegalOrOwnIllegalEnding(String file, GameRecord record) {
        Game game = new Game(record.start());
        List<Move> moves = record.moves();
        for (int i = 0; i < moves.size(); i++) {
            if (game.isOver()) {
                fail("%s: the game ended (%s) at ply %d but the record goes on to %d moves", file,
                        game.result().status(), game.plies(), moves.size());
            }
            game.play(moves.get(i));
            if (game.result().status() == GameStatus.ILLEGAL_MOVE) {
                assertThat(i).as("%s: illegal move %s at ply %d (%s)", file, moves.get(i), i + 1,
                        game.result().reason()).isEqualTo(moves.size() - 1);
                assertThat(record.end().kind()).as("%s: an illegal last move needs the record's own foul ending",
                        file).isEqualTo(EndKind.ILLEGAL_MOVE);
            }
        }
    }

    @Test
    void readsBothEncodingsOfTheSameRecordAlike() {
        String dir = "shogihome/src/tests/testdata/encoding/";
        assertThat(GameRecords.read(bytes(dir + "sjis.kif"))).isEqualTo(GameRecords.read(bytes(dir + "utf8.kif")));
        assertThat(GameRecords.read(bytes(dir + "sjis.ki2"))).isEqualTo(GameRecords.read(bytes(dir + "utf8.ki2")));
        assertThat(GameRecords.read(bytes(dir + "sjis.kif")).moves()).isNotEmpty();
    }

    @Test
    void readsConvertedCopiesOfOneGameAsTheSameGame() {
        String in = "shogihome/src/tests/testdata/conversion/input/";
        GameRecord kif = GameRecords.read(bytes(in + "kif-sjis.kif"));
        GameRecord csa = GameRecords.read(bytes("shogihome/src/tests/testdata/conversion/output/all-to-csa/v3/"
                + "kif-sjis.csa"));
        assertThat(csa.moves()).isEqualTo(kif.moves());
        assertThat(csa.end()).isEqualTo(kif.end());
        GameRecord ki2 = GameRecords.read(bytes(in + "ki2-sjis.ki2"));
        GameRecord ki2csa = GameRecords.read(bytes("shogihome/src/tests/testdata/conversion/output/all-to-csa/v3/"
                + "ki2-sjis.csa"));
        assertThat(ki2.moves()).isEqualTo(ki2csa.moves());
    }

    @Test
    void keepsTheMainLineOfRecordsWithVariations() {
        String dir = "json-kifu-format/packages/json-kifu-format/test/files/";
        GameRecord kif = GameRecords.read(bytes(dir + "kif/fork.kif"));
        GameRecord ki2 = GameRecords.read(bytes(dir + "ki2/fork.ki2"));
        assertThat(kif.moves()).isEqualTo(ki2.moves()).hasSize(3);
        assertThat(kif.end()).isEqualTo(RecordEnd.of(EndKind.RESIGNATION, org.shogiban.rules.Side.GOTE));
    }
}
