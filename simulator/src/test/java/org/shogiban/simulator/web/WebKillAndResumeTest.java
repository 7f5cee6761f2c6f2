package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.simulator.SimulatorProcess;
import org.shogiban.link.Host;
import org.shogiban.link.PtyPair;

/**
 * {@code web --state DIR --serial PATH} as a real process, killed with SIGKILL in the middle of a game and started
 * again on the same state directory: the same game comes back (moves, mode, time control), and the host on the serial
 * link finds every event it saw under the same number, and the ones after it with {@code SINCE}, none numbered twice.
 */
@Timeout(120)
class WebKillAndResumeTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    /** One run of the web simulator; its address read from its first line. */
    private record Simulator(SimulatorProcess process, URI address) {
    }

    private Simulator start(PtyPair pair) throws IOException, InterruptedException {
        SimulatorProcess p = SimulatorProcess.start("web", "--port", "0", "--state", dir.resolve("state").toString(),
                "--serial", pair.boardEnd().toString(), "--commit", "clock", "--time", "main=300,byoyomi=10");
        List<String> seen = new ArrayList<>();
        String address = p.await(Pattern.compile("^http://127\\.0\\.0\\.1:\\d+"), seen);
        assertThat(seen).as("the simulator's first line is its address").hasSize(1);
        return new Simulator(p, URI.create(address));
    }

    private JsonNode post(Simulator s, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(s.address().resolve(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + body + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private JsonNode state(Simulator s) throws Exception {
        return JSON.readTree(http.send(HttpRequest.newBuilder(s.address().resolve("/api/state")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
    }

    /** A move by hand on the page, then the mover's clock (tournament mode); waits for the host's MOVE line. */
    private String move(Simulator s, Host host, String from, String to, String clock) throws Exception {
        post(s, "/api/hand", "{\"action\":\"lift\",\"place\":\"" + from + "\"}");
        post(s, "/api/hand", "{\"action\":\"put\",\"place\":\"" + to + "\"}");
        Thread.sleep(600);
        post(s, "/api/press", "{\"button\":\"" + clock + "\"}");
        return host.nextEvent("MOVE");
    }

    @Test
    void killedInTheMiddleOfAGameItResumesItAndTheHostLosesNoEventAndSeesNoNumberTwice() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        List<String> seen = new ArrayList<>();
        PtyPair pair = new PtyPair(dir).start();
        Simulator first = start(pair);
        try (Host host = new Host(pair.hostEnd())) {
            host.handshake();
            host.send("SINCE 0");
            for (String l; !(l = host.line()).startsWith("OK last"); ) {
                seen.add(l);
            }
            await(() -> state(first).get("phase").asText().equals("PLAYING"));
            seen.add(move(first, host, "7g", "7f", "clock-sente"));
            seen.add(move(first, host, "3c", "3d", "clock-gote"));
        } finally {
            first.process().kill();
            pair.close();
        }
        String lastSeen = seen.get(seen.size() - 1);
        assertThat(lastSeen).matches("\\* \\d+ MOVE 2 3c3d -3334FU,T\\d+");
        long lastSeq = Long.parseLong(lastSeen.split(" ")[1]);

        pair = new PtyPair(dir).start();
        Simulator second = start(pair);
        try (Host host = new Host(pair.hostEnd())) {
            host.handshake();
            JsonNode resumed = state(second);
            assertThat(resumed.get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\"]");
            assertThat(resumed.get("mode").asText()).isEqualTo("tournament");
            assertThat(resumed.get("timeControl").asText()).startsWith("main=300,byoyomi=10");

            host.send("SINCE 0");
            List<String> all = new ArrayList<>();
            for (String l; !(l = host.line()).startsWith("OK last"); ) {
                all.add(l);
            }
            // every event the host saw before the kill is there under its own number
            for (String line : seen) {
                assertThat(all).contains(line);
            }
            // events pushed live since the board opened the device come before SINCE's; a host keys them by number:
            // one number, one event, and no number missing from 1 to the last
            java.util.TreeMap<Long, String> bySeq = new java.util.TreeMap<>();
            for (String line : all) {
                String before = bySeq.put(Long.parseLong(line.split(" ")[1]), line);
                assertThat(before == null || before.equals(line)).as("%s and %s", before, line).isTrue();
            }
            List<Long> numbers = new ArrayList<>(bySeq.keySet());
            assertThat(numbers.get(0)).isEqualTo(1);
            assertThat(numbers.get(numbers.size() - 1)).isEqualTo(numbers.size());
            assertThat(all).anyMatch(l -> l.matches("\\* " + "\\d+ GAME \\S+ resumed 2"));
            assertThat(numbers.get(numbers.size() - 1)).isGreaterThan(lastSeq);

            // the players check the pieces (the simulator laid them out where the game left them): once the board
            // has seen them still, sente's clock runs again and the game goes on
            await(() -> {
                long before = state(second).get("clock").get("sente").get("mainMs").asLong();
                Thread.sleep(200);
                return state(second).get("clock").get("sente").get("mainMs").asLong() < before;
            });
            String third = move(second, host, "2g", "2f", "clock-sente");
            assertThat(third).matches("\\* \\d+ MOVE 3 2g2f \\+2726FU,T\\d+");
            assertThat(Long.parseLong(third.split(" ")[1])).isGreaterThan(numbers.get(numbers.size() - 1));
        } finally {
            second.process().kill();
            pair.close();
        }
    }

    /** A check on the running process, tried every 50 ms for up to 30 s (a process of its own on a loaded machine). */
    private interface Check {
        boolean holds() throws Exception;
    }

    private static void await(Check check) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!check.holds()) {
            assertThat(System.nanoTime()).as("waited 30 s").isLessThan(end);
            Thread.sleep(50);
        }
    }
}
