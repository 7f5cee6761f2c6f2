package org.shogiban.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @TempDir
    Path dir;

    @Test
    void writesANewFileAndReplacesAnOldOneLeavingNoTemporaryFile() throws IOException {
        Path target = dir.resolve("game.kifu");
        AtomicFiles.write(target, "first".getBytes(StandardCharsets.UTF_8));
        assertThat(target).hasContent("first");
        AtomicFiles.write(target, "second, longer".getBytes(StandardCharsets.UTF_8));
        assertThat(target).hasContent("second, longer");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aStaleTemporaryFileFromACrashIsOverwritten() throws IOException {
        Path target = dir.resolve("game.kifu");
        Files.writeString(dir.resolve(".game.kifu.tmp"), "a much longer half-written text from before the crash");
        AtomicFiles.write(target, "new".getBytes(StandardCharsets.UTF_8));
        assertThat(target).hasContent("new");
        assertThat(dir.resolve(".game.kifu.tmp")).doesNotExist();
    }

    @Test
    void aMissingDirectoryIsAnError() {
        assertThatThrownBy(() -> AtomicFiles.write(dir.resolve("none/game.kifu"), new byte[1]))
                .isInstanceOf(NoSuchFileException.class);
    }
}
