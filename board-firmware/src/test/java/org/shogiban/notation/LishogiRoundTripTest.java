package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.usi.UsiPositionLine;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.testdata.SharedData;

/**
 * All 350 lishogi games (../shared/data/games/) written as KIF, KIFU, KI2, CSA and JKF and read back unchanged:
 * moves, start, ending, and times where the format keeps them. The game read back from CSA must also end in the
 * final position the shared index gives (cross-checked there by two engines).
 */
class LishogiRoundTripTest {
    private static final List<RecordFormat> FORMATS = List.of(RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2,
            RecordFormat.CSA, RecordFormat.JKF);

    @Test
    void everyGameSurvivesEveryFormat() throws IOException {
        List<String> lines = Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt"));
        JsonNode index = SharedData.json("games/lishogi-350.index.json");
        List<String> games = lines.stream().filter(l -> !l.isBlank()).toList();
        assertThat(games).hasSize(350);
        assertThat(index.size()).isEqualTo(350);
        int checked = 0;
        for (int g = 0; g < games.size(); g++) {
            UsiPositionLine usi = UsiPositionLine.parse("position startpos moves " + games.get(g).strip());
            GameRecord record = withTimesAndEnding(GameRecord.of(usi.start(), usi.moves()), g);
            for (RecordFormat format : FORMATS) {
                byte[] bytes = GameRecords.encode(record, format);
                GameRecord back = GameRecords.read(bytes);
                String what = "game " + (g + 1) + " via " + format;
                assertThat(back.moves()).as(what).isEqualTo(record.moves());
                assertThat(back.start()).as(what).isEqualTo(record.start());
                assertThat(back.end()).as(what).isEqualTo(record.end());
                assertThat(back.header()).as(what).isEqualTo(record.header());
                if (format != RecordFormat.KI2) {
                    assertThat(back.recordedMoves()).as(what + " with times").isEqualTo(record.recordedMoves());
                }
                if (format == RecordFormat.CSA) {
                    String finalSfen = GameRecords.write(back, RecordFormat.SFEN).strip();
                    assertThat(withoutMoveNumber(finalSfen)).as(what + ": final position")
                            .isEqualTo(withoutMoveNumber(index.get(g).get("finalSfen").asText()));
                }
            }
            checked++;
        }
        assertThat(checked).isEqualTo(350);
    }

    /** Times that differ per move, players, and a resignation by the side to move at the end. */
    private static GameRecord withTimesAndEnding(GameRecord bare, int g) {
        List<RecordedMove> timed = new ArrayList<>();
        for (int i = 0; i < bare.recordedMoves().size(); i++) {
            timed.add(RecordedMove.of(bare.recordedMoves().get(i).move(), Duration.ofSeconds((i * 37L + g) % 200)));
        }
        Side toMove = bare.moves().size() % 2 == 0 ? Side.SENTE : Side.GOTE;
        RecordHeader header = RecordHeader.EMPTY.with(RecordHeader.SENTE, "sente" + g)
                .with(RecordHeader.GOTE, "gote" + g);
        return new GameRecord(Position.startpos(), header, List.of(), timed,
                RecordEnd.of(EndKind.RESIGNATION, toMove));
    }

    private static String withoutMoveNumber(String sfen) {
        return sfen.substring(0, sfen.lastIndexOf(' '));
    }
}
