package org.shogiban.simulator;

import java.util.Optional;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.HallSettings;

/**
 * {@code --hall <broker-url> --board-id <id> [--hall-id <id>]} of {@code play} and {@code web}: the simulated board
 * joins a tournament hall as {@code serve --hall} does (docs/hall.md). The broker's user and password come from the
 * environment ({@code SHOGIBAN_HALL_USERNAME}, {@code SHOGIBAN_HALL_PASSWORD}), never the command line.
 */
public final class HallOption {
    private HallOption() {
    }

    /** The hall the options name, or null when there is no {@code --hall}. */
    public static HallSettings settings(Options o, String arbiterPin) {
        String broker = o.values().get("hall");
        String board = o.values().get("board-id");
        String hall = o.get("hall-id", HallConfig.DEFAULT_HALL_ID);
        if (broker == null) {
            if (board != null || o.values().containsKey("hall-id")) {
                throw new SimulatorCommand.UsageError("--board-id and --hall-id need --hall <broker-url>");
            }
            return null;
        }
        if (board == null) {
            throw new SimulatorCommand.UsageError("--hall needs --board-id <id>");
        }
        try {
            return HallSettings.of(broker, hall, board, Optional.ofNullable(System.getenv("SHOGIBAN_HALL_USERNAME")),
                    Optional.ofNullable(System.getenv("SHOGIBAN_HALL_PASSWORD")), Optional.ofNullable(arbiterPin));
        } catch (IllegalArgumentException e) {
            throw new SimulatorCommand.UsageError(e.getMessage());
        }
    }
}
