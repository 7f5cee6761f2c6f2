package org.shogiban.notation.jkf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.testdata.SharedData;

/** The compact JKF (the hall's MQTT record) is the indented file's document on one line, and reads back the same. */
class JkfCompactTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyRecordOfTheCorpusIsTheSameDocumentInFewerBytes() throws Exception {
        Path root = SharedData.dataDir().resolve("records");
        List<Path> files;
        try (Stream<Path> all = Files.walk(root)) {
            files = all.filter(Files::isRegularFile).sorted().toList();
        }
        int compared = 0;
        long indented = 0;
        long compact = 0;
        for (Path f : files) {
            GameRecord record;
            try {
                record = GameRecords.read(Files.readAllBytes(f));
            } catch (RuntimeException e) {
                continue; // a record the board refuses is RecordCorpusTest's
            }
            String pretty = JkfCodec.write(record);
            String oneLine = JkfCodec.writeCompact(record);
            assertThat(JSON.readTree(oneLine)).as(f.toString()).isEqualTo(JSON.readTree(pretty));
            assertThat(oneLine.strip()).as(f.toString()).doesNotContain("\n");
            assertThat(JkfCodec.write(GameRecords.read(oneLine))).as(f.toString()).isEqualTo(pretty);
            indented += pretty.length();
            compact += oneLine.length();
            compared++;
        }
        assertThat(compared).isGreaterThan(200);
        assertThat(compact).as("compact %d chars against %d indented", compact, indented).isLessThan(indented * 3 / 5);
    }
}
