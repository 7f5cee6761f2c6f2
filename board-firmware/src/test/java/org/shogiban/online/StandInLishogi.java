package org.shogiban.online;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * A stand-in for lishogi's Board API in the tests, built from the shared notes: Bearer tokens (401 otherwise), the
 * account, the event stream (ongoing games on open, {@code gameStart}, {@code gameFinish}, challenges), game streams
 * ({@code gameFull} then {@code gameState}s, closed at the end), NDJSON with a bare newline as keep-alive, a new
 * stream closing the previous one, seeks answered by blank lines until matched, challenges, moves checked by the
 * rules, resign and abort, and the 400/401/404/429 answers. The test plays the opponent ({@link #opponentMoves}),
 * drops streams, loses a move's answer, pulls the network, makes the opponent flag, resign or abort.
 */
public final class StandInLishogi implements AutoCloseable {
    public static final String TOKEN = "lip_StandInSecretToken42";
    static final String ACCOUNT = "tanuki";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BOARD_API_400 = "This time control cannot be played with the Board API.";

    /** One game on the stand-in. */
    public static final class SiteGameState {
        public final String id;
        public final String ownColor;
        final String initialSfen;
        public final List<String> moves = new CopyOnWriteArrayList<>();
        final long limitMs;
        final long byoyomiMs;
        volatile long btime;
        volatile long wtime;
        public volatile String status = "started";
        volatile String winner;
        final boolean rated;

        SiteGameState(String id, String ownColor, String initialSfen, long limitMs, long byoyomiMs, boolean rated) {
            this.id = id;
            this.ownColor = ownColor;
            this.initialSfen = initialSfen;
            this.limitMs = limitMs;
            this.byoyomiMs = byoyomiMs;
            this.btime = limitMs + byoyomiMs;
            this.wtime = limitMs + byoyomiMs;
            this.rated = rated;
        }

        Position position() {
            Position p = initialSfen.equals("startpos") ? Position.startpos() : Position.fromSfen(initialSfen);
            for (String m : moves) {
                p = p.play(Move.parseUsi(m));
            }
            return p;
        }

        String toMove() {
            return position().sideToMove().label();
        }
    }

    /** An open NDJSON stream: lines to write; a keep-alive when none comes. */
    private static final class Stream {
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        volatile boolean closed;
        volatile boolean closedByUs;
        volatile HttpExchange exchange;
    }

    private final HttpServer server;
    private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "stand-in-lishogi");
        t.setDaemon(true);
        return t;
    });
    private final long keepAliveMillis;
    final Map<String, SiteGameState> games = new ConcurrentHashMap<>();
    private volatile Stream eventStream;
    private final Map<String, Stream> gameStreams = new ConcurrentHashMap<>();
    private volatile Stream seekStream;
    /** Every request as {@code METHOD path}, in order. */
    final List<String> requests = new CopyOnWriteArrayList<>();
    /** Every move request per game, as the board sent it (a move sent twice shows twice). */
    final Map<String, List<String>> moveRequests = new ConcurrentHashMap<>();
    /** When each move request arrived, in System.nanoTime (the latency figures). */
    final List<Long> moveArrivalNanos = new CopyOnWriteArrayList<>();
    public final List<Map<String, String>> seeks = new CopyOnWriteArrayList<>();
    final List<String> resigned = new CopyOnWriteArrayList<>();
    final List<String> aborted = new CopyOnWriteArrayList<>();
    volatile int seeksCancelled;
    volatile int tooManyRequests;
    volatile boolean loseNextMoveAnswer;
    /** While true: streams fall silent and every request's connection is dropped unanswered. */
    volatile boolean networkDown;
    private int nextId = 1;

    public StandInLishogi(long keepAliveMillis) throws IOException {
        this.keepAliveMillis = keepAliveMillis;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setExecutor(pool);
        server.createContext("/", this::handle);
        server.start();
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    // ------------------------------------------------------------------------------------------------ the test's hands

    /** A game started on the site (a seek matched, a challenge accepted on a phone): announced on the event stream. */
    public synchronized SiteGameState startGame(String ownColor, String initialSfen, long limitMs, long byoyomiMs) {
        SiteGameState g = new SiteGameState("Gm" + String.format("%06d", nextId++), ownColor, initialSfen, limitMs,
                byoyomiMs, false);
        games.put(g.id, g);
        Stream e = eventStream;
        if (e != null) {
            e.lines.add(gameStart(g).toString());
        }
        return g;
    }

    /** The opponent plays {@code usi} (checked by the rules). */
    public void opponentMoves(SiteGameState g, String usi) {
        synchronized (g) {
            if (g.toMove().equals(g.ownColor)) {
                throw new IllegalStateException("not the opponent's turn in " + g.id + " " + g.moves + "; asked " + moveRequests);
            }
            g.moves.add(usi);
            if (g.position().legalMoves().isEmpty()) {
                g.status = "mate";
                g.winner = g.ownColor.equals("sente") ? "gote" : "sente";
            }
        }
        pushState(g);
    }

    /** The game ends on the site as the test says (the opponent resigns, flags, aborts ...). */
    public void end(SiteGameState g, String status, String winner) {
        g.status = status;
        g.winner = winner;
        pushState(g);
    }

    void clocks(SiteGameState g, long btime, long wtime) {
        g.btime = btime;
        g.wtime = wtime;
        pushState(g);
    }

    /** Closes the game's stream at once (the connection dropped). */
    void dropGameStream(String id) {
        Stream s = gameStreams.get(id);
        if (s != null) {
            close(s);
        }
    }

    /** Closes the event stream at once. */
    void dropEventStream() {
        Stream s = eventStream;
        if (s != null) {
            close(s);
        }
    }

    /** The seek in the lobby found an opponent: a game starts (announced), the seek's stream ends. */
    public SiteGameState matchSeek(String ownColor) {
        Map<String, String> form = seeks.get(seeks.size() - 1);
        SiteGameState g = startGame(ownColor, form.getOrDefault("handicap", "startpos").replace('_', ' '),
                (long) (Double.parseDouble(form.get("time")) * 60_000), Long.parseLong(form.get("byoyomi")) * 1000);
        Stream s = seekStream;
        if (s != null) {
            s.lines.add("");
            close(s);
        }
        return g;
    }

    public boolean seeking() {
        Stream s = seekStream;
        return s != null && !s.closed;
    }

    public boolean eventStreamOpen() {
        Stream s = eventStream;
        return s != null && !s.closed;
    }

    public List<String> movesSent(String id) {
        return moveRequests.getOrDefault(id, List.of());
    }

    // ------------------------------------------------------------------------------------------------ the site

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        String method = x.getRequestMethod();
        requests.add(method + " " + path);
        if (networkDown) {
            x.close();
            return;
        }
        if (!("Bearer " + TOKEN).equals(x.getRequestHeaders().getFirst("Authorization"))) {
            answer(x, 401, "{\"error\":\"No such token\"}");
            return;
        }
        String[] p = path.split("/");
        try {
            if (method.equals("GET") && path.equals("/api/account")) {
                answer(x, 200, "{\"id\":\"" + ACCOUNT + "\",\"username\":\"Tanuki\"}");
            } else if (method.equals("GET") && path.equals("/api/stream/event")) {
                eventStream(x);
            } else if (method.equals("GET") && path.startsWith("/api/board/game/stream/")) {
                gameStream(x, p[5]);
            } else if (method.equals("POST") && path.equals("/api/board/seek")) {
                seek(x);
            } else if (method.equals("POST") && p.length == 7 && p[5].equals("move")) {
                move(x, p[4], p[6]);
            } else if (method.equals("POST") && p.length == 6 && (p[5].equals("resign") || p[5].equals("abort"))) {
                resignOrAbort(x, p[4], p[5]);
            } else if (method.equals("POST") && path.startsWith("/api/challenge/")) {
                answer(x, 200, "{\"challenge\":{\"id\":\"Ch" + nextId + "\",\"status\":\"created\"}}");
            } else {
                answer(x, 404, "{\"error\":\"No such command\"}");
            }
        } catch (RuntimeException e) {
            answer(x, 500, "{\"error\":\"" + e.getMessage() + "\"}");
        }
    }

    private void eventStream(HttpExchange x) throws IOException {
        Stream previous = eventStream;
        Stream s = new Stream();
        eventStream = s;
        if (previous != null) {
            close(previous);
        }
        for (SiteGameState g : games.values()) {
            if (g.status.equals("started")) {
                s.lines.add(gameStart(g).toString());
            }
        }
        serve(x, s);
    }

    private void gameStream(HttpExchange x, String id) throws IOException {
        SiteGameState g = games.get(id);
        if (g == null) {
            answer(x, 404, "{\"error\":\"No such game\"}");
            return;
        }
        Stream s = new Stream();
        Stream previous = gameStreams.put(id, s);
        if (previous != null) {
            close(previous);
        }
        synchronized (g) {
            s.lines.add(gameFull(g).toString());
            if (!g.status.equals("started")) {
                s.lines.add("\u0000end");
            }
        }
        serve(x, s);
    }

    private void seek(HttpExchange x) throws IOException {
        Map<String, String> form = form(x);
        if (tooManyRequests > 0) {
            tooManyRequests--;
            answer(x, 429, "{\"error\":\"Too many requests\"}");
            return;
        }
        double minutes = Double.parseDouble(form.getOrDefault("time", "0"));
        long estimate = (long) (minutes * 60) + 60 * Long.parseLong(form.getOrDefault("increment", "0"))
                + 25 * Long.parseLong(form.getOrDefault("periods", "0")) * Long.parseLong(form.getOrDefault("byoyomi",
                "0"));
        boolean rated = Boolean.parseBoolean(form.getOrDefault("rated", "false"));
        if (estimate < (rated ? 900 : 300)) {
            answer(x, 400, "{\"error\":{\"global\":[\"" + BOARD_API_400 + "\"]}}");
            return;
        }
        seeks.add(form);
        Stream s = new Stream();
        seekStream = s;
        serve(x, s);
        if (!s.closedByUs) {
            seeksCancelled++;
        }
    }

    private void move(HttpExchange x, String id, String usi) throws IOException {
        moveArrivalNanos.add(System.nanoTime());
        SiteGameState g = games.get(id);
        moveRequests.computeIfAbsent(id, k -> new CopyOnWriteArrayList<>()).add(usi);
        if (g == null) {
            answer(x, 404, "{\"error\":\"No such game\"}");
            return;
        }
        synchronized (g) {
            if (!g.status.equals("started") || !g.toMove().equals(g.ownColor)) {
                answer(x, 400, "{\"error\":\"Not your turn, or game already over\"}");
                return;
            }
            Move m;
            try {
                m = Move.parseUsi(usi);
            } catch (RuntimeException e) {
                answer(x, 400, "{\"error\":\"Invalid USI: " + usi + "\"}");
                return;
            }
            if (!g.position().isLegal(m)) {
                answer(x, 400, "{\"error\":\"Piece on " + usi.substring(0, 2) + " cannot move to "
                        + usi.substring(2, 4) + "\"}");
                return;
            }
            g.moves.add(usi);
            if (g.position().legalMoves().isEmpty()) {
                g.status = "mate";
                g.winner = g.ownColor;
            }
        }
        pushState(g);
        if (loseNextMoveAnswer) {
            // the site has the move; its answer is lost in the network
            loseNextMoveAnswer = false;
            x.close();
            return;
        }
        answer(x, 200, "{\"ok\":true}");
    }

    private void resignOrAbort(HttpExchange x, String id, String what) throws IOException {
        SiteGameState g = games.get(id);
        if (g == null) {
            answer(x, 404, "{\"error\":\"No such game\"}");
            return;
        }
        if (!g.status.equals("started")) {
            answer(x, 400, "{\"error\":\"Not your turn, or game already over\"}");
            return;
        }
        if (what.equals("abort") || g.moves.size() < 2) {
            aborted.add(id);
            g.status = "aborted";
            g.winner = null;
        } else {
            resigned.add(id);
            g.status = "resign";
            g.winner = g.ownColor.equals("sente") ? "gote" : "sente";
        }
        pushState(g);
        answer(x, 200, "{\"ok\":true}");
    }

    /** Sends the game's state on its stream: made and queued under the game's lock, so states never overtake. */
    private void pushState(SiteGameState g) {
        synchronized (g) {
            pushStateLocked(g);
        }
    }

    private void pushStateLocked(SiteGameState g) {
        Stream s = gameStreams.get(g.id);
        if (s != null) {
            s.lines.add(state(g).toString());
            if (!g.status.equals("started")) {
                s.lines.add("\u0000end");
            }
        }
        if (!g.status.equals("started")) {
            Stream e = eventStream;
            if (e != null) {
                ObjectNode finish = JSON.createObjectNode().put("type", "gameFinish");
                finish.putObject("game").put("gameId", g.id).put("id", g.id);
                e.lines.add(finish.toString());
            }
        }
    }

    /** Writes a stream's lines (a keep-alive newline when none comes) until it is closed or the network is down. */
    private void serve(HttpExchange x, Stream s) throws IOException {
        s.exchange = x;
        x.getResponseHeaders().add("Content-Type", "application/x-ndjson");
        x.sendResponseHeaders(200, 0);
        OutputStream out = x.getResponseBody();
        try {
            while (!s.closed) {
                String line;
                try {
                    line = s.lines.poll(keepAliveMillis, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    break;
                }
                if (networkDown) {
                    // the cable is pulled: nothing comes any more
                    continue;
                }
                if (line != null && line.equals("\u0000end")) {
                    s.closedByUs = true;
                    break;
                }
                out.write(((line == null ? "" : line) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException e) {
            // the reader went away
        } finally {
            s.closed = true;
            x.close();
        }
    }

    private void close(Stream s) {
        s.closed = true;
        s.closedByUs = true;
        HttpExchange x = s.exchange;
        if (x != null) {
            x.close();
        }
    }

    private ObjectNode gameStart(SiteGameState g) {
        ObjectNode e = JSON.createObjectNode().put("type", "gameStart");
        ObjectNode game = e.putObject("game");
        game.put("fullId", g.id + "abcd").put("gameId", g.id).put("id", g.id).put("color", g.ownColor)
                .put("sfen", g.position().toSfen()).put("rated", g.rated).put("hasMoved", !g.moves.isEmpty())
                .put("isMyTurn", g.toMove().equals(g.ownColor)).put("source", "lobby");
        game.putObject("opponent").put("id", "kitsune").put("username", "Kitsune").put("rating", 1620);
        game.putObject("compat").put("bot", false).put("board", true);
        return e;
    }

    private ObjectNode gameFull(SiteGameState g) {
        ObjectNode f = JSON.createObjectNode().put("type", "gameFull").put("id", g.id).put("rated", g.rated)
                .put("speed", "rapid").put("initialSfen", g.initialSfen);
        f.putObject("clock").put("initial", g.limitMs).put("increment", 0).put("byoyomi", g.byoyomiMs)
                .put("periods", g.byoyomiMs > 0 ? 1 : 0);
        ObjectNode me = JSON.createObjectNode().put("id", ACCOUNT).put("name", "Tanuki").put("rating", 1500);
        ObjectNode them = JSON.createObjectNode().put("id", "kitsune").put("name", "Kitsune").put("rating", 1620);
        f.set("sente", g.ownColor.equals("sente") ? me : them);
        f.set("gote", g.ownColor.equals("sente") ? them : me);
        f.set("state", state(g));
        return f;
    }

    private ObjectNode state(SiteGameState g) {
        ObjectNode st = JSON.createObjectNode().put("type", "gameState").put("moves", String.join(" ", g.moves))
                .put("btime", g.btime).put("wtime", g.wtime).put("binc", 0).put("winc", 0)
                .put("byo", g.byoyomiMs).put("sdraw", false).put("gdraw", false).put("status", g.status);
        if (g.winner != null) {
            st.put("winner", g.winner);
        }
        return st;
    }

    private static Map<String, String> form(HttpExchange x) throws IOException {
        String body = new String(x.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Map<String, String> form = new LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return Collections.unmodifiableMap(form);
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(status, b.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(b);
        }
    }

    @Override
    public void close() {
        new ArrayList<>(gameStreams.values()).forEach(this::close);
        if (eventStream != null) {
            close(eventStream);
        }
        if (seekStream != null) {
            close(seekStream);
        }
        server.stop(0);
        pool.shutdownNow();
    }
}
