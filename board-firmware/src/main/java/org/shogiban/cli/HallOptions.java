package org.shogiban.cli;

import java.util.Optional;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.HallSettings;

/**
 * {@code --hall <broker-url> --board-id <id> [--hall-id <id>]} of {@code serve} (and of the simulator's {@code play}
 * and {@code web}): the command line's hall over the configuration's ({@code hall.broker}, {@code board.id},
 * {@code hall.id}, {@code hall.username}, {@code hall.password}).
 *
 * @param broker the command line's broker, or null
 * @param boardId the command line's board id, or null
 * @param hallId the command line's hall id, or null
 */
public record HallOptions(String broker, String boardId, String hallId) {

    /** The options while the command line is read. */
    public static final class Builder {
        public String broker;
        public String boardId;
        public String hallId;

        public HallOptions build() {
            if (boardId != null && !HallConfig.isName(boardId)) {
                throw new UsageException("--board-id: 1 to 64 letters, digits, '-' or '_', not '" + boardId + "'");
            }
            if (hallId != null && !HallConfig.isName(hallId)) {
                throw new UsageException("--hall-id: 1 to 64 letters, digits, '-' or '_', not '" + hallId + "'");
            }
            if (broker != null && !broker.matches("(tcp|ssl)://[^\\s/]+:\\d{1,5}")) {
                throw new UsageException("--hall: tcp://host:port or ssl://host:port, not '" + broker + "'");
            }
            if (broker == null && (boardId != null || hallId != null)) {
                throw new UsageException("--board-id and --hall-id need --hall <broker-url>");
            }
            return new HallOptions(broker, boardId, hallId);
        }
    }

    /**
     * The hall to join, if any: the command line's values over the configuration's.
     *
     * @param config the configuration's hall ({@link HallConfig#none()} without a configuration)
     * @param arbiterPin the arbiter's PIN the board checks
     * @param hostName the board's id when neither names one
     */
    public Optional<HallSettings> settings(HallConfig config, Optional<String> arbiterPin, String hostName) {
        String url = broker != null ? broker : config.broker().orElse(null);
        if (url == null) {
            return Optional.empty();
        }
        String board = boardId != null ? boardId : config.boardId().orElse(hostName.replaceAll("[^A-Za-z0-9_-]", "-"));
        String hall = hallId != null ? hallId : config.hallId();
        return Optional.of(HallSettings.of(url, hall, board, config.username(), config.password(), arbiterPin));
    }
}
