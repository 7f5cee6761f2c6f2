package org.shogiban.hall;

import java.util.Objects;
import java.util.Optional;

/**
 * How a board joins a hall.
 *
 * @param broker {@code tcp://host:port} or {@code ssl://host:port}
 * @param topics the hall's and the board's names
 * @param username the board's user at the broker, if any
 * @param password its password, if any
 * @param arbiterPin the arbiter's PIN the board checks on commands with a {@code pin}; empty: arbiter commands off
 * @param version the firmware's version (for {@code HELLO})
 * @param keepAliveSeconds MQTT keep-alive: the broker publishes the board's will ({@code offline}) about 1.5 times
 *     this long after the board went silent
 * @param maxBatch how many events are published before their acknowledgements are awaited
 */
public record HallSettings(String broker, HallTopics topics, Optional<String> username, Optional<String> password,
                           Optional<String> arbiterPin, String version, int keepAliveSeconds, int maxBatch) {
    public HallSettings {
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(arbiterPin, "arbiterPin");
        Objects.requireNonNull(version, "version");
        if (!broker.matches("(tcp|ssl)://[^\\s/]+:\\d{1,5}")) {
            throw new IllegalArgumentException("the broker is tcp://host:port or ssl://host:port, not '" + broker + "'");
        }
    }

    /** The settings of the service: keep-alive 5 s, batches of 200 events. */
    public static HallSettings of(String broker, String hallId, String boardId, Optional<String> username,
                                  Optional<String> password, Optional<String> arbiterPin) {
        return new HallSettings(broker, new HallTopics(hallId, boardId), username, password, arbiterPin,
                org.shogiban.link.LinkSettings.firmwareVersion(), 5, 200);
    }
}
