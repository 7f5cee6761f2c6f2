package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** Records written whole or not at all, named by their start time. */
class RecordDirectoryTest {

    @Test
    void aSecondSaveReplacesTheFirstAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        RecordDirectory records = new RecordDirectory(dir.resolve("new/records"));
        GameRecord one = GameRecord.of(Position.startpos(), List.of(Move.parseUsi("7g7f")));
        GameRecord two = GameRecord.of(Position.startpos(), List.of(Move.parseUsi("7g7f"), Move.parseUsi("3c3d")));

        records.save("game.kifu", one);
        Path file = records.write("game.kifu", two);

        assertThat(GameRecords.read(Files.readAllBytes(file)).moves()).isEqualTo(two.moves());
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("game.kifu");
        }
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsLoggedNotThrown(@TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("not-a-directory"), "x");
        RecordDirectory records = new RecordDirectory(blocker);
        records.save("game.kifu", GameRecord.of(Position.startpos(), List.of()));
        assertThat(Files.readString(blocker)).isEqualTo("x");
    }

    @Test
    void fileNamesCarryTheLocalStartTimeWithoutColons() {
        assertThat(RecordDirectory.fileName(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.ofHours(9)))
                .isEqualTo("2025-03-01T14-05-09.kifu");
    }
}
