package org.shogiban.hall;

import java.util.Objects;
import org.shogiban.hal.config.HallConfig;

/**
 * The MQTT topics of one board in one hall, all under {@code shogiban/<hall-id>/board/<board-id>/} (docs/hall.md):
 * {@code status}, {@code state}, {@code events}, {@code record}, {@code cmd} and {@code cmd/reply}.
 *
 * @param hallId the hall's name
 * @param boardId the board's name
 */
public record HallTopics(String hallId, String boardId) {
    public HallTopics {
        if (!HallConfig.isName(Objects.requireNonNull(hallId, "hallId"))) {
            throw new IllegalArgumentException("a hall id is 1 to 64 letters, digits, '-' or '_', not '" + hallId + "'");
        }
        if (!HallConfig.isName(Objects.requireNonNull(boardId, "boardId"))) {
            throw new IllegalArgumentException("a board id is 1 to 64 letters, digits, '-' or '_', not '" + boardId
                    + "'");
        }
    }

    /** {@code shogiban/<hall-id>/board/}: where every board of the hall is. */
    public static String hallPrefix(String hallId) {
        return "shogiban/" + hallId + "/board/";
    }

    /** The board's own prefix, with the trailing slash. */
    public String prefix() {
        return hallPrefix(hallId) + boardId + "/";
    }

    /** Retained {@code online} / {@code offline}. */
    public String status() {
        return prefix() + "status";
    }

    /** Retained snapshot JSON. */
    public String state() {
        return prefix() + "state";
    }

    /** Every numbered event as JSON, QoS 1. */
    public String events() {
        return prefix() + "events";
    }

    /** Retained JKF of the current game. */
    public String record() {
        return prefix() + "record";
    }

    /** Commands to the board. */
    public String cmd() {
        return prefix() + "cmd";
    }

    /** The board's replies to the commands. */
    public String reply() {
        return prefix() + "cmd/reply";
    }

    /**
     * The board id and the topic's kind ({@code status}, {@code state}, {@code events}, {@code record}, {@code cmd},
     * {@code cmd/reply}) of a topic under a hall's prefix; null when the topic is not one.
     */
    public static String[] parse(String hallId, String topic) {
        String prefix = hallPrefix(hallId);
        if (!topic.startsWith(prefix)) {
            return null;
        }
        String rest = topic.substring(prefix.length());
        int slash = rest.indexOf('/');
        if (slash <= 0) {
            return null;
        }
        String board = rest.substring(0, slash);
        return HallConfig.isName(board) ? new String[] {board, rest.substring(slash + 1)} : null;
    }
}
