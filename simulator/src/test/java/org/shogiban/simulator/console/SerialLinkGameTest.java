package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.session.GameSettings;
import org.shogiban.app.RecordSink;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.link.Host;
import org.shogiban.link.PtyPair;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.link.LinkSettings;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.EndKind;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * A whole game on the console board with the USB link attached over a socat pseudo-terminal pair: the host follows
 * it live, then downloads it as CSA and KIF, and our own readers read both back to the moves and times it saw.
 */
@Timeout(180)
class SerialLinkGameTest {
    /** Game 313 of the shared lishogi games: 25 plies, sente mates with S*8c. */
    private static final List<String> GAME = List.of(("7g7f 3c3d 2g2f 8c8d 2f2e 4c4d 2e2d 2c2d 2h2d 8b3b 2d2c+ 5a6b"
            + " 2c2h 6b7b P*2d 7b8b 2d2c+ 3b4b 2c2b 3a2b B*6e 4a3b 2h2b 3b2b S*8c").split(" "));

    @TempDir
    Path dir;

    @Test
    void aWholeGameIsFollowedLiveAndItsCsaAndKifReadBackToTheSameMovesAndTimes() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        assertThat(GAME).hasSize(25);
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < GAME.size(); i++) {
            // each player thinks a different while: 2 to 8 seconds of board time
            input.append("wait ").append(2000 + (i * 1300) % 6000).append('\n');
            input.append("move ").append(GAME.get(i)).append('\n');
        }
        input.append("quit\n");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PtyPair pair = new PtyPair(dir).start();
        BoardTime time = BoardTime.stepped(new ManualClock());
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY)
                .withCommitPolicy(CommitPolicy.STABLE));
        MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, time.clock());
        // the console board with its USB link, both put together by the assembly as play --serial does
        AssembledBoard link = BoardAssembly.of(settings, hardware.board()).clock(time.clock())
                .wallClock(Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC))
                .link(new JSerialCommTransport(pair.boardEnd(), 115_200),
                        new LinkSettings("test", "console", Optional.empty(), 256, 1 << 20, 100, 200))
                .assemble();
        ConsoleSession session = new ConsoleSession(new StringReader(input.toString()),
                new PrintStream(console, true, StandardCharsets.UTF_8), time, settings, false, hardware,
                link.application());
        try (Host host = new Host(pair.hostEnd())) {
            host.handshake();
            assertThat(session.run()).isZero();

            List<String> moveLines = new ArrayList<>();
            String result;
            while (true) {
                String line = host.line();
                assertThat(line).startsWith("* ");
                String event = line.substring(line.indexOf(' ', 2) + 1);
                if (event.startsWith("MOVE ")) {
                    moveLines.add(event);
                } else if (event.startsWith("RESULT ")) {
                    result = event;
                    break;
                }
            }
            assertThat(result).isEqualTo("RESULT CHECKMATE sente - 25");
            assertThat(moveLines).hasSize(25);
            assertThat(moveLines.get(0)).matches("MOVE 1 7g7f \\+7776FU,T\\d+");
            assertThat(moveLines.get(24)).matches("MOVE 25 S\\*8c \\+0083GI,T\\d+");

            GameRecord csa = GameRecords.read(host.bodyOf("GET current csa"));
            GameRecord kif = GameRecords.read(host.bodyOf("GET current kif"));
            for (GameRecord record : List.of(csa, kif)) {
                assertThat(record.moves()).isEqualTo(GAME.stream().map(Move::parseUsi).toList());
                assertThat(record.end().kind()).isEqualTo(EndKind.CHECKMATE);
                assertThat(record.end().side()).isEqualTo(Side.GOTE);
                for (int i = 0; i < 25; i++) {
                    RecordedMove m = record.recordedMoves().get(i);
                    String line = moveLines.get(i);
                    assertThat(line).startsWith("MOVE " + (i + 1) + " " + m.move().usi() + " ");
                    assertThat(line).endsWith(",T" + m.timeUsed().toSeconds());
                }
            }
            List<Duration> times = csa.recordedMoves().stream().map(RecordedMove::timeUsed).toList();
            assertThat(times.get(1)).as("the times are the players' thinking, not zero")
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(3));

            String games = new String(host.bodyOf("GAMES"), StandardCharsets.UTF_8);
            assertThat(games).matches("2025-03-01T05-05-09\t2025/03/01 05:05:09\t\t\t25\tCHECKMATE sente\n");
            host.send("HELLO");
            assertThat(host.reply()).isEqualTo("OK shogiban test console 2");
        } finally {
            link.close();
            pair.close();
        }
    }
}
