package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hall server's HTTP answers: the API's refusals, a command through the hall, the relay's CORS and errors. */
class HallServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theApiRefusesWhatItShouldAndTheRelayIsOpenToEverySiteButReadOnly() throws Exception {
        try (Mosquitto broker = Mosquitto.open(dir);
             Hall hall = new Hall(broker.url(), "h1", null, null, null);
             HallBoardRig b1 = new HallBoardRig(Files.createDirectories(dir.resolve("b1")), broker.url(), "b1", null,
                     null)) {
            hall.start();
            try (HallServer server = new HallServer(hall, "127.0.0.1", 0)) {
                server.start();
                String base = "http://127.0.0.1:" + server.port();
                b1.move("7g7f");
                JsonNode view = null;
                for (int i = 0; i < 250; i++) {
                    view = JSON.readTree(get(base + "/api/hall").body());
                    if (view.path("boards").size() == 1 && view.path("boards").get(0).path("seq").asLong() >= 3) {
                        break;
                    }
                    Thread.sleep(20);
                }
                assertThat(view.path("boards").get(0).path("id").asText()).isEqualTo("b1");
                assertThat(view.path("boards").get(0).path("status").asText()).isEqualTo("online");

                // on the loopback without an account nobody logs in, but every POST carries the page's CSRF token
                JsonNode session = JSON.readTree(get(base + "/api/session").body());
                assertThat(session.path("login").asBoolean()).isFalse();
                csrf = session.path("csrf").asText();
                assertThat(csrf).hasSizeGreaterThan(20);
                assertThat(send(base + "/api/ack", "POST", "text/plain", "{}").statusCode()).isEqualTo(415);
                assertThat(send(base + "/api/ack", "POST", "application/jsonp", "{}").statusCode())
                        .as("exactly application/json").isEqualTo(415);
                assertThat(send(base + "/api/ack", "POST", "application/json; charset=latin1", "{}").statusCode())
                        .isEqualTo(415);
                assertThat(send(base + "/api/ack", "POST", "application/json", "[1]").statusCode()).isEqualTo(400);
                HttpResponse<String> unknown = send(base + "/", "FOO", null, null);
                assertThat(unknown.statusCode()).as("FOO /").isEqualTo(501);
                assertThat(unknown.body()).contains("FOO is not known");
                assertThat(send(base + "/", "POST", "application/json", "{}").statusCode()).isEqualTo(405);
                assertThat(send(base + "/api/hall", "PUT", "application/json", "{}").statusCode()).isEqualTo(501);
                assertThat(send(base + "/api/hall", "DELETE", null, null).statusCode()).isEqualTo(501);
                String token = csrf;
                csrf = null;
                assertThat(send(base + "/api/ack", "POST", "application/json", "{\"board\":\"b1\",\"seq\":1}")
                        .statusCode()).as("a POST without the CSRF token").isEqualTo(403);
                csrf = token;
                HttpResponse<String> wrongMethod = get(base + "/api/cmd");
                assertThat(wrongMethod.statusCode()).isEqualTo(405);
                assertThat(wrongMethod.headers().firstValue("Allow")).hasValue("POST");
                assertThat(send(base + "/api/cmd", "POST", "application/json", "{\"board\":\"zz\",\"line\":\"HELLO\"}")
                        .statusCode()).isEqualTo(400);
                HttpResponse<String> hello = send(base + "/api/cmd", "POST", "application/json",
                        "{\"board\":\"b1\",\"line\":\"HELLO\"}");
                assertThat(hello.statusCode()).isEqualTo(200);
                assertThat(JSON.readTree(hello.body()).path("reply").asText()).startsWith("OK shogiban ");
                assertThat(get(base + "/nothing").statusCode()).isEqualTo(404);

                assertThat(get(base + "/relay/zz.kif").statusCode()).isEqualTo(404);
                assertThat(get(base + "/relay/b1.txt").statusCode()).isEqualTo(404);
                HttpResponse<String> preflight = send(base + "/relay/b1.kif", "OPTIONS", null, null);
                assertThat(preflight.statusCode()).isEqualTo(204);
                assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
                assertThat(send(base + "/relay/b1.kif", "POST", "application/json", "{}").statusCode())
                        .isEqualTo(405);
                HttpResponse<String> jkf = get(base + "/relay/b1.jkf");
                assertThat(jkf.statusCode()).isEqualTo(200);
                assertThat(JSON.readTree(jkf.body()).path("moves").size()).isEqualTo(2);
                assertThat(get(base + "/relay/").body()).contains("data-relay=\"b1\"").contains("b1.kif");
            }
        }
    }

    private String csrf;

    private HttpResponse<String> get(String url) throws Exception {
        return send(url, "GET", null, null);
    }

    private HttpResponse<String> send(String url, String method, String type, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).method(method, body == null
                ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            b.header("Content-Type", type);
        }
        if (csrf != null) {
            b.header("X-CSRF-Token", csrf);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
