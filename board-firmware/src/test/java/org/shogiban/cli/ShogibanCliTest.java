package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line tool as a user runs it: arguments and input in, stdout, stderr and exit code out. */
class ShogibanCliTest {


    private static String lastLine(String text) {
        String[] lines = text.strip().split("\\R");
        return lines[lines.length - 1];
    }

    @Test
    void perftPrintsTheCountAsTheLastLine() {
        CliRun r = CliRun.withInput("", "perft", "3");
        assertThat(r.exit()).isZero();
        assertThat(lastLine(r.out())).isEqualTo("25470");
    }

    @Test
    void perftDivideListsEveryFirstMoveThenTheTotal() {
        CliRun r = CliRun.withInput("", "perft", "--divide", "2");
        assertThat(r.out().strip().split("\\R")).hasSize(31).contains("7g7f: 30");
        assertThat(lastLine(r.out())).isEqualTo("900");
    }

    @Test
    void perftFromAnSfen() {
        CliRun r = CliRun.withInput("", "perft", "--sfen", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", "2");
        assertThat(lastLine(r.out())).isEqualTo("28684");
    }

    @Test
    void unreadableSfenIsOneLineOnStderrAndNonZeroExit() {
        CliRun r = CliRun.withInput("", "perft", "--sfen", "lnsgkgsnl/9 b - 1", "2");
        assertThat(r.exit()).isNotZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).doesNotContain("\n").contains("ranks");
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void unknownOptionsAndCommandsAreRejected() {
        assertThat(CliRun.withInput("", "perft", "--fast", "2").err()).contains("unknown option '--fast'");
        assertThat(CliRun.withInput("", "perft", "--fast", "2").exit()).isEqualTo(2);
        assertThat(CliRun.withInput("", "perft").err()).contains("missing depth");
        assertThat(CliRun.withInput("", "perft", "two").err()).contains("'two' is not a number");
        assertThat(CliRun.withInput("", "fly").err()).contains("unknown command 'fly'");
        assertThat(CliRun.withInput("", "fly").exit()).isEqualTo(2);
        assertThat(CliRun.withInput("").exit()).isEqualTo(2);
        assertThat(CliRun.withInput("", "help").out()).contains("perft").contains("judge");
    }

    @Test
    void everyCommandPrintsItsOwnUsageWithHelp() {
        // every command the tool lists (a command with several forms, hall and hall passwd, has a line for each)
        List<String> names = CliRun.withInput("", "help").out().lines().skip(1).map(String::strip).map(l -> l.split(" ")[0])
                .distinct().toList();
        assertThat(names).contains("perft", "judge", "convert", "serve", "check-config", "hall", "usi", "bring-up");
        for (String name : names) {
            for (String help : List.of("help", "--help", "-h")) {
                CliRun r = CliRun.withInput("", name, help);
                assertThat(r.exit()).as("%s %s", name, help).isZero();
                assertThat(r.err()).as("%s %s", name, help).isEmpty();
                assertThat(r.out().strip()).as("%s %s", name, help)
                        .startsWith("usage: java -jar shogiban.jar " + name + " ");
            }
        }
    }

    @Test
    void judgeAnOngoingGameFromStdin() {
        CliRun r = CliRun.withInput("position startpos moves 7g7f 3c3d\n", "judge", "-");
        assertThat(r.exit()).isZero();
        assertThat(r.out().strip()).isEqualTo("{\"plies\":2,\"sfen\":\"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/"
                + "LNSGKGSNL b - 3\",\"status\":\"ONGOING\",\"winner\":\"none\"}");
    }

    @Test
    void judgeStopsAtAnIllegalMoveAndNamesIt(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("game.usi");
        Files.writeString(file, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b P*2c\n");
        CliRun r = CliRun.withInput("", "judge", file.toString());
        assertThat(r.out().strip()).isEqualTo("{\"plies\":4,\"sfen\":\"lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/"
                + "7R1/LNSGKGSNL b Bb 5\",\"status\":\"ILLEGAL_MOVE\",\"winner\":\"gote\",\"reason\":\"NOT_IN_HAND\",\"ply\":5}");
    }

    @Test
    void judgeACheckmateFromAnSfen() {
        CliRun r = CliRun.withInput("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b", "judge", "-");
        assertThat(r.out()).contains("\"status\":\"CHECKMATE\",\"winner\":\"sente\"");
    }

    @Test
    void judgeReportsSennichite() {
        String cycle = " 2h5h 8b5b 5h2h 5b8b";
        CliRun r = CliRun.withInput("position startpos moves" + cycle + cycle + cycle, "judge", "-");
        assertThat(r.out()).contains("\"plies\":12").contains("\"status\":\"REPETITION_DRAW\",\"winner\":\"none\"");
    }

    @Test
    void judgeBadInputIsAClearErrorWithExitTwo() {
        assertThat(CliRun.withInput("position startpos moves 7g7f 3c3x", "judge", "-").err()).contains("move 2").contains("3c3x");
        assertThat(CliRun.withInput("position startpos moves 7g7f 3c3x", "judge", "-").exit()).isEqualTo(2);
        assertThat(CliRun.withInput("", "judge", "/no/such/file").err()).contains("no such file");
        assertThat(CliRun.withInput("", "judge", "-").exit()).isEqualTo(2);
        assertThat(CliRun.withInput("", "judge").exit()).isEqualTo(2);
    }
}
