package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.shogiban.hal.FaultReporter;
import org.shogiban.link.KeptEvents;
import org.shogiban.link.LinkProtocol;
import org.shogiban.link.LinkedBoard;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.PinGuard;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.jkf.JkfCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board's connection to the hall's MQTT broker (docs/hall.md), in MQTT 5. It owns two threads and nothing of the
 * game:
 * <ul>
 *   <li>{@code shogiban-hall-keep} ({@link EventKeeper}) takes the board's numbered events as the board's event keeper
 *       hands them over, already on the board's disk (so nothing goes out that is not on it), and wakes the publisher;
 *   <li>{@code shogiban-hall-publish} connects (again and again, backing off up to 5 s, while the broker is away),
 *       publishes every kept event above the {@link SentMark} in order with QoS 1, moves the mark when the broker has
 *       acknowledged them, publishes the retained snapshot and record when they changed, and answers {@code cmd}.
 * </ul>
 * The broker being away never blocks the board: the events wait in the event log on disk (not in memory) until it is
 * back; a board restarted meanwhile reads the mark and the log and goes on from there. Its session lives on at the
 * broker for {@link #SESSION_EXPIRY_SECONDS} after it left, so commands sent to it meanwhile wait for it there.
 *
 * <p>What goes wrong is shown as a fault naming the hall ({@link HallFaults}): the broker not reached, a publish the
 * broker refused (its reason code; the event stays unpublished and is tried again), a failure of either thread
 * (which logs it and goes on).
 */
public final class HallConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallConnection.class);
    private static final long STATE_EVERY_MILLIS = 1000;
    /**
     * The retained record of a game in progress is published at most this often (a game's first and last record at
     * once): 0, the default, publishes it after every change (the relay's files are then the board's own at every
     * move). A measurement's knob ({@code -Dshogiban.hall.recordMillis}, docs/benchmarks.md): what the record per move
     * costs the broker and the hall.
     */
    static final long RECORD_EVERY_MILLIS = Long.getLong("shogiban.hall.recordMillis", 0);
    private static final long MAX_BACKOFF_MILLIS = 5000;
    /** How long the broker keeps a board's session (its subscription and the commands sent to it) after it left. */
    public static final long SESSION_EXPIRY_SECONDS = 3600;
    /** QoS 1 publishes awaiting their acknowledgement, at most (Mosquitto's default receive maximum is 20). */
    static final int WINDOW = 16;
    private static final String PUBLISHER = "publishing thread";

    /** A message on the command topic. */
    private record Command(String topic, byte[] payload) {
    }

    /** A publish in flight: its token and the event's number (0 for others). */
    private record Sent(String topic, IMqttToken token, long seq) {
    }

    private final LinkedBoard board;
    private final KeptEvents events;
    private final HallSettings settings;
    private final HallTopics topics;
    private final SentMark mark;
    private final HallCommands commands;
    private final HallFaults faults;
    private final BlockingQueue<Command> commandInbox = new ArrayBlockingQueue<>(256);
    private final Object signal = new Object();
    private boolean woken;
    private volatile boolean running;
    private volatile boolean connected;
    private volatile boolean changed = true;
    private volatile long published;
    private volatile MqttAsyncClient client;
    private AutoCloseable subscription;
    private final EventKeeper keeper;
    private Thread publisher;
    private String lastState;
    private String lastRecord;
    private long stateMillis;
    private long recordMillis;
    private boolean recordWaits;
    private long refusedUntilMillis;
    private long goneWarned = -1;

    /**
     * @param board the board's port (the same one the USB link uses)
     * @param events the board's kept events (the board keeps them before it hands them over)
     * @param markDirectory where {@code hall-sent} is kept (the state directory), or null for memory only
     * @param faults where the connection's faults are told (the board's, so they are shown as a device's)
     */
    public HallConnection(LinkedBoard board, KeptEvents events, HallSettings settings, Path markDirectory,
                          FaultReporter faults) {
        this.board = Objects.requireNonNull(board, "board");
        this.events = Objects.requireNonNull(events, "events");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.topics = settings.topics();
        this.mark = SentMark.open(markDirectory, markDirectory == null ? 0 : events.lastSeq());
        this.commands = new HallCommands(new LinkProtocol(board, events, new PinGuard(settings.arbiterPin()),
                settings.version(), topics.boardId()), topics.boardId());
        this.faults = new HallFaults(Objects.requireNonNull(faults, "faults"), topics.hallId(), settings.broker());
        this.published = mark.value();
        this.keeper = new EventKeeper(this.faults, topics.boardId(), () -> {
            changed = true;
            wake();
        });
    }

    /** Subscribes to the board's events and starts the threads (the first connection is tried at once). */
    public synchronized void start() {
        if (running) {
            throw new IllegalStateException("already started");
        }
        try {
            client = newClient();
        } catch (MqttException e) {
            throw new IllegalArgumentException("broker " + settings.broker() + ": " + e.getMessage(), e);
        }
        running = true;
        subscription = board.subscribe(keeper::handOver);
        keeper.start();
        publisher = thread("shogiban-hall-publish-" + topics.boardId(), this::publishLoop);
        log.info("hall: board {} in hall {} via {}; events published from {}", topics.boardId(), topics.hallId(),
                settings.broker(), mark.value() + 1);
    }

    /** A client of the broker with this connection's callback (its id is the board's: the broker keeps its session). */
    private MqttAsyncClient newClient() throws MqttException {
        MqttAsyncClient c = new MqttAsyncClient(settings.broker(), "shogiban-" + topics.hallId() + "-"
                + topics.boardId(), new MemoryPersistence());
        c.setCallback(new MqttCallback() {
            @Override
            public void disconnected(MqttDisconnectResponse response) {
                if (c != client) {
                    return; // a client given up after a failed attempt
                }
                connected = false;
                log.info("hall: board {} lost the broker {}: {}", topics.boardId(), settings.broker(),
                        response == null || response.getException() == null ? "-"
                                : response.getException().getMessage());
                wake();
            }

            @Override
            public void mqttErrorOccurred(MqttException e) {
                log.info("hall: board {}: {}", topics.boardId(), e.toString());
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                if (!commandInbox.offer(new Command(topic, message.getPayload()))) {
                    log.warn("hall: board {}: commands arrive faster than they are answered; one dropped",
                            topics.boardId());
                }
                wake();
            }

            @Override
            public void deliveryComplete(IMqttToken token) {
                // the publisher waits on its tokens itself
            }

            @Override
            public void connectComplete(boolean reconnect, String serverURI) {
                // the publisher connects itself
            }

            @Override
            public void authPacketArrived(int reasonCode, MqttProperties properties) {
                // no enhanced authentication
            }
        });
        return c;
    }

    /**
     * After a failed connection attempt: a new client, so that an attempt the client still thinks in progress (one
     * that timed out on a slow or cut network) cannot refuse every later one.
     */
    private void renewClient() {
        MqttAsyncClient old = client;
        try {
            old.disconnectForcibly(0, 100, false);
        } catch (MqttException | RuntimeException e) {
            log.debug("hall: board {}: dropping the old client: {}", topics.boardId(), e.toString());
        }
        try {
            old.close(true);
        } catch (MqttException | RuntimeException e) {
            log.debug("hall: board {}: closing the old client: {}", topics.boardId(), e.toString());
        }
        try {
            client = newClient();
        } catch (MqttException e) {
            client = old;
            log.warn("hall: board {}: a new client for {} could not be made: {}", topics.boardId(), settings.broker(),
                    e.toString());
        }
    }

    private static Thread thread(String name, Runnable body) {
        return Thread.ofPlatform().name(name).daemon().start(body);
    }

    /** Whether the broker is connected now. */
    public boolean isConnected() {
        return connected;
    }

    /** The number of the last event the broker acknowledged. */
    public long publishedSeq() {
        return published;
    }

    /** Events the board handed over that the full queue did not take (the keeping thread fell behind). */
    public long notQueued() {
        return keeper.notQueued();
    }

    private void wake() {
        synchronized (signal) {
            woken = true;
            signal.notifyAll();
        }
    }

    private boolean await(long millis) {
        synchronized (signal) {
            try {
                if (!woken) {
                    signal.wait(millis);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            woken = false;
        }
        return running;
    }

    // ------------------------------------------------------------------------------------------------ publishing

    private void publishLoop() {
        long backoff = 250;
        while (running) {
            try {
                if (!connected) {
                    if (!connect()) {
                        if (!await(backoff)) {
                            return;
                        }
                        backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
                        continue;
                    }
                    backoff = 250;
                }
                answerCommands();
                if (nowMillis() >= refusedUntilMillis) {
                    publishEvents();
                    publishState();
                }
                faults.threadWorks(PUBLISHER);
            } catch (MqttException e) {
                log.info("hall: board {}: publishing failed ({}); connecting again", topics.boardId(), e.toString());
                drop();
            } catch (RuntimeException e) {
                // a fault of this thread, not of the broker: shown, and the thread goes on
                faults.threadFailed(PUBLISHER, e);
                drop();
            }
            await(250);
        }
    }

    private static long nowMillis() {
        return System.nanoTime() / 1_000_000;
    }

    private boolean connect() {
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(false);
        o.setSessionExpiryInterval(SESSION_EXPIRY_SECONDS);
        o.setKeepAliveInterval(settings.keepAliveSeconds());
        o.setConnectionTimeout(3);
        o.setAutomaticReconnect(false);
        o.setWill(topics.status(), new MqttMessage(ascii("offline"), 1, true, new MqttProperties()));
        settings.username().ifPresent(o::setUserName);
        settings.password().ifPresent(p -> o.setPassword(p.getBytes(StandardCharsets.UTF_8)));
        long attempt = nowMillis();
        try {
            client.connect(o).waitForCompletion(5000);
        } catch (MqttException e) {
            faults.unreachable(e.getMessage() == null ? e.toString() : e.getMessage(), attempt, nowMillis());
            log.debug("hall: board {}: broker {} not reached: {}", topics.boardId(), settings.broker(), e.toString());
            renewClient();
            return false;
        }
        faults.reached();
        try {
            IMqttToken sub = client.subscribe(topics.cmd(), 1);
            sub.waitForCompletion(5000);
            refusal(sub).ifPresentOrElse(r -> faults.refused(topics.cmd(), r), () -> faults.accepted(topics.cmd()));
            List<Sent> online = List.of(new Sent(topics.status(), client.publish(topics.status(), ascii("online"), 1,
                    true), 0));
            settle(online.get(0));
        } catch (MqttException e) {
            log.info("hall: board {}: connected to {} but {}", topics.boardId(), settings.broker(), e.toString());
            drop();
            renewClient();
            return false;
        }
        connected = true;
        lastState = null;
        lastRecord = null;
        changed = true;
        log.info("hall: board {} connected to {}", topics.boardId(), settings.broker());
        return true;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static java.util.Optional<Refusal> refusal(IMqttToken token) {
        return Refusal.of(token);
    }

    /**
     * Waits for a publish's acknowledgement: true when the broker took it; false when it refused it (the fault is
     * shown, and publishing pauses for the backoff before it is tried again).
     */
    private boolean settle(Sent s) throws MqttException {
        java.util.Optional<Refusal> refused;
        try {
            s.token().waitForCompletion(10_000);
            refused = Refusal.of(s.token());
        } catch (MqttException e) {
            if (e.getReasonCode() < 0x80 || e.getReasonCode() > 0xFF) {
                throw e;
            }
            refused = java.util.Optional.of(new Refusal(e.getReasonCode()));
        }
        if (refused.isPresent()) {
            faults.refused(s.topic(), refused.get());
            refusedUntilMillis = nowMillis() + MAX_BACKOFF_MILLIS;
            return false;
        }
        faults.accepted(s.topic());
        return true;
    }

    private void drop() {
        connected = false;
        try {
            if (client.isConnected()) {
                client.disconnectForcibly(100, 100, false);
            }
        } catch (MqttException e) {
            log.debug("hall: disconnect: {}", e.toString());
        }
    }

    private void publishEvents() throws MqttException {
        while (running || connected) {
            long kept = events.lastSeq();
            if (mark.value() >= kept) {
                return;
            }
            List<LoggedEvent> all = events.since(mark.value());
            if (all.isEmpty()) {
                return;
            }
            if (all.get(0).seq() > mark.value() + 1 && goneWarned != mark.value()) {
                goneWarned = mark.value();
                log.warn("hall: board {}: events {}..{} are no longer kept and were never published",
                        topics.boardId(), mark.value() + 1, all.get(0).seq() - 1);
            }
            List<LoggedEvent> batch = all.subList(0, Math.min(settings.maxBatch(), all.size()));
            java.util.ArrayDeque<Sent> inFlight = new java.util.ArrayDeque<>();
            long acknowledged = mark.value();
            boolean refused = false;
            for (LoggedEvent e : batch) {
                if (inFlight.size() >= WINDOW) {
                    Sent s = inFlight.removeFirst();
                    refused |= !settle(s);
                    acknowledged = refused ? acknowledged : s.seq();
                }
                inFlight.add(new Sent(topics.events(), client.publish(topics.events(), EventJson.write(e), 1, false),
                        e.seq()));
            }
            while (!inFlight.isEmpty()) {
                Sent s = inFlight.removeFirst();
                refused |= !settle(s);
                acknowledged = refused ? acknowledged : s.seq();
            }
            if (acknowledged > mark.value()) {
                mark.set(acknowledged);
                published = mark.value();
            }
            if (refused) {
                return;
            }
        }
    }

    private void publishState() throws MqttException {
        long now = nowMillis();
        boolean stateDue = changed || now - stateMillis >= STATE_EVERY_MILLIS;
        boolean recordDue = changed || recordWaits && now - recordMillis >= RECORD_EVERY_MILLIS;
        changed = false;
        if (stateDue) {
            stateMillis = now;
            String state = board.stateJson();
            if (!state.equals(lastState)
                    && settle(new Sent(topics.state(), client.publish(topics.state(), utf8(state), 1, true), 0))) {
                lastState = state;
            }
        }
        if (recordDue) {
            publishRecord(now);
        }
    }

    private void publishRecord(long now) throws MqttException {
        GameRecord current = board.record("current").orElse(null);
        if (current == null) {
            return;
        }
        boolean firstOrLast = current.recordedMoves().isEmpty() || current.end().kind() != EndKind.NONE;
        if (!firstOrLast && lastRecord != null && now - recordMillis < RECORD_EVERY_MILLIS) {
            recordWaits = true; // published when its time comes, even if nothing else changes
            return;
        }
        recordWaits = false;
        // compact: the hall reads it and the relay writes its files from it (indentation would double its bytes)
        String record = JkfCodec.writeCompact(current);
        if (!record.equals(lastRecord)
                && settle(new Sent(topics.record(), client.publish(topics.record(), utf8(record), 1, true), 0))) {
            lastRecord = record;
            recordMillis = now;
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private void answerCommands() throws MqttException {
        Command c;
        while ((c = commandInbox.poll()) != null) {
            HallCommands.Outcome outcome;
            if (!c.topic().equals(topics.cmd())) {
                log.warn("hall: board {}: a command on another topic ({}) refused", topics.boardId(), c.topic());
                continue;
            }
            outcome = commands.handle(c.payload(), nowMillis());
            settle(new Sent(topics.reply(), client.publish(topics.reply(), outcome.reply().payload(), 1, false), 0));
            for (LoggedEvent e : outcome.resend()) {
                client.publish(topics.events(), EventJson.write(e), 1, false).waitForCompletion(10_000);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ stopping

    /**
     * Stops: the events handed over are kept, those the broker lacks are published if it is there (within a few
     * seconds), then the board says {@code offline} itself and disconnects (its session stays at the broker for
     * {@link #SESSION_EXPIRY_SECONDS}).
     */
    @Override
    public void close() {
        synchronized (this) {
            if (!running) {
                return;
            }
            running = false;
        }
        try {
            subscription.close();
        } catch (Exception e) {
            log.warn("hall: unsubscribing failed: {}", e.toString());
        }
        wake();
        keeper.stop();
        join(publisher);
        if (connected) {
            try {
                publishEvents();
                client.publish(topics.status(), ascii("offline"), 1, true).waitForCompletion(2000);
                client.disconnect(1000).waitForCompletion(2000);
            } catch (MqttException | RuntimeException e) {
                log.info("hall: board {}: clean stop incomplete: {}", topics.boardId(), e.toString());
            }
        }
        connected = false;
        try {
            client.close(true);
        } catch (MqttException e) {
            log.debug("hall: close: {}", e.toString());
        }
        log.info("hall: board {} left the hall; events published up to {}", topics.boardId(), mark.value());
    }

    private static void join(Thread t) {
        try {
            t.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
