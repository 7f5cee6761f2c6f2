package org.shogiban.hal.config;

import java.util.Objects;
import java.util.Optional;

/**
 * The tournament hall this board belongs to: its MQTT broker, the hall's and the board's names in the topics, and
 * the board's login at the broker (docs/hall.md).
 *
 * @param broker {@code tcp://host:port} or {@code ssl://host:port}; empty: the board is in no hall
 * @param hallId the hall's name ({@code hall} by default)
 * @param boardId this board's name; empty: the host name
 * @param username the board's user at the broker, if any
 * @param password its password, if any
 */
public record HallConfig(Optional<String> broker, String hallId, Optional<String> boardId, Optional<String> username,
                         Optional<String> password) {
    /** The hall's name when none is configured. */
    public static final String DEFAULT_HALL_ID = "hall";

    public HallConfig {
        Objects.requireNonNull(broker, "broker");
        Objects.requireNonNull(hallId, "hallId");
        Objects.requireNonNull(boardId, "boardId");
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
    }

    /** In no hall. */
    public static HallConfig none() {
        return new HallConfig(Optional.empty(), DEFAULT_HALL_ID, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** Whether a text can name a hall or a board in the topics: 1 to 64 letters, digits, {@code -}, {@code _}. */
    public static boolean isName(String s) {
        return s != null && s.matches("[A-Za-z0-9_-]{1,64}");
    }
}
