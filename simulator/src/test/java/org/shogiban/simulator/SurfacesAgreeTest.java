package org.shogiban.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.OutputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardAssembly;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.Host;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.PtyPair;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.GameSettings;
import org.shogiban.simulator.console.BoardTime;
import org.shogiban.simulator.console.ConsoleSession;
import org.shogiban.simulator.web.BoardApplicationAdapter;
import org.shogiban.simulator.web.WebBoard;
import org.shogiban.simulator.web.WebServer;

/**
 * The three surfaces of the board say the same thing in the same words: one game is played side by side on the console
 * board (typed {@code move} commands, its USB link on a socat pseudo-terminal) and on the web simulator (the mouse's
 * HTTP requests, its own USB link), and after every move the console's {@code state}, both links' {@code STATE} and
 * the web's {@code /api/state} must be the same document, byte for byte. Both boards run in stepped time on manual
 * clocks with the same calendar time; the game has no time control, so no clock figure depends on how long each
 * surface's hands took.
 */
@Timeout(120)
class SurfacesAgreeTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);
    /** Ten quiet plies (no capture: each surface's hands would handle the komadai differently), then sente resigns. */
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "8b4b", "3i4h", "5a6b",
            "5i6h", "6b7b");

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();
    private final BlockingQueue<String> consoleStates = new LinkedBlockingQueue<>();

    @Test
    void theConsoleTheLinksAndTheWebSendTheSameStateAfterEveryMove() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY)
                .withCommitPolicy(CommitPolicy.STABLE)).withTime(TimeControl.NONE);
        LinkSettings link = new LinkSettings("test", "board", Optional.empty(), 256, 1 << 20, 100, 200);
        java.nio.file.Files.createDirectories(dir.resolve("console"));
        java.nio.file.Files.createDirectories(dir.resolve("web"));
        try (PtyPair consolePty = new PtyPair(dir.resolve("console")).start();
             PtyPair webPty = new PtyPair(dir.resolve("web")).start()) {
            // the console board, put together as `play --serial` puts it together
            ManualClock consoleClock = new ManualClock();
            MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, consoleClock);
            AssembledBoard consoleBoard = BoardAssembly.of(settings, hardware.board()).clock(consoleClock)
                    .wallClock(WALL).link(new JSerialCommTransport(consolePty.boardEnd(), 115_200), link).assemble();
            PipedWriter typing = new PipedWriter();
            ConsoleSession console = new ConsoleSession(new PipedReader(typing, 1 << 16), new PrintStream(
                    new StateLines(consoleStates), true, StandardCharsets.UTF_8), BoardTime.stepped(consoleClock),
                    settings, false, hardware, consoleBoard.application());
            Thread consoleThread = new Thread(() -> {
                try {
                    console.run();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }, "console-board");
            // the web simulator's board, as `web --serial` builds it
            BoardApplicationAdapter web = new BoardApplicationAdapter(new WebBoard.Setup(SensorKind.OCCUPANCY,
                    "casual", "none", "startpos"), new ManualClock(), WALL, new BoardApplicationAdapter.Storage(null,
                    null, new JSerialCommTransport(webPty.boardEnd(), 115_200), link, Optional.empty()));
            WebServer server = new WebServer(web, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
            URI base = server.start();
            try (Host consoleHost = new Host(consolePty.hostEnd()); Host webHost = new Host(webPty.hostEnd())) {
                consoleHost.handshake();
                webHost.handshake();
                consoleThread.start();
                web.advance(700);

                String first = agreed(typing, consoleHost, webHost, base, "the start");
                assertThat(first).startsWith("{\"phase\":\"PLAYING\",\"ply\":0,");
                for (int i = 0; i < GAME.size(); i++) {
                    Move move = Move.parseUsi(GAME.get(i));
                    typing.write("move " + move.usi() + "\n");
                    typing.flush();
                    post(base, "/api/hand", "{\"action\":\"lift\",\"place\":\"" + move.from().usi() + "\"}");
                    web.advance(100);
                    post(base, "/api/hand", "{\"action\":\"put\",\"place\":\"" + move.to().usi() + "\"}");
                    web.advance(600);
                    String state = agreed(typing, consoleHost, webHost, base, "after " + move.usi());
                    assertThat(state).contains("\"ply\":" + (i + 1) + ",", "\"lastMove\":\"" + move.usi() + "\"");
                }
                typing.write("press resign-sente\n");
                typing.flush();
                post(base, "/api/resign", "{\"side\":\"sente\"}");
                web.advance(600);
                String over = agreed(typing, consoleHost, webHost, base, "after the resignation");
                assertThat(over).contains("\"phase\":\"OVER\"", "\"status\":\"RESIGNATION\",\"winner\":\"gote\"");
                typing.write("quit\n");
                typing.flush();
                consoleThread.join(10_000);
            } finally {
                server.close();
                web.close();
                consoleBoard.close();
            }
        }
    }

    /** Asks every surface for its state; all four must be the same text, which is returned. */
    private String agreed(PipedWriter typing, Host consoleHost, Host webHost, URI base, String when)
            throws Exception {
        typing.write("state\n");
        typing.flush();
        String console = consoleStates.poll(30, TimeUnit.SECONDS);
        assertThat(console).as("the console's state %s", when).isNotNull();
        String consoleLink = new String(consoleHost.bodyOf("STATE"), StandardCharsets.UTF_8);
        String webPage = http.send(HttpRequest.newBuilder(base.resolve("/api/state")).GET().build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body();
        String webLink = new String(webHost.bodyOf("STATE"), StandardCharsets.UTF_8);
        assertThat(consoleLink).as("the console board's link STATE %s", when).isEqualTo(console);
        assertThat(webPage).as("the web's /api/state %s", when).isEqualTo(console);
        assertThat(webLink).as("the web board's link STATE %s", when).isEqualTo(console);
        return console;
    }

    private void post(URI base, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("%s %s: %s", path, body, r.body()).isEqualTo(200);
    }

    /** The console's output, line by line: the lines that are a state document go to the queue. */
    private static final class StateLines extends OutputStream {
        private final BlockingQueue<String> states;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

        StateLines(BlockingQueue<String> states) {
            this.states = states;
        }

        @Override
        public synchronized void write(int b) {
            if (b != '\n') {
                line.write(b);
                return;
            }
            String text = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (text.startsWith("{\"phase\"")) {
                states.add(text);
            }
        }
    }
}
