package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The page's long poll over HTTP: {@code /api/hall?since=} answers the whole hall to a new page, gzip when the page
 * accepts it, with an ETag a repeated request gets {@code 304} for; {@code /api/hall?after=} answers the whole hall's
 * document as it always did (no ETag, no {@code full}).
 */
class HallPageAnswersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theChangesComeGzippedWithAnEtagAndTheWholeHallAsBefore() throws Exception {
        try (Hall hall = new Hall("tcp://127.0.0.1:9", "h1", null, null, null);
             HallServer server = new HallServer(hall, "127.0.0.1", 0)) {
            server.start();
            HttpClient http = HttpClient.newHttpClient();
            URI since = URI.create("http://127.0.0.1:" + server.port() + "/api/hall?since=-1");

            HttpResponse<byte[]> zipped = http.send(HttpRequest.newBuilder(since).header("Accept-Encoding",
                    "gzip, deflate").build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(zipped.statusCode()).isEqualTo(200);
            assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
            assertThat(zipped.headers().firstValue("Vary")).hasValue("Accept-Encoding");
            assertThat(zipped.headers().firstValue("Cache-Control")).hasValue("no-cache");
            String etag = zipped.headers().firstValue("ETag").orElseThrow();
            JsonNode doc = JSON.readTree(new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes());
            assertThat(doc.path("full").asBoolean()).as("a new page gets the whole hall").isTrue();
            assertThat(doc.path("hall").asText()).isEqualTo("h1");
            assertThat(doc.has("boards") && doc.has("calls") && doc.has("rounds") && doc.has("faults")).isTrue();

            HttpResponse<byte[]> plain = http.send(HttpRequest.newBuilder(since).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
            assertThat(JSON.readTree(plain.body())).isEqualTo(doc);

            HttpResponse<byte[]> again = http.send(HttpRequest.newBuilder(since).header("If-None-Match", etag)
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertThat(again.statusCode()).as("nothing changed: not sent again").isEqualTo(304);
            assertThat(again.body()).isEmpty();

            HttpResponse<byte[]> whole = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + server.port() + "/api/hall?after=-1")).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            JsonNode old = JSON.readTree(whole.body());
            assertThat(whole.headers().firstValue("ETag")).as("the whole hall's answer as before").isEmpty();
            assertThat(old.has("full")).isFalse();
            assertThat(old.path("version").asLong()).isEqualTo(doc.path("version").asLong());
            assertThat(old.path("boards")).isEqualTo(doc.path("boards"));
            assertThat(old.path("rounds")).isEqualTo(doc.path("rounds"));
        }
    }
}
