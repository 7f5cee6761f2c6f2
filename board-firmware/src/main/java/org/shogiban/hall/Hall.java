package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
import org.shogiban.hall.store.HallStore;
import org.shogiban.hall.store.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall: every board of one hall as the arbiter's page and the relay see it, from the broker. It subscribes to
 * every board's topics ({@code shogiban/<hall-id>/board/+/...}), takes each board's events in order and once
 * ({@link EventFeed}; a gap is filled by asking the board {@code SINCE}, as is everything after the hall's own
 * (re)connection), notices a board whose numbering started again (a new board life), keeps the last snapshot, record
 * and status, raises the arbiter's calls, and sends commands ({@link #command}; a reply counts only from the board
 * the command went to, under an id no other board can guess) and a round's pairings. With a {@link HallStore} every
 * change is written to disk before it is shown, and the hall starts again from it. Each change bumps a version the
 * page waits on ({@link #awaitChange}). One lock guards the state; the page's long polls wait on its condition (not on
 * a monitor, which would pin a virtual thread's carrier on Java 21).
 *
 * <p>MQTT 5 with a session the broker keeps for {@link #SESSION_EXPIRY_SECONDS} after the hall left (the events of
 * that time wait for it there). The events and the replies are taken at QoS 1, the retained status, snapshot and
 * record at QoS 0 (each supersedes the last; a reconnection brings it again). The page's long poll answers at the
 * start of a frame of {@link #FRAME_MILLIS}, so however many boards change, a page reads at most four views a second.
 */
public final class Hall implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Hall.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] KINDS = {"status", "state", "events", "record", "cmd/reply"};
    private static final Pattern LAST = Pattern.compile("OK last (\\d+)");
    /** The arbiter's name in the log and the actions when the hall has no login (loopback, no account). */
    public static final String NOBODY = "-";
    /** How long the broker keeps the hall's session (its subscriptions and the messages for it) after it left. */
    public static final long SESSION_EXPIRY_SECONDS = 3600;
    /** The page's long poll answers at the start of a frame this long: at most four views a second. */
    public static final long FRAME_MILLIS = 250;

    /** A command sent and the board it went to: only that board's reply counts. */
    private record Pending(String board, CompletableFuture<JsonNode> reply) {
    }

    private final String hallId;
    private final MqttAsyncClient client;
    private final MqttConnectionOptions options;
    private final HallDisk disk;
    private final HallIntake intake;
    private final Map<String, HallBoard> boards = new TreeMap<>();
    private final Map<String, Pending> waiting = new ConcurrentHashMap<>();
    private final Rounds rounds = new Rounds();
    private final SecureRandom random = new SecureRandom();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final PrintWriter trace;
    /**
     * Counts the changes; it starts at the start's wall time in microseconds, so that a page still waiting on a
     * hall that was restarted asks for what is newer than what it has and gets the new hall's view at once.
     */
    private long version = System.currentTimeMillis() * 1000;
    private byte[] viewBytes;
    private long viewFrame;
    private final HallPageViews pageViews = new HallPageViews();

    /** A hall that keeps its state in memory only (tests, benchmarks). */
    public Hall(String broker, String hallId, String username, String password, PrintWriter trace)
            throws MqttException {
        this(broker, hallId, username, password, trace, null);
    }

    /**
     * @param broker the broker's URL
     * @param hallId the hall's name
     * @param username the hall's user (the arbiter's, which may command every board), or null
     * @param password its password, or null
     * @param trace where each event taken is written with the time it was taken (benchmarks), or null
     * @param store where the hall's state is kept (it starts from what is there), or null: in memory only
     */
    public Hall(String broker, String hallId, String username, String password, PrintWriter trace, HallStore store)
            throws MqttException {
        this.hallId = hallId;
        this.trace = trace;
        disk = new HallDisk(store, hallId, lock, this::changed);
        disk.restore(boards, rounds);
        intake = new HallIntake(hallId, disk, trace);
        // a round sent, a board's reply or its game settled: written, then shown (the page's poll wakes; from a
        // thread of its own, as the rounds' lock is held here and the hall's lock is taken before it elsewhere)
        rounds.onChange(round -> {
            disk.round(round, rounds.doc(round).toString());
            Thread.ofVirtual().name("hall-round-changed").start(this::changed);
        });
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
                catchUpAll();
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
            replied(id, json(payload));
            return;
        }
        boolean ask = false;
        lock.lock();
        try {
            HallBoard b = boards.computeIfAbsent(id, HallBoard::new);
            HallIntake.Write write = switch (parsed[1]) {
                case "status" -> {
                    String was = b.status;
                    b.status = new String(payload, StandardCharsets.UTF_8);
                    ask = b.status.equals("online");
                    yield b.status.equals(was) ? HallIntake.Write.NONE : HallIntake.Write.NOW;
                }
                case "state" -> {
                    BoardState s = BoardState.read(payload);
                    if (s == null) {
                        yield HallIntake.Write.NONE;
                    }
                    b.state = s;
                    b.stateMillis = now;
                    if (b.gameId == null) {
                        // a hall that came after the game's start (no GAME event taken) knows it from the snapshot,
                        // so that the game's result and record are kept under it
                        b.gameId = s.gameId();
                    }
                    b.feed.startAfter(s.seq());
                    // a number below the last taken: the board's numbering may have started again
                    ask = s.seq() < b.feed.last() && now - b.lastAskMillis > 1000;
                    // a snapshot alone (the clocks move every second) is written behind, at most every few seconds
                    yield now - b.docWrittenMillis >= HallIntake.STATE_WRITE_MILLIS ? HallIntake.Write.LATER
                            : HallIntake.Write.NONE;
                }
                case "record" -> intake.record(b, payload, now);
                case "events" -> intake.events(b, payload, now);
                default -> null;
            };
            if (write == null) {
                return;
            }
            ask |= parsed[1].equals("events") && b.feed.hasGap() && now - b.lastAskMillis > 1000;
            if (ask) {
                b.lastAskMillis = now;
            }
            switch (write) {
                case NOW -> disk.board(b, false);
                case LATER -> disk.later(b);
                default -> {
                    // nothing lasting changed
                }
            }
            changed();
        } finally {
            lock.unlock();
        }
        if (ask) {
            askSince(id);
        }
    }

    private void replied(String board, JsonNode reply) {
        Pending p = reply == null ? null : waiting.get(reply.path("id").asText());
        if (p == null) {
            return;
        }
        if (!p.board().equals(board)) {
            log.warn("hall {}: board {} answered a command sent to {}: ignored", hallId, board, p.board());
            return;
        }
        waiting.remove(reply.path("id").asText());
        p.reply().complete(reply);
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
        lock.lock();
        try {
            ids = List.copyOf(boards.keySet());
        } finally {
            lock.unlock();
        }
        ids.forEach(this::askSince);
    }

    /**
     * Asks a board for the events after the last one taken. Its answer ({@code OK last n}) below the number asked
     * means the board's numbering started again: a new board life, whose events are then all asked for.
     */
    private void askSince(String board) {
        long last;
        int life;
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            last = b.feed.last();
            life = b.life;
        } finally {
            lock.unlock();
        }
        if (last < 0) {
            return;
        }
        Thread.ofVirtual().name("hall-since-" + board).start(() -> command(board, "SINCE " + last, null, 5000)
                .ifPresent(r -> sinceAnswered(board, life, last, r.path("reply").asText())));
    }

    private void sinceAnswered(String board, int life, long asked, String reply) {
        Matcher m = LAST.matcher(reply);
        if (!m.matches()) {
            if (!reply.startsWith("OK")) {
                log.warn("hall {}: board {} answered SINCE {}: {}", hallId, board, asked, reply);
            }
            return;
        }
        long theirs = Long.parseLong(m.group(1));
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            if (theirs >= asked || b.life != life) {
                return;
            }
            log.warn("hall {}: board {} numbers its events from 1 again (it was at {}, now at {}): a new board "
                    + "life; its events are taken again from the first", hallId, board, asked, theirs);
            b.newLife(asked, theirs, System.currentTimeMillis());
            disk.board(b, false);
            changed();
        } finally {
            lock.unlock();
        }
        askSince(board);
    }

    /** Keeps an arbiter's action and the board's reply (durably), and logs it with the arbiter's name. */
    public void action(String arbiter, String board, String line, String reply) {
        log.info("hall {}: arbiter {} on {}: {} -> {}", hallId, arbiter, board, line, reply);
        disk.action(arbiter, board, line, reply);
    }

    // ------------------------------------------------------------------------------------------------ outgoing

    private void send(String board, String id, String line, String pin) {
        long until = System.nanoTime() + 5_000_000_000L;
        while (true) {
            try {
                client.publish(new HallTopics(hallId, board).cmd(), HallCommand.of(id, line, pin).payload(), 1, false);
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
        byte[] nonce = new byte[16];
        random.nextBytes(nonce);
        String id = "hall-" + HexFormat.of().formatHex(nonce);
        CompletableFuture<JsonNode> f = new CompletableFuture<>();
        waiting.put(id, new Pending(board, f));
        send(board, id, line, pin);
        try {
            return Optional.of(f.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            waiting.remove(id);
        }
    }

    /**
     * Acknowledges a board's call: on disk first, then shown.
     *
     * @return false when there is no such open call
     * @throws StoreException when it could not be written (then it is not acknowledged)
     */
    public boolean acknowledge(String board, long seq, String arbiter) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            int i = b == null ? -1 : b.openCall(seq);
            if (i < 0) {
                return false;
            }
            HallBoard.Call c = b.calls.get(i);
            b.calls.set(i, new HallBoard.Call(c.board(), c.life(), c.seq(), c.kind(), c.text(), c.wallMillis(),
                    arbiter, System.currentTimeMillis()));
            try {
                disk.board(b, true);
            } catch (StoreException e) {
                b.calls.set(i, c);
                throw e;
            }
            log.info("hall {}: arbiter {} acknowledged {}:{} ({})", hallId, arbiter, board, seq, c.text());
            changed();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The rounds' pairings and results. */
    public Rounds rounds() {
        return rounds;
    }

    // ------------------------------------------------------------------------------------------------ the page

    private void changed() {
        lock.lock();
        try {
            version++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until the version passes {@code after} (at most {@code millis}), then until the next frame of
     * {@link #FRAME_MILLIS} begins (so the changes of a frame go out together: a page reads at most four views a
     * second however many boards change); returns the version now.
     */
    public long awaitChange(long after, long millis) throws InterruptedException {
        lock.lock();
        try {
            long nanos = TimeUnit.MILLISECONDS.toNanos(millis);
            while (version <= after && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            if (version <= after) {
                return version;
            }
        } finally {
            lock.unlock();
        }
        Thread.sleep(FRAME_MILLIS - System.currentTimeMillis() % FRAME_MILLIS);
        lock.lock();
        try {
            return version;
        } finally {
            lock.unlock();
        }
    }

    /**
     * {@link #view()} as the page's long poll sends it: JSON written at most once per frame of {@link #FRAME_MILLIS}
     * for every open page (so up to that much older than the last change).
     */
    public byte[] viewJson() {
        lock.lock();
        try {
            long frame = System.currentTimeMillis() / FRAME_MILLIS;
            // by frame, not by version: a round's replies and other changes of the hall's own do not count a version
            if (viewBytes == null || frame != viewFrame) {
                viewBytes = view().toString().getBytes(StandardCharsets.UTF_8);
                viewFrame = frame;
            }
            return viewBytes;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The changes since a page's version as the page's long poll sends them ({@code /api/hall?since=}): made once
     * per frame of {@link #FRAME_MILLIS} and shared by every page at the same version ({@link HallPageViews}).
     */
    HallPageViews.Answer changes(long after) {
        lock.lock();
        try {
            return pageViews.changes(after, System.currentTimeMillis() / FRAME_MILLIS, new HallPageViews.Now(hallId,
                    version, boards.values(), disk.faults(), this::roundsView, this::bump));
        } finally {
            lock.unlock();
        }
    }

    /** A version of its own for a change the page views found (called with the lock held). */
    private long bump() {
        version++;
        changed.signalAll();
        return version;
    }

    /** The whole hall as the page reads it. */
    public ObjectNode view() {
        lock.lock();
        try {
            return HallView.of(hallId, version, boards.values(), disk.faults(), roundsView());
        } finally {
            lock.unlock();
        }
    }

    ArrayNode roundsView() {
        return rounds.view(this::resultOf);
    }

    /** The current record of a board (JKF), if the hall has one. */
    public Optional<String> record(String board) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            return b == null ? Optional.empty() : Optional.ofNullable(b.recordJkf);
        } finally {
            lock.unlock();
        }
    }

    /** The record of a board's game by id (JKF). */
    public Optional<String> record(String board, String gameId) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            return b == null ? Optional.empty() : Optional.ofNullable(b.records.get(gameId));
        } finally {
            lock.unlock();
        }
    }

    /** The boards' ids. */
    public List<String> boardIds() {
        lock.lock();
        try {
            return List.copyOf(boards.keySet());
        } finally {
            lock.unlock();
        }
    }

    /** A board's game (null: its current one) and its result: {@code [gameId, result or null]}, or null. */
    String[] resultOf(String board, String gameId) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            if (b == null || b.state == null) {
                return null;
            }
            String game = gameId != null ? gameId : b.state.gameId();
            return game == null ? null : new String[] {game, b.results.get(game)};
        } finally {
            lock.unlock();
        }
    }

    /** The game a board shows now (its snapshot's {@code gameId}), or null. */
    public String currentGame(String board) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            return b == null || b.state == null ? null : b.state.gameId();
        } finally {
            lock.unlock();
        }
    }

    /** How many events the hall took from a board, and how many it received again. */
    public long[] counts(String board) {
        lock.lock();
        try {
            HallBoard b = boards.get(board);
            return b == null ? new long[] {0, 0, -1} : new long[] {b.feed.taken(), b.feed.repeats(), b.feed.last()};
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        disk.close();
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
