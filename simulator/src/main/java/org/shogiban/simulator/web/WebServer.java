package org.shogiban.simulator.web;

import static org.shogiban.simulator.web.StrictRequests.flag;
import static org.shogiban.simulator.web.StrictRequests.index;
import static org.shogiban.simulator.web.StrictRequests.optional;
import static org.shogiban.simulator.web.StrictRequests.query;
import static org.shogiban.simulator.web.StrictRequests.requireMethod;
import static org.shogiban.simulator.web.StrictRequests.text;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.shogiban.app.StartPositions;
import org.shogiban.hal.Button;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.rules.Side;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.simulator.trace.Place;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web simulator's HTTP side, on the JDK's own server: the page and its script from the jar, the board's snapshot
 * and the page's view as JSON, the live stream of changes (server-sent events), and the page's requests, each checked
 * before it reaches the board.
 *
 * <p>Robustness: unknown paths are 404, a wrong method 405, a body that is not a JSON object (or not declared as
 * {@code application/json}) 400 or 415 with a message, a body over {@value #MAX_BODY} bytes 413, a request from
 * another site's page 403; the board's refusals are 409 (cannot be done now) or 501 (not built yet). Nothing a request
 * says is used as a path: the page's files are a fixed list, records are found by a validated id. A closed tab's
 * stream ends at its next write (a heartbeat at the latest).
 */
public final class WebServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(WebServer.class);
    /** The largest request body taken. */
    public static final int MAX_BODY = 16 * 1024;
    /** The page's files: request path to resource name and content type; nothing else is served from the jar. */
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[] {"index.html", "text/html; charset=utf-8"},
            "/index.html", new String[] {"index.html", "text/html; charset=utf-8"},
            "/board.css", new String[] {"board.css", "text/css; charset=utf-8"},
            "/board.js", new String[] {"board.js", "text/javascript; charset=utf-8"},
            "/messages_ja.json", new String[] {"messages_ja.json", "application/json; charset=utf-8"},
            "/messages_en.json", new String[] {"messages_en.json", "application/json; charset=utf-8"},
            "/shogiban-ja.woff", new String[] {"shogiban-ja.woff", "font/woff"},
            "/OFL.txt", new String[] {"OFL.txt", "text/plain; charset=utf-8"},
            "/favicon.svg", new String[] {"favicon.svg", "image/svg+xml"},
            "/favicon.ico", new String[] {"favicon.svg", "image/svg+xml"});

    private final WebBoard board;
    private final long heartbeatMillis;
    /** Strict reading: a key given twice or data after the object is an error, not a silent choice. */
    private final ObjectMapper json = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    private final PageNews news = new PageNews();
    private final Object streams = new Object();
    private int openStreams;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final AutoCloseable subscription;

    /**
     * @param board the board the pages play on
     * @param address where to listen (port 0: any free port)
     * @param heartbeatMillis how often an idle stream is written to, which is when a closed tab is noticed
     */
    public WebServer(WebBoard board, InetSocketAddress address, long heartbeatMillis) throws IOException {
        this.board = Objects.requireNonNull(board, "board");
        this.heartbeatMillis = heartbeatMillis;
        this.server = HttpServer.create(address, 64);
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        this.subscription = board.subscribe(news);
    }

    /** Starts answering; returns the page's address, e.g. {@code http://127.0.0.1:8080/}. */
    public URI start() {
        server.start();
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().getHostAddress();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + a.getPort() + "/");
    }

    /** Live streams open now. */
    public int openStreams() {
        synchronized (streams) {
            return openStreams;
        }
    }

    /**
     * Waits up to {@code timeoutMillis} until exactly {@code count} live streams are open; returns whether they are.
     * For tests and tools that must know when a closed tab's stream was let go.
     */
    public boolean awaitOpenStreams(int count, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        synchronized (streams) {
            while (openStreams != count) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return false;
                }
                streams.wait(left);
            }
            return true;
        }
    }

    private void countStream(int delta) {
        synchronized (streams) {
            openStreams += delta;
            streams.notifyAll();
        }
    }

    /** Ends the streams and stops the server (the board is the caller's to close). */
    @Override
    public void close() {
        news.close();
        try {
            subscription.close();
        } catch (Exception e) {
            log.debug("unsubscribing from the board failed", e);
        }
        server.stop(0);
        executor.shutdownNow();
    }

    // ------------------------------------------------------------------------------------------------ dispatch

    private void handle(HttpExchange ex) {
        try (ex) {
            try {
                route(ex);
            } catch (Refusal r) {
                error(ex, r.status, r.getMessage());
            } catch (IllegalArgumentException e) {
                error(ex, 400, e.getMessage());
            } catch (IllegalStateException e) {
                error(ex, 409, e.getMessage());
            } catch (UnsupportedOperationException e) {
                error(ex, 501, e.getMessage());
            } catch (IOException e) {
                log.debug("request {} {} ended: {}", ex.getRequestMethod(), ex.getRequestURI(), e.toString());
            } catch (RuntimeException e) {
                log.error("request {} {} failed", ex.getRequestMethod(), ex.getRequestURI(), e);
                error(ex, 500, "the simulator failed on this request: " + e);
            }
        } catch (RuntimeException e) {
            log.debug("answering {} failed: {}", ex.getRequestURI(), e.toString());
        }
    }

    private void route(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getRawPath();
        String method = ex.getRequestMethod();
        if (FILES.containsKey(path)) {
            requireMethod(method, "GET");
            String[] file = FILES.get(path);
            byte[] body = resource(file[0]);
            if (file[0].equals("index.html")) {
                // the page speaks the language the browser prefers (the page's script may switch it)
                body = new String(body, StandardCharsets.UTF_8).replace("<html lang=\"ja\">",
                        "<html lang=\"" + language(ex.getRequestHeaders().getFirst("Accept-Language")) + "\">")
                        .getBytes(StandardCharsets.UTF_8);
            }
            send(ex, 200, file[1], body);
            return;
        }
        switch (path) {
            case "/api/state" -> {
                requireMethod(method, "GET");
                send(ex, 200, "application/json; charset=utf-8",
                        board.stateJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
            case "/api/view" -> {
                requireMethod(method, "GET");
                sendJson(ex, 200, PageState.of(board));
            }
            case "/api/events" -> {
                requireMethod(method, "GET");
                stream(ex);
            }
            case "/api/options" -> {
                requireMethod(method, "GET");
                sendJson(ex, 200, options());
            }
            case "/api/games" -> {
                requireMethod(method, "GET");
                sendJson(ex, 200, json.valueToTree(board.games()));
            }
            case "/api/hand" -> hand(ex, body(ex, "action", "place", "held"));
            case "/api/press" -> {
                JsonNode b = body(ex, "button");
                board.press(button(text(b, "button")));
                ok(ex);
            }
            case "/api/resign" -> {
                JsonNode b = body(ex, "side");
                board.resign(side(text(b, "side")));
                ok(ex);
            }
            case "/api/declare" -> {
                body(ex);   // {} and nothing else
                board.declare();
                ok(ex);
            }
            case "/api/hint" -> {
                body(ex);
                board.hint();
                ok(ex);
            }
            case "/api/lay-out" -> {
                body(ex);   // {} and nothing else
                board.layOut();
                ok(ex);
            }
            case "/api/new-game" -> {
                JsonNode b = body(ex, "mode", "time", "start", "layOut", "sente", "gote", "engine", "level",
                        "online", "color", "rated", "user");
                board.newGame(new WebBoard.NewGame(optional(b, "mode"), optional(b, "time"), optional(b, "start"),
                        flag(b, "layOut", true), optional(b, "sente"),
                        optional(b, "gote"), optional(b, "engine"), optional(b, "level"), optional(b, "online"),
                        optional(b, "color"), optional(b, "rated"), optional(b, "user")));
                ok(ex);
            }
            case "/api/arbiter" -> arbiter(ex, body(ex, "pin", "action", "side", "seconds", "status", "winner",
                    "reason"));
            default -> {
                if (path.startsWith("/api/games/")) {
                    requireMethod(method, "GET");
                    download(ex, path.substring("/api/games/".length()));
                } else {
                    throw new Refusal(404, "nothing at " + path);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ actions

    private void hand(HttpExchange ex, JsonNode b) throws IOException {
        String action = text(b, "action");
        Integer held = b.has("held") ? index(b.get("held")) : null;
        switch (action) {
            case "lift" -> board.lift(place(text(b, "place")));
            case "put" -> board.put(place(text(b, "place")), held);
            case "flip" -> {
                if (held == null) {
                    throw new IllegalArgumentException("flip needs 'held', the index of a held piece");
                }
                board.flipHeld(held);
            }
            default -> throw new IllegalArgumentException("action '" + action + "' is not lift, put or flip");
        }
        ok(ex);
    }

    private void arbiter(HttpExchange ex, JsonNode b) throws IOException {
        // the board's own PIN, the one its USB link checks: given once to its assembly
        byte[] pin = board.arbiterPin().map(p -> p.getBytes(StandardCharsets.UTF_8)).orElse(null);
        if (pin == null) {
            throw new Refusal(403, "no arbiter PIN is set on this board: the arbiter's actions are off");
        }
        byte[] given = text(b, "pin").getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(given, pin)) {
            throw new Refusal(403, "wrong PIN");
        }
        List<String> words = arbiterWords(b);
        ArbiterCommands.parse(words, 0); // the words are checked here: a bad one is a 400 naming it
        board.arbiter(words);
        ok(ex);
    }

    /**
     * The arbiter's words as the console and the USB link write them, from the page's fields: {@code action}, then
     * {@code side} and {@code seconds} for {@code adjust}, {@code status}, {@code winner} and an optional
     * {@code reason} for {@code result}.
     */
    private static List<String> arbiterWords(JsonNode b) {
        String action = text(b, "action");
        List<String> words = new ArrayList<>(List.of(action));
        switch (action) {
            case "adjust" -> {
                words.add(text(b, "side"));
                JsonNode s = b.get("seconds");
                if (s == null || !s.canConvertToLong() || Math.abs(s.asLong()) > 360_000) {
                    throw new IllegalArgumentException("adjust needs 'seconds', a whole number in -360000..360000"
                            + " (negative takes time)");
                }
                words.add((s.asLong() >= 0 ? "+" : "") + s.asLong());
            }
            case "result" -> {
                words.add(text(b, "status"));
                words.add(text(b, "winner"));
                JsonNode reason = b.get("reason");
                if (reason != null && reason.isTextual() && !reason.asText().isBlank()) {
                    words.addAll(List.of(reason.asText().strip().split("\\s+")));
                }
            }
            default -> {
                // the other actions take no more words; an unknown one is refused by the parser
            }
        }
        return words;
    }

    private void download(HttpExchange ex, String id) throws IOException {
        String format = query(ex, "format").orElse("kif");
        RecordFormat f = RecordFormat.fromName(format);
        Optional<GameRecord> record = board.record(id);
        if (record.isEmpty()) {
            throw new Refusal(404, "no game '" + id + "'");
        }
        byte[] bytes = GameRecords.encode(record.get(), f);
        String base = id.equals(GameShelf.CURRENT) ? "current" : id.substring(0, id.length() - ".kifu".length());
        String ext = f.name().toLowerCase(Locale.ROOT);
        ex.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"" + base + "." + ext + "\"");
        String type = f == RecordFormat.JKF ? "application/json" : "text/plain";
        send(ex, 200, type + "; charset=" + f.charset().name(), bytes);
    }

    private ObjectNode options() {
        ObjectNode o = json.createObjectNode();
        ArrayNode starts = o.putArray("starts");
        starts.add("startpos");
        for (String h : StartPositions.handicapNames().split(",\\s*")) {
            starts.add(h);
        }
        ArrayNode formats = o.putArray("formats");
        for (String f : new String[] {"kif", "csa", "ki2", "jkf", "usi"}) {
            formats.add(f);
        }
        return o;
    }

    // ------------------------------------------------------------------------------------------------ stream

    private void stream(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.sendResponseHeaders(200, 0);
        countStream(1);
        try {
            OutputStream out = ex.getResponseBody();
            long seenSeq = Math.max(0, news.lastSeq() - 30);
            long seenVersion = Long.MIN_VALUE;
            write(out, "retry: 1000\n\n");
            while (!news.isClosed()) {
                PageNews.Update u = news.await(seenVersion, seenSeq, heartbeatMillis);
                if (u.isEmpty()) {
                    write(out, ": ping\n\n");
                    continue;
                }
                if (u.changed()) {
                    seenVersion = u.version();
                    write(out, "event: view\ndata: " + json.writeValueAsString(PageState.of(board)) + "\n\n");
                }
                for (PageNews.Line l : u.lines()) {
                    seenSeq = l.seq();
                    write(out, "event: log\ndata: " + json.writeValueAsString(l) + "\n\n");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            countStream(-1);
        }
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    // ------------------------------------------------------------------------------------------------ input

    /** The request's body as {@link StrictRequests#body} reads it, with this server's strict reader. */
    private JsonNode body(HttpExchange ex, String... keys) throws IOException {
        return StrictRequests.body(ex, json, keys);
    }

    /**
     * The page's language for an {@code Accept-Language} header: {@code ja} when Japanese comes before English (by
     * quality, then order), else {@code en}.
     */
    static String language(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank()) {
            return "en";
        }
        try {
            for (Locale.LanguageRange range : Locale.LanguageRange.parse(acceptLanguage)) {
                String base = range.getRange().split("-")[0];
                if (base.equals("ja") || base.equals("en")) {
                    return base;
                }
            }
        } catch (IllegalArgumentException e) {
            return "en";
        }
        return "en";
    }


    private static Place place(String text) {
        return Place.parse(text);
    }

    private static Side side(String text) {
        return Side.read(text).orElseThrow(() -> new IllegalArgumentException("side '" + text
                + "' is not sente or gote"));
    }

    /** A board button by its page name: {@code clock-sente}, {@code promote}, ... */
    static Button button(String name) {
        for (Button b : Button.values()) {
            if (b.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(name)) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown button '" + name
                + "'; buttons are clock-sente, clock-gote, promote, confirm, arbiter, menu");
    }

    // ------------------------------------------------------------------------------------------------ output

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = WebServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the page's file " + name + " is missing from the jar");
            }
            return in.readAllBytes();
        }
    }

    private void ok(HttpExchange ex) throws IOException {
        sendJson(ex, 200, json.createObjectNode().put("ok", true));
    }

    private void sendJson(HttpExchange ex, int status, JsonNode body) throws IOException {
        send(ex, status, "application/json; charset=utf-8", json.writeValueAsBytes(body));
    }

    private void error(HttpExchange ex, int status, String message) {
        try {
            if (status == 405) {
                ex.getResponseHeaders().set("Allow", message.substring(message.lastIndexOf(' ') + 1));
            }
            sendJson(ex, status, json.createObjectNode().put("error", message));
        } catch (IOException | RuntimeException e) {
            log.debug("the error {} could not be sent: {}", status, e.toString());
        }
    }

    private static void send(HttpExchange ex, int status, String type, byte[] body) throws IOException {
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

}
