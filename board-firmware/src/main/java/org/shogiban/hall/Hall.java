package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttClientException;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.shogiban.notation.RecordFormat;
import org.shogiban.link.LoggedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall: every board of one hall as the arbiter's page and the relay see it, from the broker. It subscribes to
 * every board's topics ({@code shogiban/<hall-id>/board/+/...}), takes each board's events in order and once
 * ({@link EventFeed}; a gap is filled by asking the board {@code SINCE}, as is everything after the hall's own
 * reconnection), keeps the last snapshot, record and status, raises the arbiter's calls, and sends commands
 * ({@link #command}) and a round's pairings. Each change bumps a version the page waits on ({@link #awaitChange}).
 *
 * <p>MQTT 5 with a session the broker keeps for {@link #SESSION_EXPIRY_SECONDS} after the hall left (the events of
 * that time wait for it there). Per move it does no more than take the events and keep the snapshot and the record
 * as they came (raw text): each is read when something asks (the page's view, once per version; a relay file, once
 * per record and format), not on arrival.
 */
public final class Hall implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Hall.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] KINDS = {"status", "state", "events", "record", "cmd/reply"};
    /** How long the broker keeps the hall's session (its subscriptions and the messages for it) after it left. */
    public static final long SESSION_EXPIRY_SECONDS = 3600;
    /** The page's long poll answers at the start of a frame this long: at most four views a second. */
    public static final long FRAME_MILLIS = 250;

    private final String hallId;
    private final MqttAsyncClient client;
    private final MqttConnectionOptions options;
    private final Map<String, HallBoard> boards = new TreeMap<>();
    private final Map<String, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();
    private final Rounds rounds = new Rounds();
    private final AtomicLong ids = new AtomicLong();
    private final Object changed = new Object();
    private final PrintWriter trace;
    private long version;
    private long viewVersion = -1;
    private ObjectNode view;
    private byte[] viewBytes;
    private long viewBytesVersion = -1;
    private long viewFrame;

    /**
     * @param broker the broker's URL
     * @param hallId the hall's name
     * @param username the hall's user (the arbiter's, which may command every board), or null
     * @param password its password, or null
     * @param trace where each event taken is written with the time it was taken (benchmarks), or null
     */
    public Hall(String broker, String hallId, String username, String password, PrintWriter trace)
            throws MqttException {
        this.hallId = hallId;
        this.trace = trace;
        client = new MqttAsyncClient(broker, "shogiban-hall-" + hallId, new MemoryPersistence());
        options = new MqttConnectionOptions();
        options.setCleanStart(false);
        options.setSessionExpiryInterval(SESSION_EXPIRY_SECONDS);
        options.setAutomaticReconnect(true);
        options.setAutomaticReconnectDelay(1, 2);
        options.setKeepAliveInterval(10);
        if (username != null) {
            options.setUserName(username);
        }
        if (password != null) {
            options.setPassword(password.getBytes(StandardCharsets.UTF_8));
        }
        client.setCallback(new MqttCallback() {
            @Override
            public void connectComplete(boolean reconnect, String serverURI) {
                log.info("hall {}: connected to {}{}", hallId, serverURI, reconnect ? " again" : "");
                subscribe();
                if (reconnect) {
                    catchUpAll();
                }
            }

            @Override
            public void disconnected(MqttDisconnectResponse response) {
                log.warn("hall {}: lost the broker: {}", hallId, response == null || response.getException() == null
                        ? "-" : response.getException().getMessage());
            }

            @Override
            public void mqttErrorOccurred(MqttException e) {
                log.warn("hall {}: {}", hallId, e.toString());
            }

            @Override
            public void authPacketArrived(int reasonCode, MqttProperties properties) {
                // no enhanced authentication
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                try {
                    arrived(topic, message.getPayload());
                } catch (RuntimeException e) {
                    log.warn("hall {}: message on {} skipped: {}", hallId, topic, e.toString());
                }
            }

            @Override
            public void deliveryComplete(IMqttToken token) {
                // commands are answered on cmd/reply
            }
        });
    }

    /** Connects (and keeps reconnecting by itself afterwards). */
    public void start() throws MqttException {
        client.connect(options).waitForCompletion(10_000);
    }

    private void subscribe() {
        String[] filters = new String[KINDS.length];
        int[] qos = new int[KINDS.length];
        for (int i = 0; i < KINDS.length; i++) {
            filters[i] = HallTopics.hallPrefix(hallId) + "+/" + KINDS[i];
            // the events and the replies at QoS 1 (each counts); the retained status, snapshot and record at QoS 0:
            // each supersedes the one before and a reconnection brings the last one again (no acknowledgement each)
            qos[i] = KINDS[i].equals("events") || KINDS[i].equals("cmd/reply") ? 1 : 0;
        }
        try {
            client.subscribe(filters, qos);
        } catch (MqttException e) {
            log.error("hall {}: subscribing failed: {}", hallId, e.toString());
        }
    }

    // ------------------------------------------------------------------------------------------------ incoming

    private void arrived(String topic, byte[] payload) {
        String[] parsed = HallTopics.parse(hallId, topic);
        if (parsed == null) {
            return;
        }
        String id = parsed[0];
        long now = System.currentTimeMillis();
        if (parsed[1].equals("cmd/reply")) {
            JsonNode reply = json(payload);
            CompletableFuture<JsonNode> f = reply == null ? null : waiting.remove(reply.path("id").asText());
            if (f != null) {
                f.complete(reply);
            }
            return;
        }
        boolean gap = false;
        synchronized (this) {
            HallBoard b = boards.computeIfAbsent(id, HallBoard::new);
            switch (parsed[1]) {
                case "status" -> b.status = new String(payload, StandardCharsets.UTF_8);
                case "state" -> {
                    b.state(new String(payload, StandardCharsets.UTF_8), now);
                    if (b.feed.last() < 0 && b.state() != null) {
                        // the first news of a board: where its events start (read once, not per snapshot)
                        b.feed.startAfter(b.state().path("seq").asLong());
                    }
                }
                case "record" -> {
                    b.record(new String(payload, StandardCharsets.UTF_8));
                    String game = b.gameId != null ? b.gameId
                            : b.state() == null ? null : b.state().path("gameId").asText(null);
                    if (game != null) {
                        b.records.put(game, b.recordJkf);
                    }
                }
                case "events" -> {
                    for (LoggedEvent e : b.feed.offer(EventJson.read(payload))) {
                        b.take(e, now);
                        if (trace != null) {
                            trace.println(now + " " + id + " " + e.seq() + " " + e.event().text());
                        }
                    }
                    gap = b.feed.hasGap() && now - b.lastAskMillis > 1000;
                    if (gap) {
                        b.lastAskMillis = now;
                    }
                }
                default -> {
                    return;
                }
            }
            version++;
        }
        if (gap) {
            askSince(id);
        }
        synchronized (changed) {
            changed.notifyAll();
        }
    }

    private static JsonNode json(byte[] payload) {
        try {
            return JSON.readTree(payload);
        } catch (IOException e) {
            return null;
        }
    }

    private void catchUpAll() {
        List<String> ids;
        synchronized (this) {
            ids = List.copyOf(boards.keySet());
        }
        ids.forEach(this::askSince);
    }

    private void askSince(String board) {
        long last;
        synchronized (this) {
            last = boards.get(board).feed.last();
        }
        if (last >= 0) {
            send(board, "since-" + ids.incrementAndGet(), "SINCE " + last, null);
        }
    }

    // ------------------------------------------------------------------------------------------------ outgoing

    private void send(String board, String id, String line, String pin) {
        long until = System.nanoTime() + 5_000_000_000L;
        while (true) {
            try {
                client.publish(new HallTopics(hallId, board).cmd(), HallCommands.command(id, line, pin), 1, false);
                return;
            } catch (MqttException e) {
                // the broker's receive maximum (Mosquitto: 20 in flight): a round's pairings wait their turn
                if (e.getReasonCode() == MqttClientException.REASON_CODE_MAX_INFLIGHT && System.nanoTime() < until) {
                    java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
                    continue;
                }
                log.warn("hall {}: command to {} not sent: {}", hallId, board, e.toString());
                return;
            }
        }
    }

    /**
     * Sends a command to a board and waits for its reply ({@code {"id","reply","body"}}); empty when no reply came
     * within the time.
     */
    public Optional<JsonNode> command(String board, String line, String pin, long timeoutMillis) {
        String id = "hall-" + ids.incrementAndGet();
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        waiting.put(id, f);
        send(board, id, line, pin);
        try {
            return Optional.of(f.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            waiting.remove(id);
        }
    }

    /** Acknowledges a board's call. */
    public boolean acknowledge(String board, long seq) {
        boolean done;
        synchronized (this) {
            HallBoard b = boards.get(board);
            done = b != null && b.acknowledge(seq);
            if (done) {
                version++;
            }
        }
        synchronized (changed) {
            changed.notifyAll();
        }
        return done;
    }

    /** The rounds' pairings and results. */
    public Rounds rounds() {
        return rounds;
    }

    // ------------------------------------------------------------------------------------------------ the page

    /**
     * Waits until the version passes {@code after} (at most {@code millis}), then until the next frame of
     * {@link #FRAME_MILLIS} begins (so the changes of a frame go out together and every open page reads the same view,
     * at most four times a second however many boards change); returns the version now.
     */
    public long awaitChange(long after, long millis) throws InterruptedException {
        long until = System.nanoTime() + millis * 1_000_000;
        synchronized (changed) {
            while (version() <= after) {
                long left = (until - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    return version();
                }
                changed.wait(left);
            }
        }
        long now = System.currentTimeMillis();
        Thread.sleep(FRAME_MILLIS - now % FRAME_MILLIS);
        return version();
    }

    private synchronized long version() {
        return version;
    }

    /** The whole hall as the page reads it, as of the last change (built once per version). */
    public synchronized ObjectNode view() {
        if (view == null || viewVersion != version) {
            view = buildView();
            viewVersion = version;
        }
        return view;
    }

    /**
     * {@link #view()} as the page's long poll sends it: JSON written at most once per frame of {@link #FRAME_MILLIS}
     * for every open page (so up to that much older than the last change).
     */
    public synchronized byte[] viewJson() {
        long frame = System.currentTimeMillis() / FRAME_MILLIS;
        if (viewBytes == null || viewBytesVersion != version && frame != viewFrame) {
            viewBytes = view().toString().getBytes(StandardCharsets.UTF_8);
            viewBytesVersion = version;
            viewFrame = frame;
        }
        return viewBytes;
    }

    private ObjectNode buildView() {
        ObjectNode o = JSON.createObjectNode();
        o.put("hall", hallId);
        o.put("version", version);
        ArrayNode list = o.putArray("boards");
        ArrayNode calls = o.putArray("calls");
        for (HallBoard b : boards.values()) {
            ObjectNode n = list.addObject();
            n.put("id", b.id);
            n.put("status", b.status);
            n.put("seq", b.feed.last());
            n.put("flagged", b.flagged());
            n.set("state", b.state());
            JsonNode header = b.recordHeader();
            n.put("sente", header == null ? null : header.path("先手").asText(header.path("下手").asText(null)));
            n.put("gote", header == null ? null : header.path("後手").asText(header.path("上手").asText(null)));
            for (HallBoard.Call c : b.calls) {
                ObjectNode cn = calls.addObject();
                cn.put("board", c.board());
                cn.put("seq", c.seq());
                cn.put("text", c.text());
                cn.put("wallMillis", c.wallMillis());
                cn.put("acknowledged", c.acknowledged());
            }
        }
        o.set("rounds", rounds.view(this::resultOf));
        return o;
    }

    /** The current record of a board (JKF), if the hall has one. */
    public synchronized Optional<String> record(String board) {
        HallBoard b = boards.get(board);
        return b == null ? Optional.empty() : Optional.ofNullable(b.recordJkf);
    }

    /**
     * The relay's file of a board's current game in a format: made once per record and format, then served from
     * memory to every reader until the next move.
     */
    public synchronized Optional<RelayFile> relayFile(String board, RecordFormat format) {
        HallBoard b = boards.get(board);
        return b == null || b.recordJkf == null ? Optional.empty() : Optional.of(b.relayFile(format));
    }

    /** The record of a board's game by id (JKF). */
    public synchronized Optional<String> record(String board, String gameId) {
        HallBoard b = boards.get(board);
        return b == null ? Optional.empty() : Optional.ofNullable(b.records.get(gameId));
    }

    /** The boards' ids. */
    public synchronized List<String> boardIds() {
        return List.copyOf(boards.keySet());
    }

    /** A board's game (null: its current one) and its result: {@code [gameId, result or null]}, or null. */
    synchronized String[] resultOf(String board, String gameId) {
        HallBoard b = boards.get(board);
        if (b == null || b.state() == null) {
            return null;
        }
        String game = gameId != null ? gameId : b.state().path("gameId").asText(null);
        return game == null ? null : new String[] {game, b.results.get(game)};
    }

    /** The game a board shows now (its snapshot's {@code gameId}), or null. */
    public synchronized String currentGame(String board) {
        HallBoard b = boards.get(board);
        return b == null || b.state() == null ? null : b.state().path("gameId").asText(null);
    }

    /** How many events the hall took from a board, and how many it received again. */
    public synchronized long[] counts(String board) {
        HallBoard b = boards.get(board);
        return b == null ? new long[] {0, 0, -1} : new long[] {b.feed.taken(), b.feed.repeats(), b.feed.last()};
    }

    @Override
    public void close() {
        try {
            if (client.isConnected()) {
                client.disconnect(1000).waitForCompletion(2000);
            }
            client.close(true);
        } catch (MqttException e) {
            log.debug("hall: close: {}", e.toString());
        }
        if (trace != null) {
            trace.flush();
        }
    }
}
