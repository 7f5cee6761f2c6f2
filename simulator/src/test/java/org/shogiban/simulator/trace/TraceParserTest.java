package org.shogiban.simulator.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.simulator.Cli;

class TraceParserTest {

    @Test
    void readsHeadersEventsAndComments() {
        Trace t = TraceParser.parse("""
                # start sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1
                # sensors polarity
                # end 500
                # a comment
                100 lift sente:P
                250 place 5e
                300 lift 5e
                400 place 5e down
                900 press clock-sente
                """, "t");
        assertThat(t.start()).isEqualTo(Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b P 1"));
        assertThat(t.sensors()).contains(SensorKind.POLARITY);
        assertThat(t.endMillis()).isEqualTo(500);
        assertThat(t.finishMillis()).isEqualTo(1400);
        assertThat(t.events()).containsExactly(
                new TraceEvent.Lift(100, new Place.OnKomadai(Player.SENTE, KomadaiSlot.PAWN)),
                new TraceEvent.Put(250, new Place.OnSquare(Square.parse("5e")), false),
                new TraceEvent.Lift(300, new Place.OnSquare(Square.parse("5e"))),
                new TraceEvent.Put(400, new Place.OnSquare(Square.parse("5e")), true),
                new TraceEvent.Press(900, Button.CLOCK_SENTE));
    }

    @Test
    void linesEndingInCrAloneAreReadLikeCrLfAndLf() {
        String lf = "# start startpos\n# end 900\n10 lift 7g\n20 place 7f\n30 press promote\n";
        Trace expected = TraceParser.parse(lf, "lf.trace");
        assertThat(expected.events()).hasSize(3);
        assertThat(TraceParser.parse(lf.replace("\n", "\r"), "cr.trace")).isEqualTo(expected);
        assertThat(TraceParser.parse(lf.replace("\n", "\r\n"), "crlf.trace")).isEqualTo(expected);
        // errors name the same line whatever the line ends
        assertThatThrownBy(() -> TraceParser.parse("# start startpos\r10 lift 7g\r5 place 7f\r", "x.trace"))
                .hasMessageStartingWith("x.trace:3:");
    }

    @Test
    void writesWhatItReads() {
        Trace t = TraceParser.parse("# start startpos\n10 lift 7g\n20 place 7f\n30 press promote\n", "t");
        assertThat(TraceParser.parse(t.toText(), "again")).isEqualTo(t);
        assertThat(t.sensors()).isEmpty();
        assertThat(t.endMillis()).isEqualTo(Trace.DEFAULT_END_MILLIS);
    }

    @Test
    void errorsNameTheLine() {
        assertThatThrownBy(() -> TraceParser.parse("# start startpos\n10 lift 7g\n5 place 7f\n", "x.trace"))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage("x.trace:3: time 5 is before the previous event's 10");
        assertThatThrownBy(() -> TraceParser.parse("10 lift 5e\n", "x.trace"))
                .hasMessage("x.trace:1: lift 5e: no piece there");
        assertThatThrownBy(() -> TraceParser.parse("10 place 7g\n", "x.trace"))
                .hasMessage("x.trace:1: place 7g: a piece is already there");
        assertThatThrownBy(() -> TraceParser.parse("\n10 lift sente:P\n", "x.trace"))
                .hasMessage("x.trace:2: lift sente:P: the slot is empty");
        assertThatThrownBy(() -> TraceParser.parse("10 jump 7g\n", "x.trace"))
                .hasMessage("x.trace:1: unknown action 'jump'; actions are lift, place, press");
        assertThatThrownBy(() -> TraceParser.parse("10 lift 0z\n", "x.trace"))
                .hasMessageStartingWith("x.trace:1: '0z' is neither a square");
        assertThatThrownBy(() -> TraceParser.parse("10 lift sente:K\n", "x.trace"))
                .hasMessage("x.trace:1: komadai 'sente:K': the slot is one of P L N S G B R");
        assertThatThrownBy(() -> TraceParser.parse("10 press turbo\n", "x.trace"))
                .hasMessageStartingWith("x.trace:1: unknown button 'turbo'");
        assertThatThrownBy(() -> TraceParser.parse("# sensors sonar\n", "x.trace"))
                .hasMessageStartingWith("x.trace:1: header '# sensors sonar'");
        assertThatThrownBy(() -> TraceParser.parse("10 lift 7g\n# start startpos\n", "x.trace"))
                .hasMessage("x.trace:2: '# start' must come before the first event");
        assertThatThrownBy(() -> TraceParser.parse("ten lift 7g\n", "x.trace"))
                .hasMessage("x.trace:1: 'ten' is not a time in milliseconds");
    }

    @Test
    void theCliReportsAFormatErrorOnOneLineWithExitCode2(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path bad = dir.resolve("bad.trace");
        java.nio.file.Files.writeString(bad, "10 lift 5e\n");
        Cli result = Cli.run("replay-trace", bad.toString());
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).isEqualTo("replay-trace: " + bad + ":1: lift 5e: no piece there");
    }
}
