package org.shogiban.notation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.cli.CliRun;

/**
 * {@code convert} of a record whose move is illegal, one record for each kind of foul the rules engine finds: the
 * converted record stops before the foul and ends in the mover's foul (KIF 反則負け, CSA {@code %ILLEGAL_MOVE}, JKF
 * {@code ILLEGAL_MOVE}: the standard's words for the foul of the side to move; tsshogi 2.2 reads
 * {@code %+ILLEGAL_ACTION} with sente to move as sente's win, so the side-named words are not used here), a warning line goes to stderr, our {@code judge} rules the converted file as it ruled the
 * original, and tsshogi reads the moves before the foul and the mover's foul loss ({@code foulLose}).
 */
class ConvertFoulTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A USI record for each reason; the last move is the foul. */
    private static final Map<String, String> FOULS = new LinkedHashMap<>();

    static {
        FOULS.put("INVALID_MOVEMENT", "position startpos moves 7g7f 3c3d 2g2e");
        FOULS.put("NOT_IN_HAND", "position startpos moves 7g7f 3c3d P*5e");
        FOULS.put("TWO_PAWNS", "position startpos moves 7g7f 3c3d 7f7e 4a4b 7e7d 4b4a 7d7c+ 4a4b P*5e");
        FOULS.put("PAWN_DROP_MATE", "position sfen 8k/6S2/8G/9/9/9/9/9/4K4 b P 1 moves P*1b");
        FOULS.put("DEAD_PIECE", "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves 5i5h 5a5b P*1a");
        FOULS.put("INVALID_PROMOTION", "position startpos moves 7g7f 3c3d 2g2f+");
        FOULS.put("LEAVES_KING_IN_CHECK", "position sfen 4k4/9/9/9/4r4/9/9/9/4K4 b G 1 moves G*1a");
    }

    /** Each record's foul, with the target formats and the foul word each must carry. */
    private static final Map<String, String> WORDS = Map.of("kifu", "反則負け", "csa", "%ILLEGAL_MOVE", "jkf",
            "\"ILLEGAL_MOVE\"");

    private static JsonNode judge(byte[] record) throws Exception {
        CliRun.Bytes r = CliRun.bytes(record, "judge", "-");
        assertThat(r.exit()).as(r.err()).isZero();
        return JSON.readTree(r.out());
    }

    @Test
    void eachFoulIsWrittenAsTheRecordsEndingAndRuledAlike(@TempDir Path dir) throws Exception {
        Map<Path, List<String>> expectedMoves = new LinkedHashMap<>();
        int checked = 0;
        for (Map.Entry<String, String> foul : FOULS.entrySet()) {
            byte[] usi = (foul.getValue() + "\n").getBytes(StandardCharsets.UTF_8);
            JsonNode original = judge(usi);
            assertThat(original.path("status").asText()).as(foul.getKey()).isEqualTo("ILLEGAL_MOVE");
            assertThat(original.path("reason").asText()).as(foul.getKey()).isEqualTo(foul.getKey());
            String[] words = foul.getValue().split(" ");
            List<String> movesBefore = Arrays.asList(words).subList(Arrays.asList(words).indexOf("moves") + 1,
                    words.length - 1);
            for (Map.Entry<String, String> target : WORDS.entrySet()) {
                String as = foul.getKey() + " as " + target.getKey();
                CliRun.Bytes converted = CliRun.bytes(usi, "convert", "--to", target.getKey(), "-");
                assertThat(converted.exit()).as(as).isZero();
                assertThat(converted.err().lines().toList()).as(as).hasSize(1).first().asString()
                        .startsWith("convert: warning: move " + original.path("ply").asInt() + " is illegal ("
                                + foul.getKey() + ")");
                String text = new String(converted.out(), StandardCharsets.UTF_8);
                assertThat(text).as(as).contains(target.getValue());
                JsonNode back = judge(converted.out());
                for (String field : List.of("status", "winner", "ply", "plies", "sfen")) {
                    assertThat(back.path(field)).as("%s: judge's %s", as, field).isEqualTo(original.path(field));
                }
                Path file = dir.resolve(foul.getKey() + "." + target.getKey());
                Files.write(file, converted.out());
                expectedMoves.put(file, movesBefore);
                checked++;
            }
        }
        assertThat(checked).isEqualTo(FOULS.size() * WORDS.size());
        List<JsonNode> readings = IndependentReaderTest.runTsshogi(IndependentReaderTest.nodeOrSkip(),
                new ArrayList<>(expectedMoves.keySet()));
        assertThat(readings).hasSize(expectedMoves.size());
        for (JsonNode reading : readings) {
            Path file = Path.of(reading.path("file").asText());
            String name = file.getFileName().toString();
            assertThat(reading.has("error")).as("tsshogi refuses %s: %s", name, reading.path("error")).isFalse();
            List<String> moves = new ArrayList<>();
            reading.path("moves").forEach(m -> moves.add(m.asText()));
            assertThat(moves).as("%s: moves as tsshogi reads them", name).isEqualTo(expectedMoves.get(file));
            assertThat(reading.path("special").asText()).as("%s: the ending as tsshogi reads it", name)
                    .isEqualTo("foulLose");
        }
    }
}
