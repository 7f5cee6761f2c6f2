package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.util.function.BiConsumer;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;

/**
 * A test's plain MQTT 5 subscriber: every message on its filters (QoS 1) to a consumer of topic and text. Through the
 * client's callback: Paho 1.2.5's {@code MqttClient.subscribe(topic, qos, listener)} recurses until the stack
 * overflows.
 */
public final class MqttListener implements AutoCloseable {
    private final MqttClient client;

    public MqttListener(String url, BiConsumer<String, String> onMessage, String... filters) throws MqttException {
        client = new MqttClient(url, "test-" + System.nanoTime(), new MemoryPersistence());
        client.setCallback(new MessageCallback() {
            @Override
            public void messageArrived(String topic, MqttMessage message) {
                onMessage.accept(topic, new String(message.getPayload(), StandardCharsets.UTF_8));
            }
        });
        client.connect();
        int[] qos = new int[filters.length];
        java.util.Arrays.fill(qos, 1);
        client.subscribe(filters, qos);
    }

    @Override
    public void close() throws MqttException {
        if (client.isConnected()) {
            client.disconnect();
        }
        client.close();
    }
}
