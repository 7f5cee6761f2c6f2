package org.shogiban.hall;

import static org.shogiban.hall.HallHttp.error;
import static org.shogiban.hall.HallHttp.send;
import static org.shogiban.hall.HallHttp.sendJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import javax.net.ssl.SSLContext;
import org.shogiban.hall.login.Arbiters;
import org.shogiban.hall.store.StoreException;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.formats.GameRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall's web server (JDK {@code HttpServer} or {@code HttpsServer}, virtual threads): the arbiter's page and its
 * API behind the arbiters' login ({@link HallAccess}), and the live relay, public and read-only (docs/hall.md). Every
 * request gets an answer: a failure of the hall's own is a 500 with a sentence, logged once; only GET, HEAD, POST and
 * OPTIONS are known, each path takes its own.
 */
public final class HallServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallServer.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "OPTIONS");
    private static final Set<String> POSTS = Set.of("/api/ack", "/api/cmd", "/api/round", "/api/login",
            "/api/logout");
    /** The page's files: path to resource and type; nothing else is served from the jar. */
    private static final Map<String, String[]> PAGE = Map.of(
            "/", new String[] {"hall.html", "text/html; charset=UTF-8"},
            "/hall.js", new String[] {"hall.js", "text/javascript; charset=UTF-8"},
            "/hall-delta.js", new String[] {"hall-delta.js", "text/javascript; charset=UTF-8"},
            "/hall.css", new String[] {"hall.css", "text/css; charset=UTF-8"},
            "/messages_ja.json", new String[] {"messages_ja.json", "application/json; charset=UTF-8"},
            "/messages_en.json", new String[] {"messages_en.json", "application/json; charset=UTF-8"},
            "/shogiban-ja.woff", new String[] {"shogiban-ja.woff", "font/woff"},
            "/OFL.txt", new String[] {"OFL.txt", "text/plain; charset=UTF-8"});

    private final Hall hall;
    private final HttpServer server;
    private final HallAccess access;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HallRelay relay;
    private final Set<String> failuresLogged = ConcurrentHashMap.newKeySet();

    /** A server without accounts and without TLS (on the loopback: no login). */
    public HallServer(Hall hall, String bind, int port) throws IOException {
        this(hall, null, bind, port, null);
    }

    /**
     * @param arbiters the arbiters' accounts (null: none can be made; beyond the loopback nothing but the relay is
     *                 served then)
     * @param tls the TLS context (HTTPS), or null (HTTP)
     */
    public HallServer(Hall hall, Arbiters arbiters, String bind, int port, SSLContext tls) throws IOException {
        this.hall = hall;
        InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(bind), port);
        if (tls != null) {
            HttpsServer s = HttpsServer.create(address, 64);
            s.setHttpsConfigurator(new HttpsConfigurator(tls));
            server = s;
        } else {
            server = HttpServer.create(address, 64);
        }
        access = new HallAccess(arbiters, address.getAddress(), tls != null);
        relay = new HallRelay(hall);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
    }

    public void start() {
        server.start();
        log.info("hall page on {}://{}:{}/{}", server instanceof HttpsServer ? "https" : "http",
                server.getAddress().getHostString(), port(), access.loginRequired() ? " (login)" : "");
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange x) {
        try (x) {
            String path = x.getRequestURI().getPath();
            String method = x.getRequestMethod();
            if (!METHODS.contains(method)) {
                x.getResponseHeaders().set("Allow", "GET, HEAD, POST, OPTIONS");
                error(x, 501, "method " + method.replaceAll("[^A-Za-z]", "?") + " is not known here");
            } else if (path.startsWith("/relay/")) {
                relay.serve(x, path.substring("/relay/".length()));
            } else if (POSTS.contains(path)) {
                if (!method.equals("POST")) {
                    x.getResponseHeaders().set("Allow", "POST");
                    error(x, 405, "use POST");
                    return;
                }
                post(x, path);
            } else if (!method.equals("GET") && !method.equals("HEAD")) {
                x.getResponseHeaders().set("Allow", "GET, HEAD");
                error(x, 405, "use GET");
            } else if (PAGE.containsKey(path)) {
                page(x, PAGE.get(path));
            } else if (path.equals("/api/session")) {
                session(x);
            } else if (path.equals("/api/hall") || path.startsWith("/api/rounds/")) {
                Optional<HallAccess.Who> who = access.who(x);
                if (who.isEmpty()) {
                    error(x, 401, "log in first");
                } else if (path.equals("/api/hall")) {
                    hallView(x);
                } else if (path.endsWith("/export.zip")) {
                    export(x, path.substring("/api/rounds/".length(), path.length() - "/export.zip".length()));
                } else {
                    error(x, 404, "no such page: " + path);
                }
            } else {
                error(x, 404, "no such page: " + path);
            }
        } catch (IOException | RuntimeException e) {
            failed(x, e);
        }
    }

    /** Answers a failure of the hall's own with a 500 and a sentence, logged once per kind of failure. */
    private void failed(HttpExchange x, Exception e) {
        String what = x.getRequestMethod() + " " + x.getRequestURI().getPath();
        if (failuresLogged.add(what + e.getClass().getName())) {
            log.warn("hall page: {} failed: {}", what, e.toString());
        }
        try {
            error(x, 500, "the hall could not answer " + what + ": " + (e.getMessage() == null ? e.toString()
                    : e.getMessage()));
        } catch (IOException | RuntimeException ignored) {
            // the answer had begun, or the client is gone
        }
    }

    // ------------------------------------------------------------------------------------------------ page

    private void page(HttpExchange x, String[] file) throws IOException {
        try (InputStream in = HallServer.class.getResourceAsStream(file[0])) {
            if (in == null) {
                error(x, 404, "no " + file[0]);
                return;
            }
            send(x, 200, file[1], in.readAllBytes());
        }
    }

    private void session(HttpExchange x) throws IOException {
        Optional<HallAccess.Who> who = access.who(x);
        ObjectNode o = JSON.createObjectNode().put("login", access.loginRequired());
        if (who.isEmpty()) {
            boolean none = access.arbiters() == null || !access.arbiters().any();
            o.put("error", none ? "no arbiter account: make one with hall passwd NAME --state DIR" : "log in first");
            o.put("accounts", !none);
            sendJson(x, 401, o);
            return;
        }
        sendJson(x, 200, o.put("name", who.get().name()).put("csrf", who.get().csrf()));
    }

    /**
     * The page's long poll: {@code ?after=V} the whole hall as JSON (as always), {@code ?since=V} only what changed
     * since V ({@link HallPageViews}: bytes made once per frame for every page at V, gzip when accepted, an ETag).
     */
    private void hallView(HttpExchange x) throws IOException {
        Long after = number(x, "after");
        Long since = number(x, "since");
        long waitFor = since != null ? since : after != null ? after : -1;
        try {
            hall.awaitChange(waitFor, 15_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (since == null) {
            send(x, 200, "application/json; charset=UTF-8", hall.viewJson());
            return;
        }
        HallPageViews.Answer a = hall.changes(since);
        x.getResponseHeaders().set("ETag", a.etag);
        x.getResponseHeaders().set("Cache-Control", "no-cache");
        x.getResponseHeaders().set("Vary", "Accept-Encoding");
        if (a.etag.equals(x.getRequestHeaders().getFirst("If-None-Match"))) {
            x.sendResponseHeaders(304, -1);
            return;
        }
        String accepts = x.getRequestHeaders().getFirst("Accept-Encoding");
        if (accepts != null && accepts.contains("gzip")) {
            x.getResponseHeaders().set("Content-Encoding", "gzip");
            send(x, 200, "application/json; charset=UTF-8", a.gzip());
        } else {
            send(x, 200, "application/json; charset=UTF-8", a.json);
        }
    }

    /** A query parameter's number ({@code name=123}), or null when absent or not a number. */
    private static Long number(HttpExchange x, String name) {
        String q = x.getRequestURI().getRawQuery();
        if (q == null) {
            return null;
        }
        for (String p : q.split("&")) {
            if (p.startsWith(name + "=") && p.substring(name.length() + 1).matches("-?\\d{1,18}")) {
                return Long.parseLong(p.substring(name.length() + 1));
            }
        }
        return null;
    }

    private void post(HttpExchange x, String path) throws IOException {
        if (path.equals("/api/login")) {
            login(x);
            return;
        }
        Optional<HallAccess.Who> who = access.who(x);
        if (who.isEmpty()) {
            error(x, 401, "log in first");
            return;
        }
        String forged = HallAccess.forged(x, who.get());
        if (forged != null) {
            log.warn("hall page: {} refused: {}", path, forged);
            error(x, 403, "refused: " + forged);
            return;
        }
        JsonNode body = HallHttp.body(x);
        if (body == null) {
            return;
        }
        String arbiter = who.get().name();
        String board = body.path("board").asText("");
        try {
            switch (path) {
                case "/api/logout" -> {
                    access.arbiters().logout(HallAccess.cookie(x));
                    x.getResponseHeaders().add("Set-Cookie", access.setCookie(""));
                    sendJson(x, 200, JSON.createObjectNode().put("loggedOut", true));
                }
                case "/api/ack" -> {
                    boolean done = hall.acknowledge(board, body.path("seq").asLong(-1), arbiter);
                    sendJson(x, done ? 200 : 404, JSON.createObjectNode().put("acknowledged", done));
                }
                case "/api/cmd" -> command(x, body, board, arbiter);
                default -> round(x, body, arbiter);
            }
        } catch (StoreException e) {
            error(x, 503, "not done: " + e.getMessage());
        }
    }

    private void login(HttpExchange x) throws IOException {
        if (access.arbiters() == null || !access.arbiters().any()) {
            error(x, 404, "no arbiter account: make one with hall passwd NAME --state DIR");
            return;
        }
        String site = x.getRequestHeaders().getFirst("Sec-Fetch-Site");
        if (site != null && site.equals("cross-site")) {
            error(x, 403, "refused: a request from another site");
            return;
        }
        JsonNode body = HallHttp.body(x);
        if (body == null) {
            return;
        }
        char[] password = body.path("password").asText("").toCharArray();
        Arbiters.Outcome o = access.arbiters().login(body.path("name").asText(""), password,
                System.currentTimeMillis());
        java.util.Arrays.fill(password, '\0');
        switch (o) {
            case Arbiters.Outcome.In in -> {
                x.getResponseHeaders().add("Set-Cookie", access.setCookie(in.token()));
                sendJson(x, 200, JSON.createObjectNode().put("name", in.name()).put("csrf", in.csrf()));
            }
            case Arbiters.Outcome.Locked locked -> {
                x.getResponseHeaders().set("Retry-After", Long.toString(locked.seconds()));
                sendJson(x, 429, JSON.createObjectNode().put("error", "locked").put("seconds", locked.seconds()));
            }
            case Arbiters.Outcome.Wrong wrong -> error(x, 401, "wrong");
        }
    }

    private void command(HttpExchange x, JsonNode body, String board, String arbiter) throws IOException {
        String line = body.path("line").asText("");
        if (!hall.boardIds().contains(board) || line.isBlank()) {
            error(x, 400, "board and line are needed");
            return;
        }
        String pin = body.hasNonNull("pin") ? body.get("pin").asText() : null;
        Optional<JsonNode> reply = hall.command(board, line, pin, 5000);
        hall.action(arbiter, board, line, reply.map(r -> r.path("reply").asText()).orElse("no answer within 5 s"));
        if (reply.isEmpty()) {
            error(x, 504, "board " + board + " did not answer within 5 s");
        } else {
            sendJson(x, 200, reply.get());
        }
    }

    private void round(HttpExchange x, JsonNode body, String arbiter) throws IOException {
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
            hall.rounds().put(round, pairings);
        } catch (IllegalArgumentException e) {
            error(x, 400, e.getMessage());
            return;
        }
        ObjectNode replies = JSON.createObjectNode();
        List<Thread> sending = new ArrayList<>();
        for (Rounds.Pairing p : pairings) {
            sending.add(Thread.ofVirtual().start(() -> {
                String reply = hall.command(p.board(), p.newLine(), null, 5000).map(r -> r.path("reply").asText())
                        .orElse("no answer within 5 s");
                hall.rounds().replied(round, p, reply);
                hall.action(arbiter, p.board(), p.newLine(), reply);
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
        Set<String> names = new HashSet<>();
        try (ZipOutputStream out = new ZipOutputStream(zip)) {
            for (Rounds.Pairing p : hall.rounds().round(round)) {
                String game = Rounds.gameOf(p);
                Optional<String> jkf = game == null ? Optional.empty() : hall.record(p.board(), game);
                String name = "round" + round + "-" + p.board() + "-" + game;
                if (jkf.isEmpty() || !names.add(name)) {
                    continue;
                }
                GameRecord record;
                try {
                    record = GameRecords.read(jkf.get());
                } catch (RuntimeException e) {
                    log.warn("hall: round {}: the record of {} on {} cannot be read: {}", round, game, p.board(),
                            e.getMessage());
                    continue;
                }
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

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
