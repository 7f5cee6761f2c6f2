package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.session.GameSettings;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.RecordSink;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.simulator.Cli;
import org.shogiban.simulator.Options;

/** The console board driven as from a pipe, in stepped time: commands in, drawings and events out, no sleeping. */
class ConsoleSessionTest {

    record Played(int exit, String out, ConsoleSession session) {
        List<String> lines() {
            return out.lines().toList();
        }

        /** The last drawing's row of a rank, e.g. 'g'. */
        String lastRow(char rank) {
            List<String> rows = lines().stream().filter(l -> l.endsWith("| " + rank)).toList();
            return rows.get(rows.size() - 1);
        }

        List<Move> moves() {
            return session.application().game().orElseThrow().moves();
        }
    }

    private static Played play(String input, GameSettings settings, RecordSink records) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        ConsoleSession session = new ConsoleSession(new StringReader(input), out,
                BoardTime.stepped(new ManualClock()), settings, records,
                Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC), false);
        int exit = session.run();
        return new Played(exit, bytes.toString(StandardCharsets.UTF_8), session);
    }

    private static Played play(String input, SensorKind kind, CommitPolicy commit, Position start) throws Exception {
        return play(input, GameSettings.of(start, InferenceConfig.defaults(kind).withCommitPolicy(commit)),
                RecordSink.NONE);
    }

    private static Played play(String input) throws Exception {
        return play(input, SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos());
    }

    private static List<Move> usi(String... moves) {
        return Stream.of(moves).map(Move::parseUsi).toList();
    }

    @Test
    void checkThePiecesSaysTheSquaresNotAnSfen() throws Exception {
        Played p = play("move 7g7f\nmove 3c3d\narbiter undo\nquit\n");
        String line = p.out().lines().filter(l -> l.startsWith("» check the pieces")).findFirst().orElseThrow();
        assertThat(line).endsWith("the board should show 3c gote pawn, 3d empty").doesNotContain("/")
                .doesNotContain(Position.startpos().toSfen().substring(0, 9));
    }

    @Test
    void movesAreWrittenInKifuWordsAndAnOccupancyBoardAsksForTheFlipAfterPromote() throws Exception {
        // 8h2b by hand, unpromoted side up: the board asks, 成 is pressed, the board cannot see the piece turned
        Played p = play("move 7g7f\nmove 3c3d\nlift 2b\nlift 8h\nplace 2b\nplace sente:B\npress promote\n"
                + "lift 2b\nplace 2b down\nquit\n");
        assertThat(p.moves()).isEqualTo(usi("7g7f", "3c3d", "8h2b+"));
        assertThat(p.out()).contains("» ply 1: sente played 7g7f ☗７六歩", "» ply 2: gote played 3c3d ☖３四歩",
                "» ply 3: sente played 8h2b+ ☗２二角成");
        List<String> asks = p.lines().stream().filter(l -> l.startsWith("  turn it over : the piece on 2b")).toList();
        assertThat(asks).as("asked after 成 until the piece lies turned").isNotEmpty();
        assertThat(p.lastRow('b')).contains("+B");
        int lastDrawing = p.out().lastIndexOf("  gote komadai");
        assertThat(p.out().substring(lastDrawing)).doesNotContain("turn it over");
    }

    @Test
    void movesFromAPipeAreRecognisedAndTheBoardIsDrawnAfterEach() throws Exception {
        Played p = play("move 7g7f\nmove 3c3d\nmove 8h2b+\nmove 3a2b\nquit\n");

        assertThat(p.exit()).isZero();
        assertThat(p.moves()).isEqualTo(usi("7g7f", "3c3d", "8h2b+", "3a2b"));
        assertThat(p.out()).contains("» game started, sente to move", "» ply 1: sente played 7g7f",
                "» ply 3: sente played 8h2b+", "» ply 4: gote played 3a2b");
        assertThat(p.lines().stream().filter(l -> l.startsWith("  game         :"))).hasSize(5);
        // the last move's squares are marked, the captured bishops lie on their capturers' komadai
        assertThat(p.lastRow('a')).isEqualTo("  |  l   n   s   g   k   g ( .)  n   l | a");
        assertThat(p.lastRow('b')).isEqualTo("  |  .   r   .   .   .   .   . ( s)  . | b");
        assertThat(p.out()).contains("  sente komadai:  R0  B1  G0  S0  N0  L0  P0");
        assertThat(p.out()).contains("  gote komadai :  r0  b1  g0  s0  n0  l0  p0");
        assertThat(p.out()).contains("ply 4, last 3a2b, sente to move");
    }

    @Test
    void liftAndPlaceWorkOneHandAtATimeAndMistakesAreExplainedNotFatal() throws Exception {
        Played p = play("lift 7g\nplace 7f\nlift sente:P\nfly\nplace 5e\nlift 3c\nplace 3d\n");

        assertThat(p.exit()).isZero();
        assertThat(p.moves()).isEqualTo(usi("7g7f", "3c3d"));
        assertThat(p.out()).contains("error: the komadai slot sente:P is empty",
                "error: unknown command 'fly'; type help", "error: no piece is held: lift one first");
        assertThat(p.out()).contains("  |  .   .   .   .   .   .   .   .   . | e");
    }

    @Test
    void aPieceLeftOffTheBoardIsMarkedAsWrong() throws Exception {
        Played p = play("move 7g7f\nlift 1c\nwait 1500\n");

        assertThat(p.out()).contains("» board differs: 1c(expected p, read empty)");
        assertThat(p.lastRow('c')).endsWith("? .?| c");
        assertThat(p.out()).contains("in your hand: p", "[attention]");
    }

    @Test
    void aNewGameAskedAtTheConsoleIsSetUpWithItsHandicapModeAndPlayers() throws Exception {
        Played p = play("move 7g7f\nnew handicap=bishop mode=tournament sente=\"Habu Yoshiharu\" gote=Fujii\nsetup\n"
                + "move 3c3d\nstate\nnew mode=blitz\n");

        assertThat(p.out()).contains("» game over: aborted", "error: mode 'blitz' is not casual or tournament");
        assertThat(p.out()).contains("\"mode\":\"tournament\"", "\"startSfen\":\""
                + org.shogiban.notation.Handicap.BISHOP.start().toSfen() + "\"");
        // gote (上手) moved first and pressed the clock, as the console's move does in tournament mode
        assertThat(p.moves()).isEqualTo(usi("3c3d"));
        assertThat(p.session().application().session().players())
                .isEqualTo(new org.shogiban.session.GameRequest.Players("Habu Yoshiharu", "Fujii"));
    }

    @Test
    void underTheClockRuleAnIllegalMoveLosesAndIsMarkedRed() throws Exception {
        Played p = play("move 7g7f\nmove 3c3d\nmove 2g2e\n", SensorKind.OCCUPANCY, CommitPolicy.CLOCK,
                Position.startpos());

        assertThat(p.out()).contains("» ply 3: illegal move 2g2e by sente (invalid movement): sente loses",
                "» game over: illegal move, gote wins (ply 3, INVALID_MOVEMENT)",
                "over after 2 plies: illegal move, gote wins");
        assertThat(p.lastRow('g')).contains("! .!");
        assertThat(p.lastRow('e')).contains("! P!");
        assertThat(p.session().application().game().orElseThrow().result().status())
                .isEqualTo(GameStatus.ILLEGAL_MOVE);
    }

    @Test
    void aPolarityBoardSeesThePromotedFaceAndTheDropMates() throws Exception {
        Played promotion = play("move 7g7f\nmove 3c3d\nmove 8h2b+\n", SensorKind.POLARITY, CommitPolicy.STABLE,
                Position.startpos());
        assertThat(promotion.moves()).isEqualTo(usi("7g7f", "3c3d", "8h2b+"));
        assertThat(promotion.lastRow('b')).contains("(+B)");

        Played mate = play("move G*5b\n", SensorKind.POLARITY, CommitPolicy.STABLE,
                Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"));
        assertThat(mate.out()).contains("» game over: checkmate, sente wins",
                "over after 1 plies: checkmate, sente wins (press menu for the next game)");
    }

    @Test
    void aTakebackAndTheNextGameAfterMenu() throws Exception {
        Played p = play("move 7g7f\nmove 7f7g\nmove 2g2f\n");
        assertThat(p.out()).contains("» takeback of 7g7f");
        assertThat(p.moves()).isEqualTo(usi("2g2f"));

        Played next = play("move G*5b\nsetup\npress menu\nmove 5i4h\n", SensorKind.OCCUPANCY, CommitPolicy.STABLE,
                Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"));
        assertThat(next.out()).contains("» game over: checkmate", "» set up 4k4/9/4G4/9/9/9/9/9/4K4 b G 1",
                "» ply 1: sente played 5i4h");
    }

    @Test
    void theRecordIsWrittenWhenAsked(@TempDir Path dir) throws Exception {
        play("move 7g7f\nmove 3c3d\n", GameSettings.of(Position.startpos(),
                InferenceConfig.defaults(SensorKind.OCCUPANCY)), new RecordDirectory(dir));
        Path file = dir.resolve("2025-03-01T05-05-09.kifu");
        assertThat(GameRecords.read(Files.readAllBytes(file)).moves()).isEqualTo(usi("7g7f", "3c3d"));
    }

    @Test
    void theCommandLineChoosesSensorsCommitAndStart() {
        GameSettings s = PlayCommand.settings(Options.parse(List.of("--sensors", "polarity", "--commit", "clock",
                "--start", "sfen", "4k4/9/4G4/9/9/9/9/9/4K4", "b", "G", "1"), java.util.Set.of("sensors", "commit",
                "start", "records")));
        assertThat(s.inference().sensorKind()).isEqualTo(SensorKind.POLARITY);
        assertThat(s.inference().commitPolicy()).isEqualTo(CommitPolicy.CLOCK);
        assertThat(s.start()).isEqualTo(Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1"));

        Cli bad = Cli.run("play", "--start", "queen-odds");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("play: start 'queen-odds' is not startpos, a handicap");
    }

    @Test
    void withoutArgumentsTheSimulatorPrintsItsUsageWithPlay() {
        Cli none = Cli.run();
        assertThat(none.err()).contains("usage: java -jar shogiban-simulator.jar <command>", "play [--sensors");
        assertThat(Cli.run("help").out()).anyMatch(l -> l.contains("play [--sensors occupancy|polarity]"));
    }

    @Test
    void statePrintsTheSnapshotOnOneLine() throws Exception {
        Played p = play("move 7g7f\nstate\n");
        List<String> json = p.lines().stream().filter(l -> l.startsWith("{")).toList();
        assertThat(json).singleElement().satisfies(line -> assertThat(line)
                .contains("\"phase\":\"PLAYING\"", "\"ply\":1", "\"moves\":[\"7g7f\"]", "\"toMove\":\"gote\"",
                        "\"result\":null", "\"clock\":{\"running\":"));
    }

    @Test
    void aPlayerResignsWithTheirButton() throws Exception {
        Played p = play("move 7g7f\npress resign-gote\nstate\n");
        assertThat(p.out()).contains("» game over: resignation, sente wins");
        assertThat(p.out()).contains("\"result\":{\"status\":\"RESIGNATION\",\"winner\":\"sente\"");
    }

    @Test
    void theArbiterOverrulesAFoulFromTheConsole() throws Exception {
        Played p = play("move 7g7f\nmove 3c3d\nmove 2g2e\narbiter overrule\nmove 2e2g\nmove 2g2f\n"
                + "arbiter adjust gote +30\narbiter frobnicate\n", SensorKind.OCCUPANCY, CommitPolicy.CLOCK,
                Position.startpos());
        assertThat(p.out()).contains("» arbiter called: illegal move 2g2e by sente", "» arbiter: overrule",
                "» ply 3: sente played 2g2f", "» arbiter: adjust gote +30s",
                "error: unknown arbiter action 'frobnicate'");
        assertThat(p.moves()).isEqualTo(usi("7g7f", "3c3d", "2g2f"));
    }
}
