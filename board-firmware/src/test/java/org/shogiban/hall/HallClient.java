package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;

/** The arbiter's page's side of the API, for tests: its cookie, its CSRF token, JSON in and out. */
public final class HallClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String base;
    private final HttpClient http;
    private String csrf;

    public HallClient(String base) {
        this(base, null);
    }

    /** A client trusting {@code tls} (a test's own certificate), or the system's trust when null. */
    public HallClient(String base, SSLContext tls) {
        this.base = base;
        HttpClient.Builder b = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .connectTimeout(Duration.ofSeconds(5));
        if (tls != null) {
            b.sslContext(tls);
        }
        http = b.build();
    }

    /** Takes the CSRF token of the session (or of the loopback hall without accounts). */
    public JsonNode session() throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/session");
        JsonNode s = JSON.readTree(r.body());
        if (r.statusCode() == 200) {
            csrf = s.path("csrf").asText();
        }
        return s;
    }

    public HttpResponse<String> login(String name, String password) throws IOException, InterruptedException {
        HttpResponse<String> r = post("/api/login", JSON.createObjectNode().put("name", name)
                .put("password", password).toString());
        if (r.statusCode() == 200) {
            csrf = JSON.readTree(r.body()).path("csrf").asText();
        }
        return r;
    }

    public HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    public HttpResponse<byte[]> bytes(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    public HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        if (csrf != null) {
            b.header("X-CSRF-Token", csrf);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The hall's view now. */
    public JsonNode view() throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/hall");
        if (r.statusCode() != 200) {
            throw new IOException("GET /api/hall: " + r.statusCode() + " " + r.body());
        }
        return JSON.readTree(r.body());
    }

    /** Polls the view until it fits (15 s at most). */
    public JsonNode await(String what, Predicate<JsonNode> fits) throws IOException, InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        JsonNode v = null;
        while (System.nanoTime() < until) {
            v = view();
            if (fits.test(v)) {
                return v;
            }
            Thread.sleep(30);
        }
        throw new AssertionError("not within 15 s: " + what + "; the hall: " + v);
    }

    /** A board of a view, or a missing node. */
    public static JsonNode board(JsonNode view, String id) {
        for (JsonNode b : view.path("boards")) {
            if (b.path("id").asText().equals(id)) {
                return b;
            }
        }
        return JSON.missingNode();
    }
}
