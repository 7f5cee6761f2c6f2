package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Against the real lishogi.org, only when a token is given ({@code SHOGIBAN_LISHOGI_TOKEN}, scope
 * {@code board:play}; {@code SHOGIBAN_LISHOGI_URL} for another site): checks the account and keeps the event stream
 * open for 8 s (a keep-alive comes every 6 s). Skipped, saying so, without a token.
 */
class RealLishogiTest {
    @Test
    void theAccountAnswersAndTheEventStreamStaysOpen() throws Exception {
        String secret = System.getenv("SHOGIBAN_LISHOGI_TOKEN");
        assumeThat(secret).as("SHOGIBAN_LISHOGI_TOKEN is not set: the test against the real lishogi.org is "
                + "skipped").isNotBlank();
        URI site = URI.create(System.getenv().getOrDefault("SHOGIBAN_LISHOGI_URL", "https://lishogi.org"));
        try (LishogiClient client = new LishogiClient(site, Token.of(secret.strip()), Duration.ofSeconds(20),
                Duration.ofSeconds(15))) {
            JsonNode account = client.account();
            assertThat(account.path("id").asText()).as("the account's id").isNotBlank();
            List<JsonNode> events = new CopyOnWriteArrayList<>();
            LishogiClient.StreamHandle handle = new LishogiClient.StreamHandle();
            CompletableFuture<Void> reading = CompletableFuture.runAsync(() -> {
                try {
                    client.events(events::add, handle);
                } catch (SiteException e) {
                    throw new IllegalStateException(e.getMessage(), e);
                }
            });
            Thread.sleep(8_000);
            assertThat(reading).as("the event stream is still open after 8 s").isNotDone();
            handle.close();
            reading.get(5, TimeUnit.SECONDS);
            events.forEach(e -> assertThat(e.has("type")).as("an event: %s", e).isTrue());
        }
    }
}
