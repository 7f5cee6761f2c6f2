package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * lishogi's Board API over HTTP (Java's own {@link HttpClient}, JSON by Jackson): the account, the event and game
 * streams (NDJSON, a bare newline as keep-alive), seeks, challenges, moves, resignation and abort. Every refusal is
 * a {@link SiteException} in words; the token goes in the {@code Authorization} header only. Thread-safe.
 */
public final class LishogiClient implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final URI site;
    private final Token token;
    private final Duration silence;
    private final Duration answerTimeout;
    private final HttpClient http;
    private final ScheduledExecutorService watchdog;

    /**
     * @param site the site, e.g. {@code https://lishogi.org}
     * @param token the account's token
     * @param silence a stream silent this long (no line, no keep-alive) counts as dropped (lishogi: keep-alives every
     *     6 s; about 20 s)
     * @param answerTimeout how long an answer to a request is waited for before it counts as lost
     */
    public LishogiClient(URI site, Token token, Duration silence, Duration answerTimeout) {
        this.site = Objects.requireNonNull(site, "site");
        this.token = Objects.requireNonNull(token, "token");
        this.silence = silence;
        this.answerTimeout = answerTimeout;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        this.watchdog = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("shogiban-lishogi-watchdog").unstarted(r));
    }

    /** The site's host name, as faults name it ({@code lishogi at <host>}). */
    public String host() {
        return site.getHost() + (site.getPort() > 0 ? ":" + site.getPort() : "");
    }

    /** The site's address. */
    public URI site() {
        return site;
    }

    /** The account the token belongs to ({@code GET /api/account}): its {@code id}, {@code username}, ... */
    public JsonNode account() throws SiteException {
        return send(request("/api/account").GET().build(), "the account");
    }

    /** Makes a move ({@code POST /api/board/game/<id>/move/<usi>}). */
    public void move(String gameId, String usi) throws SiteException {
        post("/api/board/game/" + gameId + "/move/" + usi, Map.of(), "move " + usi);
    }

    /** Resigns the game. */
    public void resign(String gameId) throws SiteException {
        post("/api/board/game/" + gameId + "/resign", Map.of(), "resign");
    }

    /** Aborts the game (before both sides have moved). */
    public void abort(String gameId) throws SiteException {
        post("/api/board/game/" + gameId + "/abort", Map.of(), "abort");
    }

    /** Challenges a player ({@code POST /api/challenge/<user>}); returns the challenge. */
    public JsonNode challenge(String user, Map<String, String> form) throws SiteException {
        return post("/api/challenge/" + URLEncoder.encode(user, StandardCharsets.UTF_8), form, "challenge");
    }

    /** Cancels a challenge the account made. */
    public void cancelChallenge(String id) throws SiteException {
        post("/api/challenge/" + id + "/cancel", Map.of(), "cancel the challenge");
    }

    /**
     * A seek in the lobby ({@code POST /api/board/seek}): the site answers blank lines until an opponent is found,
     * then closes (the game comes on the event stream). Returns when it closes; {@code handle} cancels it.
     */
    public void seek(Map<String, String> form, StreamHandle handle) throws SiteException {
        HttpRequest r = request("/api/board/seek").header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formText(form))).build();
        stream(r, "the seek", line -> {
        }, handle);
    }

    /** Follows the account's events ({@code GET /api/stream/event}) until the stream ends or is dropped. */
    public void events(Consumer<JsonNode> onEvent, StreamHandle handle) throws SiteException {
        stream(request("/api/stream/event").GET().build(), "the event stream", onEvent, handle);
    }

    /** Follows a game ({@code GET /api/board/game/stream/<id>}) until it ends or is dropped. */
    public void game(String gameId, Consumer<JsonNode> onLine, StreamHandle handle) throws SiteException {
        stream(request("/api/board/game/stream/" + gameId).GET().build(), "the game stream", onLine, handle);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(site.resolve(path)).header("Authorization", token.bearer())
                .header("Accept", "application/json, application/x-ndjson");
    }

    private JsonNode post(String path, Map<String, String> form, String what) throws SiteException {
        HttpRequest r = request(path).timeout(answerTimeout)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formText(form))).build();
        return send(r, what);
    }

    private JsonNode send(HttpRequest r, String what) throws SiteException {
        HttpResponse<String> answer;
        try {
            answer = http.send(r.timeout().isPresent() ? r : HttpRequest.newBuilder(r, (k, v) -> true)
                    .timeout(answerTimeout).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": lishogi at " + host()
                    + " did not answer (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": interrupted");
        }
        check(answer.statusCode(), answer.body(), what);
        try {
            return answer.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(answer.body());
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    private void stream(HttpRequest r, String what, Consumer<JsonNode> onLine, StreamHandle handle)
            throws SiteException {
        HttpResponse<InputStream> answer;
        try {
            answer = http.send(r, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": lishogi at " + host()
                    + " cannot be reached (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": interrupted");
        }
        if (answer.statusCode() != 200) {
            String body;
            try (InputStream in = answer.body()) {
                body = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            } catch (IOException e) {
                body = "";
            }
            check(answer.statusCode(), body, what);
        }
        read(answer.body(), what, onLine, handle);
    }

    /** Reads NDJSON lines until the end, the handle's close, or a silence longer than allowed. */
    private void read(InputStream body, String what, Consumer<JsonNode> onLine, StreamHandle handle)
            throws SiteException {
        long[] lastHeard = {System.nanoTime()};
        boolean[] silent = {false};
        handle.opened(body);
        ScheduledFuture<?> dog = watchdog.scheduleAtFixedRate(() -> {
            if (System.nanoTime() - lastHeard[0] > silence.toNanos()) {
                silent[0] = true;
                closeQuietly(body);
            }
        }, 250, 250, TimeUnit.MILLISECONDS);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                lastHeard[0] = System.nanoTime();
                if (line.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = JSON.readTree(line);
                } catch (IOException e) {
                    continue;
                }
                onLine.accept(node);
            }
        } catch (IOException e) {
            if (handle.closed()) {
                return;
            }
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": lishogi at " + host()
                    + (silent[0] ? " fell silent for " + silence.toSeconds() + " s" : " dropped it ("
                    + e.getClass().getSimpleName() + ")"));
        } finally {
            dog.cancel(false);
        }
        if (silent[0] && !handle.closed()) {
            throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": lishogi at " + host()
                    + " fell silent for " + silence.toSeconds() + " s");
        }
    }

    /** A refusal in words; the site's own reason for a 400. */
    private void check(int status, String body, String what) throws SiteException {
        if (status >= 200 && status < 300) {
            return;
        }
        String reason = reason(body);
        switch (status) {
            case 401, 403 -> throw new SiteException(SiteException.Kind.TOKEN_REFUSED, "the lishogi token was "
                    + "refused" + (reason.isEmpty() ? "" : " (" + reason + ")"));
            case 429 -> throw new SiteException(SiteException.Kind.RATE_LIMITED, what + ": lishogi asks to wait "
                    + "(too many requests)");
            case 404 -> throw new SiteException(SiteException.Kind.GONE, what + ": the game is gone"
                    + (reason.isEmpty() ? "" : " (" + reason + ")"));
            case 400 -> throw new SiteException(SiteException.Kind.REFUSED, reason.isEmpty() ? what
                    + ": refused by lishogi" : reason);
            default -> throw new SiteException(SiteException.Kind.UNREACHABLE, what + ": lishogi at " + host()
                    + " answered " + status);
        }
    }

    private static String reason(String body) {
        try {
            JsonNode n = JSON.readTree(body == null ? "" : body);
            if (n != null && n.hasNonNull("error")) {
                JsonNode e = n.get("error");
                return e.isTextual() ? e.asText() : e.toString();
            }
        } catch (IOException | RuntimeException e) {
            // not JSON: no reason given
        }
        return "";
    }

    static String formText(Map<String, String> form) {
        return form.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (IOException e) {
            // closing to stop reading: nothing more to do
        }
    }

    /** A stream being read, closed from another thread to stop it (a cancelled seek, the game over, closing). */
    public static final class StreamHandle {
        private volatile InputStream body;
        private volatile boolean closed;

        void opened(InputStream in) {
            body = in;
            if (closed) {
                closeQuietly(in);
            }
        }

        /** Whether it was closed on purpose. */
        public boolean closed() {
            return closed;
        }

        /** Stops the stream: its reader returns as from a normal end. */
        public void close() {
            closed = true;
            InputStream in = body;
            if (in != null) {
                closeQuietly(in);
            }
        }
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        http.shutdownNow();
    }
}
