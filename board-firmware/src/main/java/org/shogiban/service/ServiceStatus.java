package org.shogiban.service;

import java.util.TreeSet;
import org.shogiban.session.BoardView;

/** The one line systemd shows as the service's status ({@code systemctl status}): what the board is doing. */
public final class ServiceStatus {
    private ServiceStatus() {
    }

    /**
     * {@code setting up}, {@code playing ply N} (N the ply now to be played, so {@code playing ply 1} right after
     * the start) or {@code game over after N plies}, with what needs attention and the failing devices.
     */
    public static String of(BoardView view) {
        StringBuilder s = new StringBuilder();
        switch (view.phase()) {
            case SETTING_UP -> s.append("setting up")
                    .append(view.wrongSquares().isEmpty() && view.wrongSlots().isEmpty() ? ""
                            : ", " + view.wrongSquares().size() + " squares and " + view.wrongSlots().size()
                            + " komadai slots to fix");
            case PLAYING -> {
                s.append("playing ply ").append(view.plies() + 1).append(", ")
                        .append(view.position().sideToMove().label()).append(" to move");
                if (view.illegalMove() != null) {
                    s.append(", illegal move ").append(view.illegalMove().usi()).append(" to put back");
                } else if (!view.wrongSquares().isEmpty() || !view.wrongSlots().isEmpty()) {
                    s.append(", board differs from the game");
                }
            }
            case OVER -> s.append("game over after ").append(view.plies()).append(" plies: ")
                    .append(view.result().winner() == null ? "no winner" : view.result().winner().label() + " wins");
        }
        if (!view.failingDevices().isEmpty()) {
            s.append("; failing: ").append(String.join(", ", new TreeSet<>(view.failingDevices())));
        }
        return s.toString();
    }
}
