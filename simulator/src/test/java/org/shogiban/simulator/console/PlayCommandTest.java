package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code play} from a pipe: stepped time (a script plays at once), and a wait that is not a number says so. */
class PlayCommandTest {

    private static String play(String input) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PlayCommand command = new PlayCommand(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        int exit = command.run(List.of(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(exit).isZero();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPipeRunsInSteppedTimeSoTenMinutesOfWaitingPassAtOnce() {
        // in real time this script would sleep for ten minutes; the guard only turns such a hang into a failure
        String out = assertTimeoutPreemptively(Duration.ofMinutes(2),
                () -> play("move 7g7f\nwait 600000\nmove 3c3d\nquit\n"));
        assertThat(out).contains("ply 1: sente played 7g7f", "ply 2: gote played 3c3d");
    }

    @Test
    void aStartThatIsNotShogiIsRefusedAtOnceNotRecordedAsWon() {
        // an empty input: on a start that is taken, the board would play and end with the input
        PlayCommand command = new PlayCommand(new ByteArrayInputStream(new byte[0]));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertThatThrownBy(() -> command.run(List.of("--start", "sfen", "9/9/9/9/9/9/9/9/4K4", "b", "-", "1"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)))
                .isInstanceOf(org.shogiban.simulator.SimulatorCommand.UsageError.class)
                .hasMessage("start SFEN '9/9/9/9/9/9/9/9/4K4 b - 1': a game's start needs both kings; gote has none");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void waitWithAWordThatIsNotANumberSaysSo() throws Exception {
        String out = play("wait abc\nquit\n");
        assertThat(out).contains("error: 'abc' is not a number of milliseconds; wait 0..600000")
                .doesNotContain("For input string");
    }

    @Test
    void waitAcceptsZeroToTenMinutes() {
        assertThat(ConsoleSession.waitMillis("0")).isZero();
        assertThat(ConsoleSession.waitMillis("600000")).isEqualTo(600_000);
        assertThatThrownBy(() -> ConsoleSession.waitMillis("600001")).hasMessageContaining("more than 10 minutes");
        assertThatThrownBy(() -> ConsoleSession.waitMillis("-5")).hasMessageContaining("'-5' is not a number");
        assertThatThrownBy(() -> ConsoleSession.waitMillis("１００")).hasMessageContaining("is not a number");
    }
}
