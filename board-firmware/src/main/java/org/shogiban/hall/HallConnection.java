package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.shogiban.link.KeptEvents;
import org.shogiban.link.LinkProtocol;
import org.shogiban.link.LinkedBoard;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.PinGuard;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A board's connection to the hall's MQTT broker (docs/hall.md). It owns two threads and nothing of the game:
 * <ul>
 *   <li>{@code shogiban-hall-keep} takes the board's numbered events as the board's event keeper hands them over,
 *       already forced to the board's disk (so nothing goes out that is not on it), and wakes the publisher;
 *   <li>{@code shogiban-hall-publish} connects (again and again, backing off up to 5 s, while the broker is away),
 *       publishes every kept event above the {@link SentMark} in order with QoS 1, moves the mark when the broker has
 *       acknowledged them, publishes the retained snapshot and record when they changed, and answers {@code cmd}.
 * </ul>
 * The broker being away never blocks the board: the events wait in the event log on disk (not in memory) until it is
 * back; a board restarted meanwhile reads the mark and the log and goes on from there.
 */
public final class HallConnection implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallConnection.class);
    private static final long STATE_EVERY_MILLIS = 1000;
    private static final long MAX_BACKOFF_MILLIS = 5000;

    /** A message on the command topic. */
    private record Command(String topic, byte[] payload) {
    }

    private final LinkedBoard board;
    private final KeptEvents events;
    private final HallSettings settings;
    private final HallTopics topics;
    private final SentMark mark;
    private final HallCommands commands;
    private final BlockingQueue<LoggedEvent> inbox = new LinkedBlockingQueue<>();
    private final BlockingQueue<Command> commandInbox = new ArrayBlockingQueue<>(64);
    private final Object signal = new Object();
    private boolean woken;
    private volatile boolean running;
    private volatile boolean connected;
    private volatile boolean changed = true;
    private volatile long published;
    private MqttAsyncClient client;
    private AutoCloseable subscription;
    private Thread keeper;
    private Thread publisher;
    private String lastState;
    private String lastRecord;
    private long stateMillis;
    private long goneWarned = -1;

    /**
     * @param board the board's port (the same one the USB link uses)
     * @param events the board's kept events (the board keeps them before it hands them over)
     * @param markDirectory where {@code hall-sent} is kept (the state directory), or null for memory only
     */
    public HallConnection(LinkedBoard board, KeptEvents events, HallSettings settings, Path markDirectory) {
        this.board = Objects.requireNonNull(board, "board");
        this.events = Objects.requireNonNull(events, "events");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.topics = settings.topics();
        this.mark = SentMark.open(markDirectory, markDirectory == null ? 0 : events.lastSeq());
        this.commands = new HallCommands(new LinkProtocol(board, events, new PinGuard(settings.arbiterPin()),
                settings.version(), topics.boardId()), topics.boardId());
        this.published = mark.value();
    }

    /** Subscribes to the board's events and starts the threads (the first connection is tried at once). */
    public synchronized void start() {
        if (running) {
            throw new IllegalStateException("already started");
        }
        try {
            client = new MqttAsyncClient(settings.broker(), "shogiban-" + topics.hallId() + "-" + topics.boardId(),
                    new MemoryPersistence());
        } catch (MqttException e) {
            throw new IllegalArgumentException("broker " + settings.broker() + ": " + e.getMessage(), e);
        }
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                connected = false;
                log.info("hall: board {} lost the broker {}: {}", topics.boardId(), settings.broker(),
                        cause == null ? "-" : cause.getMessage());
                wake();
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
            public void deliveryComplete(IMqttDeliveryToken token) {
                // the publisher waits on its tokens itself
            }
        });
        running = true;
        subscription = board.subscribe(e -> {
            inbox.add(e);
        });
        keeper = thread("shogiban-hall-keep-" + topics.boardId(), this::keepLoop);
        publisher = thread("shogiban-hall-publish-" + topics.boardId(), this::publishLoop);
        log.info("hall: board {} in hall {} via {}; events published from {}", topics.boardId(), topics.hallId(),
                settings.broker(), mark.value() + 1);
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

    // ------------------------------------------------------------------------------------------------ keeping

    private void keepLoop() {
        List<LoggedEvent> batch = new ArrayList<>();
        try {
            while (running || !inbox.isEmpty()) {
                LoggedEvent first = inbox.poll(200, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                batch.clear();
                batch.add(first);
                inbox.drainTo(batch, 511);
                changed = true;
                wake();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.error("hall: board {}: the event thread failed; events are no longer published", topics.boardId(), e);
        }
    }

    // ------------------------------------------------------------------------------------------------ publishing

    private void publishLoop() {
        long backoff = 250;
        while (running) {
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
            try {
                answerCommands();
                publishEvents();
                publishState();
            } catch (MqttException | RuntimeException e) {
                log.info("hall: board {}: publishing failed ({}); connecting again", topics.boardId(), e.toString());
                drop();
            }
            await(250);
        }
    }

    private boolean connect() {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(true);
        o.setKeepAliveInterval(settings.keepAliveSeconds());
        o.setConnectionTimeout(3);
        o.setMaxInflight(Math.max(10, settings.maxBatch() * 2));
        o.setAutomaticReconnect(false);
        o.setWill(topics.status(), "offline".getBytes(StandardCharsets.US_ASCII), 1, true);
        settings.username().ifPresent(o::setUserName);
        settings.password().ifPresent(p -> o.setPassword(p.toCharArray()));
        try {
            client.connect(o).waitForCompletion(5000);
            client.subscribe(topics.cmd(), 1).waitForCompletion(5000);
            client.publish(topics.status(), "online".getBytes(StandardCharsets.US_ASCII), 1, true)
                    .waitForCompletion(5000);
            connected = true;
            lastState = null;
            lastRecord = null;
            changed = true;
            log.info("hall: board {} connected to {}", topics.boardId(), settings.broker());
            return true;
        } catch (MqttException e) {
            log.debug("hall: board {}: broker {} not reached: {}", topics.boardId(), settings.broker(), e.toString());
            drop();
            return false;
        }
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
            List<IMqttDeliveryToken> tokens = new ArrayList<>(batch.size());
            for (LoggedEvent e : batch) {
                tokens.add(client.publish(topics.events(), EventJson.write(e), 1, false));
            }
            for (IMqttDeliveryToken t : tokens) {
                t.waitForCompletion(10_000);
            }
            mark.set(batch.get(batch.size() - 1).seq());
            published = mark.value();
        }
    }

    private void publishState() throws MqttException {
        long now = System.nanoTime() / 1_000_000;
        if (!changed && now - stateMillis < STATE_EVERY_MILLIS) {
            return;
        }
        boolean recordToo = changed;
        changed = false;
        stateMillis = now;
        String state = board.stateJson();
        if (!state.equals(lastState)) {
            client.publish(topics.state(), state.getBytes(StandardCharsets.UTF_8), 1, true);
            lastState = state;
        }
        if (recordToo) {
            String record = board.record("current").map(r -> GameRecords.write(r, RecordFormat.JKF)).orElse(null);
            if (record != null && !record.equals(lastRecord)) {
                client.publish(topics.record(), record.getBytes(StandardCharsets.UTF_8), 1, true);
                lastRecord = record;
            }
        }
    }

    private void answerCommands() throws MqttException {
        Command c;
        while ((c = commandInbox.poll()) != null) {
            HallCommands.Outcome outcome;
            if (!c.topic().equals(topics.cmd())) {
                log.warn("hall: board {}: a command on another topic ({}) refused", topics.boardId(), c.topic());
                continue;
            }
            outcome = commands.handle(c.payload(), System.nanoTime() / 1_000_000);
            client.publish(topics.reply(), outcome.reply(), 1, false);
            for (LoggedEvent e : outcome.resend()) {
                client.publish(topics.events(), EventJson.write(e), 1, false);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ stopping

    /**
     * Stops: the events handed over are kept, those the broker lacks are published if it is there (within a few
     * seconds), then the board says {@code offline} itself and disconnects.
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
        join(keeper);
        join(publisher);
        if (connected) {
            try {
                publishEvents();
                client.publish(topics.status(), "offline".getBytes(StandardCharsets.US_ASCII), 1, true)
                        .waitForCompletion(2000);
                client.disconnect(1000).waitForCompletion(2000);
            } catch (MqttException e) {
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
