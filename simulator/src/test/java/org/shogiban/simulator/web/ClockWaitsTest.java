package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code web} command as a user starts it, in real time, with a time control: the game is laid out and starts,
 * and the clock waits (no side's time runs, nothing is charged) until a player starts it with gote's clock button;
 * the record's first move is charged only the time from that press.
 */
class ClockWaitsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    private JsonNode get(URI base, String path) throws Exception {
        return JSON.readTree(http.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body());
    }

    private String text(URI base, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }

    private void post(URI base, String path, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + " " + body + ": " + r.body()).isEqualTo(200);
    }

    private JsonNode waitForState(URI base, java.util.function.Predicate<JsonNode> what) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        JsonNode s = get(base, "/api/state");
        while (!what.test(s)) {
            assertThat(System.nanoTime()).as("state: %s", s).isLessThan(deadline);
            Thread.sleep(20);   // polling a real-time service from outside, as a page does
            s = get(base, "/api/state");
        }
        return s;
    }

    @Test
    void theClockIsUntouchedUntilAPlayerStartsItAndTheFirstMoveIsChargedOnlyFromThere(@TempDir Path dir)
            throws Exception {
        try (WebCommand.Running web = WebCommand.start(List.of("--port", "0", "--time", "main=600,byoyomi=30",
                "--state", dir.resolve("state").toString()))) {
            URI base = web.address();
            waitForState(base, s -> s.get("phase").asText().equals("PLAYING"));
            Thread.sleep(3000);   // nobody at the board for three seconds
            JsonNode waiting = get(base, "/api/state");
            assertThat(waiting.get("clock").get("running").asText()).isEqualTo("none");
            assertThat(waiting.get("clock").get("sente").get("mainMs").asLong()).isEqualTo(600_000);
            assertThat(waiting.get("clock").get("gote").get("mainMs").asLong()).isEqualTo(600_000);

            post(base, "/api/press", "{\"button\":\"clock-gote\"}");
            long pressed = System.nanoTime();
            waitForState(base, s -> s.get("clock").get("running").asText().equals("sente"));
            post(base, "/api/hand", "{\"action\":\"lift\",\"place\":\"7g\"}");
            post(base, "/api/hand", "{\"action\":\"put\",\"place\":\"7f\"}");
            waitForState(base, s -> s.get("moves").toString().equals("[\"7g7f\"]"));
            long sincePress = (System.nanoTime() - pressed) / 1_000_000;

            String csa = text(base, "/api/games/current?format=csa");
            Matcher t = Pattern.compile("\\+7776FU\\s*\\nT(\\d+)").matcher(csa);
            assertThat(t.find()).as(csa).isTrue();
            long charged = Long.parseLong(t.group(1));
            assertThat(charged * 1000).as("the first move's time (CSA T, whole seconds)").isLessThanOrEqualTo(
                    sincePress);
            assertThat(charged).as("not the three seconds before the press").isLessThan(3);
            JsonNode after = get(base, "/api/state");
            assertThat(after.get("clock").get("sente").get("mainMs").asLong()).isGreaterThan(600_000 - 3000)
                    .isLessThanOrEqualTo(600_000);
        }
    }
}
