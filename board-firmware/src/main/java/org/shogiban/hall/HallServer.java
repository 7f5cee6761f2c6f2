package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall's web server (JDK {@code HttpServer}, virtual threads): the arbiter's page and its API, and the live relay
 * (docs/hall.md). Posts must be {@code application/json} (another site's page cannot send one without a CORS
 * preflight, which is never granted to the API); the relay is read-only and open to every site.
 */
public final class HallServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_BODY = 64 * 1024;
    private static final Map<String, String> PAGE = Map.of("/", "hall.html", "/hall.js", "hall.js",
            "/hall.css", "hall.css");

    private final Hall hall;
    private final HttpServer server;

    public HallServer(Hall hall, String bind, int port) throws IOException {
        this.hall = hall;
        server = HttpServer.create(new InetSocketAddress(bind, port), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
    }

    public void start() {
        server.start();
        log.info("hall page on http://{}:{}/", server.getAddress().getHostString(), port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            String path = x.getRequestURI().getPath();
            String method = x.getRequestMethod();
            if (path.startsWith("/relay/")) {
                relay(x, path.substring("/relay/".length()));
            } else if (PAGE.containsKey(path)) {
                page(x, PAGE.get(path));
            } else if (path.equals("/api/hall")) {
                hallView(x);
            } else if (path.startsWith("/api/rounds/") && path.endsWith("/export.zip")) {
                export(x, path.substring("/api/rounds/".length(), path.length() - "/export.zip".length()));
            } else if (path.equals("/api/ack") || path.equals("/api/cmd") || path.equals("/api/round")) {
                if (!method.equals("POST")) {
                    x.getResponseHeaders().set("Allow", "POST");
                    error(x, 405, "use POST");
                    return;
                }
                JsonNode body = body(x);
                if (body != null) {
                    post(x, path, body);
                }
            } else {
                error(x, 404, "no such page: " + path);
            }
        } catch (RuntimeException e) {
            log.warn("hall page: {} failed: {}", x.getRequestURI(), e.toString());
            try {
                error(x, 500, e.toString());
            } catch (IOException | RuntimeException ignored) {
                // the answer had begun
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ page

    private void page(HttpExchange x, String name) throws IOException {
        try (InputStream in = HallServer.class.getResourceAsStream(name)) {
            if (in == null) {
                error(x, 404, "no " + name);
                return;
            }
            String type = name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css"
                    : "text/html";
            send(x, 200, type + "; charset=UTF-8", in.readAllBytes());
        }
    }

    private void hallView(HttpExchange x) throws IOException {
        long after = -1;
        String q = x.getRequestURI().getQuery();
        if (q != null && q.startsWith("after=") && q.substring(6).matches("-?\\d{1,18}")) {
            after = Long.parseLong(q.substring(6));
        }
        try {
            hall.awaitChange(after, 15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        send(x, 200, "application/json; charset=UTF-8", hall.viewJson());
    }

    private void post(HttpExchange x, String path, JsonNode body) throws IOException {
        String board = body.path("board").asText("");
        switch (path) {
            case "/api/ack" -> {
                boolean done = hall.acknowledge(board, body.path("seq").asLong(-1));
                sendJson(x, done ? 200 : 404, JSON.createObjectNode().put("acknowledged", done));
            }
            case "/api/cmd" -> {
                String line = body.path("line").asText("");
                if (!hall.boardIds().contains(board) || line.isBlank()) {
                    error(x, 400, "board and line are needed");
                    return;
                }
                String pin = body.hasNonNull("pin") ? body.get("pin").asText() : null;
                Optional<JsonNode> reply = hall.command(board, line, pin, 5000);
                if (reply.isEmpty()) {
                    error(x, 504, "board " + board + " did not answer within 5 s");
                } else {
                    sendJson(x, 200, reply.get());
                }
            }
            default -> round(x, body);
        }
    }

    private void round(HttpExchange x, JsonNode body) throws IOException {
        int round = body.path("round").asInt(0);
        if (round < 1 || !body.path("pairings").isArray()) {
            error(x, 400, "{\"round\": 1.., \"pairings\": [{board, sente, gote, time, mode}]} expected");
            return;
        }
        List<Rounds.Pairing> pairings = new ArrayList<>();
        try {
            for (JsonNode p : body.get("pairings")) {
                String board = p.path("board").asText("");
                pairings.add(Rounds.pairing(board, p.path("sente").asText(""), p.path("gote").asText(""),
                        p.path("time").asText(""), p.path("mode").asText(""), hall.currentGame(board)));
            }
        } catch (IllegalArgumentException e) {
            error(x, 400, e.getMessage());
            return;
        }
        hall.rounds().put(round, pairings);
        ObjectNode replies = JSON.createObjectNode();
        List<Thread> sending = new ArrayList<>();
        for (Rounds.Pairing p : pairings) {
            sending.add(Thread.ofVirtual().start(() -> {
                String reply = hall.command(p.board(), p.newLine(), null, 5000).map(r -> r.path("reply").asText())
                        .orElse("no answer within 5 s");
                hall.rounds().replied(p, reply);
                synchronized (replies) {
                    replies.put(p.board(), reply);
                }
            }));
        }
        for (Thread t : sending) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        sendJson(x, 200, JSON.createObjectNode().put("round", round).set("replies", replies));
    }

    private void export(HttpExchange x, String roundText) throws IOException {
        if (!roundText.matches("\\d{1,4}") || hall.rounds().round(Integer.parseInt(roundText)).isEmpty()) {
            error(x, 404, "no round " + roundText);
            return;
        }
        int round = Integer.parseInt(roundText);
        hall.view(); // settles which game each pairing played
        ByteArrayOutputStream zip = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            for (Rounds.Pairing p : hall.rounds().round(round)) {
                String game = Rounds.gameOf(p);
                Optional<String> jkf = game == null ? Optional.empty() : hall.record(p.board(), game);
                if (jkf.isEmpty()) {
                    continue;
                }
                GameRecord record = GameRecords.read(jkf.get());
                String name = "round" + round + "-" + p.board() + "-" + game;
                out.putNextEntry(new ZipEntry(name + ".kif"));
                out.write(GameRecords.encode(record, RecordFormat.KIF));
                out.closeEntry();
                out.putNextEntry(new ZipEntry(name + ".csa"));
                out.write(GameRecords.encode(record, RecordFormat.CSA));
                out.closeEntry();
            }
        }
        x.getResponseHeaders().set("Content-Disposition", "attachment; filename=\"round" + round + ".zip\"");
        send(x, 200, "application/zip", zip.toByteArray());
    }

    // ------------------------------------------------------------------------------------------------ relay

    private void relay(HttpExchange x, String name) throws IOException {
        x.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
        x.getResponseHeaders().set("Access-Control-Expose-Headers", "ETag");
        String method = x.getRequestMethod();
        if (method.equals("OPTIONS")) {
            x.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, HEAD");
            x.getResponseHeaders().set("Access-Control-Allow-Headers", "If-None-Match");
            x.sendResponseHeaders(204, -1);
            return;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            x.getResponseHeaders().set("Allow", "GET, HEAD, OPTIONS");
            error(x, 405, "the relay is read-only");
            return;
        }
        x.getResponseHeaders().set("Cache-Control", "no-cache");
        if (name.isEmpty() || name.equals("index.html")) {
            send(x, 200, "text/html; charset=UTF-8", RelayFile.utf8(RelayIndex.html(hall)));
            return;
        }
        int dot = name.lastIndexOf('.');
        String board = dot < 0 ? "" : name.substring(0, dot);
        Optional<RecordFormat> format = dot < 0 ? Optional.empty() : RelayFile.format(name.substring(dot + 1));
        Optional<RelayFile> relay = format.isEmpty() ? Optional.empty() : hall.relayFile(board, format.get());
        if (relay.isEmpty()) {
            error(x, 404, "no game on board '" + board + "' (files: <board>.kif, .kifu, .csa, .jkf)");
            return;
        }
        RelayFile file = relay.get();
        x.getResponseHeaders().set("ETag", file.etag());
        if (file.matches(x.getRequestHeaders().getFirst("If-None-Match"))) {
            x.sendResponseHeaders(304, -1);
            return;
        }
        send(x, 200, file.contentType(), method.equals("HEAD") ? null : file.bytes());
    }

    // ------------------------------------------------------------------------------------------------ plumbing

    private static JsonNode body(HttpExchange x) throws IOException {
        String type = x.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            error(x, 415, "send application/json");
            return null;
        }
        byte[] bytes = x.getRequestBody().readNBytes(MAX_BODY + 1);
        if (bytes.length > MAX_BODY) {
            error(x, 413, "the body is over 64 KiB");
            return null;
        }
        try {
            JsonNode n = JSON.readTree(bytes);
            if (n != null && n.isObject()) {
                return n;
            }
        } catch (IOException e) {
            // answered below
        }
        error(x, 400, "the body is not a JSON object");
        return null;
    }

    private static void error(HttpExchange x, int status, String message) throws IOException {
        sendJson(x, status, JSON.createObjectNode().put("error", message));
    }

    private static void sendJson(HttpExchange x, int status, JsonNode body) throws IOException {
        send(x, status, "application/json; charset=UTF-8", body.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange x, int status, String type, byte[] bytes) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        if (bytes == null) {
            x.sendResponseHeaders(status, -1);
            return;
        }
        x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
