package org.shogiban.hall;

import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;

/**
 * A test client's Paho callback that minds only the messages (and, when it overrides it, a reconnection): the test
 * clients' one place for the callbacks they ignore.
 */
abstract class MessageCallback implements MqttCallback {
    @Override
    public void connectComplete(boolean reconnect, String serverURI) {
    }

    @Override
    public void disconnected(MqttDisconnectResponse response) {
    }

    @Override
    public void mqttErrorOccurred(MqttException e) {
    }

    @Override
    public void deliveryComplete(IMqttToken token) {
    }

    @Override
    public void authPacketArrived(int reasonCode, MqttProperties properties) {
    }
}
