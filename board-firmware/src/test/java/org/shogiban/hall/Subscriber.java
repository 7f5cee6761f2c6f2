package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.shogiban.link.LoggedEvent;

/**
 * A test's MQTT client that follows a hall: every message kept in order of arrival, the retained ones by topic, the
 * events read back. It reconnects by itself (Paho's automatic reconnect) and subscribes again.
 */
final class Subscriber implements AutoCloseable {
    /** One message received. */
    record Message(String topic, String text, boolean retained) {
    }

    private final MqttClient client;
    private final EventFeed feed = new EventFeed();
    private final List<LoggedEvent> taken = new ArrayList<>();
    private volatile String catchUpTopic;
    private long askedMillis;
    private final List<Message> messages = new ArrayList<>();
    private final Map<String, String> last = new ConcurrentHashMap<>();

    Subscriber(String url, String user, String password, String... filters) throws MqttException {
        client = new MqttClient(url, "test-" + System.nanoTime(), new MemoryPersistence());
        MqttConnectionOptions o = new MqttConnectionOptions();
        o.setCleanStart(true);
        o.setAutomaticReconnect(true);
        o.setAutomaticReconnectDelay(1, 1);
        o.setConnectionTimeout(3);
        if (user != null) {
            o.setUserName(user);
            o.setPassword(password.getBytes(StandardCharsets.UTF_8));
        }
        client.setCallback(new MessageCallback() {
            @Override
            public void connectComplete(boolean reconnect, String serverURI) {
                if (reconnect) {
                    try {
                        subscribe(filters);
                        askSince();
                    } catch (MqttException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }

            @Override
            public void messageArrived(String topic, MqttMessage m) {
                String text = new String(m.getPayload(), StandardCharsets.UTF_8);
                synchronized (messages) {
                    messages.add(new Message(topic, text, m.isRetained()));
                }
                last.put(topic, text);
                if (topic.endsWith("/events")) {
                    synchronized (feed) {
                        taken.addAll(feed.offer(EventJson.read(m.getPayload())));
                    }
                    if (feed.hasGap() && System.nanoTime() / 1_000_000 - askedMillis > 500) {
                        Thread.ofVirtual().start(() -> {
                            try {
                                askSince();
                            } catch (MqttException e) {
                                // the next event or reconnection asks again
                            }
                        });
                    }
                }
            }
        });
        client.connect(o);
        subscribe(filters);
    }

    private void subscribe(String... filters) throws MqttException {
        int[] qos = new int[filters.length];
        java.util.Arrays.fill(qos, 1);
        client.subscribe(filters, qos);
    }

    /**
     * Acts as the hall does for one board: after a reconnection, and when the numbers show a gap, it asks the board
     * {@code SINCE <last taken>} on its {@code cmd} topic.
     */
    Subscriber catchingUp(String boardPrefix) {
        catchUpTopic = boardPrefix + "cmd";
        return this;
    }

    private void askSince() throws MqttException {
        String topic = catchUpTopic;
        long from;
        synchronized (feed) {
            from = feed.last();
        }
        if (topic != null && from >= 0) {
            askedMillis = System.nanoTime() / 1_000_000;
            client.publish(topic, HallCommands.command("catch-up", "SINCE " + from, null), 1, false);
        }
    }

    /** The events taken in order, each once, as the hall's {@link EventFeed} takes them. */
    List<LoggedEvent> taken() {
        synchronized (feed) {
            return List.copyOf(taken);
        }
    }

    /** Events received again. */
    long repeats() {
        synchronized (feed) {
            return feed.repeats();
        }
    }

    void publish(String topic, byte[] payload) throws MqttException {
        client.publish(topic, payload, 1, false);
    }

    List<Message> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    /** The events received on topics ending in {@code /events}, in order of arrival (repeats included). */
    List<LoggedEvent> events() {
        List<LoggedEvent> out = new ArrayList<>();
        for (Message m : messages()) {
            if (m.topic().endsWith("/events")) {
                out.add(EventJson.read(m.text().getBytes(StandardCharsets.UTF_8)));
            }
        }
        return out;
    }

    String last(String topic) {
        return last.get(topic);
    }

    /** Waits (at most 10 s) until the messages satisfy a condition; false when they never did. */
    boolean await(Predicate<Subscriber> condition) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < until) {
            if (condition.test(this)) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.test(this);
    }

    @Override
    public void close() throws MqttException {
        if (client.isConnected()) {
            client.disconnect(500);
        }
        client.close();
    }
}
