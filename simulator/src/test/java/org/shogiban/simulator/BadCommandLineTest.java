package org.shogiban.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input on the simulator's command line (from the fuzzing run of issue 12): exit 2 and one line, never a trace. */
class BadCommandLineTest {
    private static final String GOOD_TRACE = "# start startpos\n1000 lift 7g\n1150 place 7f\n";

    @TempDir
    Path dir;

    private Path trace(String text) throws IOException {
        Path file = dir.resolve("t.trace");
        Files.writeString(file, text);
        return file;
    }

    private static void assertOneLine(Cli result, String... fragments) {
        assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
        assertThat(result.err().lines().count()).as(result.err()).isEqualTo(1);
        assertThat(result.err()).contains(fragments).doesNotContain("Exception");
    }

    @Test
    void aNoiseLevelAboveThreeSaysWhatIsAllowed() throws IOException {
        Cli result = Cli.run("replay-trace", "--noise", "4", trace(GOOD_TRACE).toString());
        assertOneLine(result, "replay-trace: --noise is 0..3 (0 clean, 3 rough), not 4");
    }

    @Test
    void aNoiseLevelThatWouldWrapAroundAnIntIsRefused() throws IOException {
        assertOneLine(Cli.run("replay-trace", "--noise", "4294967296", trace(GOOD_TRACE).toString()),
                "--noise is 0..3");
        assertOneLine(Cli.run("replay", "--noise", "-1", trace(GOOD_TRACE).toString()), "--noise is 0..3");
    }

    @Test
    void anEndBeyondADayOfBoardTimeIsRefusedInsteadOfSimulatedForHours() throws IOException {
        Cli result = Cli.run("replay-trace", trace("# end 1000000000000\n" + GOOD_TRACE).toString());
        assertOneLine(result, "t.trace:1: ", "1000000000000", "86400000 (24 h");
    }

    @Test
    void anEventBeyondADayOfBoardTimeIsRefused() throws IOException {
        Cli result = Cli.run("replay-trace", trace(GOOD_TRACE + "1000000000000 lift 7f\n").toString());
        assertOneLine(result, "t.trace:4: ", "86400000 (24 h");
    }

    @Test
    void aTimeNearLongMaxValueIsRefusedNotOverflowed() throws IOException {
        assertOneLine(Cli.run("replay-trace", trace(GOOD_TRACE + "9223372036854775807 lift 7f\n").toString()),
                "t.trace:4: ", "9223372036854775807 ms is beyond 86400000");
        assertOneLine(Cli.run("replay-trace", trace(GOOD_TRACE + "9223372036854775808 lift 7f\n").toString()),
                "t.trace:4: ", "9223372036854775808 ms is beyond 86400000");
        assertOneLine(Cli.run("replay-trace", trace("# end 9223372036854775807\n" + GOOD_TRACE).toString()),
                "t.trace:1: ", "beyond 86400000");
    }

    @Test
    void aMissingTraceNamesTheFile() {
        Path missing = dir.resolve("missing.trace");
        assertOneLine(Cli.run("replay-trace", missing.toString()), "replay-trace: " + missing + ": no such file");
    }

    @Test
    void aMissingRecordNamesTheFile() {
        Path missing = dir.resolve("missing.kif");
        assertOneLine(Cli.run("replay", missing.toString()), "replay: " + missing + ": no such file");
    }

    @Test
    void aDirectoryIsNotATrace() {
        assertOneLine(Cli.run("replay-trace", dir.toString()), dir + ": is a directory");
    }

    @Test
    void aTraceThatIsNotUtf8NamesTheFileAndTheByte() throws IOException {
        Path file = dir.resolve("latin1.trace");
        Files.write(file, new byte[] {'#', ' ', 'c', (byte) 0xE9, '\n'});
        assertOneLine(Cli.run("replay-trace", file.toString()), file + ": not UTF-8 text (byte 4 is not)");
    }
}
