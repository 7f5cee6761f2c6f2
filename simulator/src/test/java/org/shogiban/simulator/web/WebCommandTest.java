package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.simulator.Cli;
import org.shogiban.simulator.SimulatorCommand;

/** The {@code web} command line: its options, its address, its refusals. */
class WebCommandTest {

    @Test
    void portZeroPicksAFreePortOnLoopbackAndThePageAnswersThere() throws Exception {
        try (WebCommand.Running running = WebCommand.start(List.of("--port", "0", "--sensors", "polarity",
                "--commit", "clock"))) {
            assertThat(running.address().toString()).matches("http://127\\.0\\.0\\.1:\\d+/");
            HttpResponse<String> state = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    running.address().resolve("/api/state")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(state.statusCode()).isEqualTo(200);
            assertThat(state.body()).contains("\"sensors\":\"polarity\"", "\"mode\":\"tournament\"");
        }
    }

    @Test
    void stateAndSerialAreAttachedToTheBoardThePageShows(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state");
        try (WebCommand.Running running = WebCommand.start(List.of("--port", "0", "--state", state.toString(),
                "--serial", dir.resolve("no-such-device").toString(), "--time", "main=300"))) {
            assertThat(running.board().setup().time()).startsWith("main=300,");
        }
        // the journal and the link's event log are in the state directory
        assertThat(state.resolve("journal.log")).isRegularFile();
        assertThat(state.resolve("link-events.log")).isRegularFile();
        // a state directory that cannot be used does not stop the board: it plays (the journal's fault is in the
        // snapshot's faults; this page's /api/state is its own projection and has no faults yet)
        try (WebCommand.Running running = WebCommand.start(List.of("--port", "0", "--state",
                state.resolve("journal.log").toString()))) {
            String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(running.address().resolve(
                    "/api/state")).build(), HttpResponse.BodyHandlers.ofString()).body();
            assertThat(body).startsWith("{\"phase\":");
        }
    }

    @Test
    void badOptionsAreUsageErrorsNamingThem() {
        assertThatThrownBy(() -> WebCommand.start(List.of("--port", "70000")))
                .isInstanceOf(SimulatorCommand.UsageError.class).hasMessageContaining("--port must be 0..65535");
        assertThatThrownBy(() -> WebCommand.start(List.of("--sensors", "laser")))
                .hasMessageContaining("laser");
        assertThatThrownBy(() -> WebCommand.start(List.of("--port", "0", "--time", "main=soon")))
                .hasMessageContaining("main=soon");
        assertThatThrownBy(() -> WebCommand.start(List.of("--colour", "red")))
                .hasMessageContaining("unknown option --colour");
    }

    @Test
    void aPortAnotherProgramHoldsIsAUsageErrorSayingWhatToDo() throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            assertThatThrownBy(() -> WebCommand.start(List.of("--port", port)))
                    .isInstanceOf(SimulatorCommand.UsageError.class)
                    .hasMessageContaining("cannot listen on 127.0.0.1:" + port)
                    .hasMessageContaining("--port 0 for any free one");
        }
    }

    @Test
    void theCommandIsListedInTheUsage() {
        assertThat(Cli.run("help").out()).anyMatch(l -> l.contains("web [--port 8080] [--bind 127.0.0.1]"));
    }
}
