package org.shogiban.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.link.SerialTransport;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Side;

/** The bridge with no board plugged in: what the program is told, and bad input that never stops it. */
class UsiBridgeAloneTest {

    /** A device that is never there. */
    private static final SerialTransport UNPLUGGED = new SerialTransport() {
        @Override
        public String describe() {
            return "/dev/ttyACM9";
        }

        @Override
        public Connection open() throws IOException {
            throw new IOException("not there");
        }
    };

    private static List<String> run(String input) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new UsiBridge(UNPLUGGED, new PrintStream(out, true, StandardCharsets.UTF_8), "board")
                .run(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        assertThat(code).isZero();
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void usiIsAnsweredAtOnceWithoutABoardAndSaysSo() throws InterruptedException {
        List<String> lines = run("usi\nsetoption name USI_Hash value 256\nsetoption name USI_Ponder value false\n"
                + "isready\nquit\n");
        assertThat(lines).startsWith("id name ShogiBan board", "id author the ShogiBan project",
                "option name PlayerName type string default <empty>",
                "option name OpponentName type string default <empty>", "usiok");
        assertThat(lines).anyMatch(l -> l.startsWith("info string the board is not connected on /dev/ttyACM9"));
        assertThat(lines).anyMatch(l -> l.equals("info string waiting for the board on /dev/ttyACM9"));
        assertThat(lines).doesNotContain("readyok");
        assertThat(lines).allMatch(l -> l.startsWith("id ") || l.startsWith("option ") || l.equals("usiok")
                || l.startsWith("info string "));
    }

    @Test
    void badInputGetsAnInfoStringAndNothingElse() throws InterruptedException {
        List<String> lines = run("usi\nhello there\ngo btime 1000 wtime 1000 byoyomi 1000\n"
                + "position startpos moves 7g7f 7g7f\nposition sfen nonsense\nposition sfen xx b - 1\nposition startpos moves 7g7f\nstop\n"
                + "gameover banana\nquit\n");
        assertThat(lines).contains("info string unknown command 'hello' ignored", "info string go before position: ignored");
        assertThat(lines).anyMatch(l -> l.startsWith("info string position refused: position: move 2 7g7f is illegal"));
        assertThat(lines).anyMatch(l -> l.startsWith("info string position refused: position needs 'startpos'"));
        assertThat(lines.stream().filter(l -> l.startsWith("info string position refused:"))).hasSize(3);
        assertThat(lines).noneMatch(l -> l.startsWith("bestmove"));
    }

    @Test
    void aRunawayLineIsDroppedAndWhatIsNotUnderstoodIsQuotedShort() throws InterruptedException {
        String huge = "position startpos moves " + "7g7f ".repeat(40_000);
        List<String> lines = run("usi\n" + huge + "\n" + "z".repeat(5_000) + " now\nisready\nquit\n");
        assertThat(lines).contains("info string a line of " + huge.length() + " bytes ignored (at most 65536)");
        assertThat(lines).contains("info string unknown command '" + "z".repeat(40) + "…' ignored");
        assertThat(lines).allMatch(l -> l.length() < 200, "every line short");
        assertThat(lines).contains("info string waiting for the board on /dev/ttyACM9");
    }

    @Test
    void theEndOfInputEndsTheBridge() throws InterruptedException {
        assertThat(run("usi\n")).contains("usiok");
    }

    @Test
    void theProgramsGameKnowsWhichSideTheBoardPlays() {
        ProgramGame g = ProgramGame.parse("startpos moves 7g7f");
        assertThat(g.boardSide()).isEqualTo(Side.GOTE);
        assertThat(g.hostSide()).isEqualTo(Side.SENTE);
        assertThat(g.moverOf(0)).isEqualTo(Side.SENTE);
        ProgramGame handicap = ProgramGame.parse("sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assertThat(handicap.boardSide()).isEqualTo(Side.GOTE);
        assertThatThrownBy(() -> ProgramGame.parse("startpos moves 7g7f 8c8d 2h2h"))
                .isInstanceOf(NotationException.class);
        assertThatThrownBy(() -> ProgramGame.parse("startpos 7g7f")).hasMessageContaining("'moves' was expected");
    }
}
