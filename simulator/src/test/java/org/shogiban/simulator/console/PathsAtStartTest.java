package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.simulator.SimulatorCommand.UsageError;

/**
 * Wrong paths are said at start, in one sentence: a records directory the board cannot write to and an engine that is
 * not there stop {@code play} at once (exit 2), before any game is played and lost.
 */
class PathsAtStartTest {
    @TempDir
    Path dir;

    private static void play(List<String> args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // an empty input: a board that started would play and end with the input at once
        new PlayCommand(new ByteArrayInputStream(new byte[0])).run(args,
                new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    @Test
    void aRecordsDirectoryThatCannotBeUsedIsAnErrorAtStart() throws Exception {
        assertThatThrownBy(() -> play(List.of("--records", "/proc/nope"))).isInstanceOf(UsageError.class)
                .hasMessageStartingWith("records directory /proc/nope cannot be used: ")
                .hasMessageEndingWith("; no game could be saved there")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThatThrownBy(() -> play(List.of("--records", file.resolve("records").toString())))
                .isInstanceOf(UsageError.class)
                .hasMessageStartingWith("records directory " + file.resolve("records") + " cannot be used: ");
        // a directory that can be made is made, and the check leaves nothing in it
        play(List.of("--records", dir.resolve("new/records").toString()));
        assertThat(dir.resolve("new/records")).isDirectory();
        try (var files = Files.list(dir.resolve("new/records"))) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith(".shogiban-check"))).isEmpty();
        }
    }

    @Test
    void anEngineThatIsNotThereIsAnErrorAtStart() {
        assertThatThrownBy(() -> play(List.of("--engine", "/nonexistent/engine"))).isInstanceOf(UsageError.class)
                .hasMessage("engine program /nonexistent/engine is not there (no executable file)");
        assertThatThrownBy(() -> play(List.of("--engine", "no-such-usi-engine --threads 1")))
                .isInstanceOf(UsageError.class)
                .hasMessage("engine program 'no-such-usi-engine' is not there (not found on PATH)");
    }
}
