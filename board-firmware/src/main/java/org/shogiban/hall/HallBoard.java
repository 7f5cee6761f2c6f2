package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.link.LoggedEvent;

/**
 * What the hall knows of one board: online or not, its last snapshot and record, its events in order (an
 * {@link EventFeed}), the calls to the arbiter it raised, and the records of its games by game id. Owned by
 * {@link Hall}, which serialises every access.
 */
final class HallBoard {
    /** A call to the arbiter: a foul, a fault, the board's own call; flagged until acknowledged. */
    record Call(String board, long seq, String text, long wallMillis, boolean acknowledged) {
    }

    final String id;
    final EventFeed feed = new EventFeed();
    String status = "unknown";
    JsonNode state;
    String recordJkf;
    JsonNode recordHeader;
    long stateMillis;
    long lastAskMillis;
    final List<Call> calls = new ArrayList<>();
    /** Game id to its last JKF record, oldest first. */
    final Map<String, String> records = new LinkedHashMap<>();
    /** Game id to its result event's words ({@code CHECKMATE sente - 25}). */
    final Map<String, String> results = new LinkedHashMap<>();
    /** The last {@code GAME} event's game id. */
    String gameId;

    HallBoard(String id) {
        this.id = id;
    }

    /** Takes an event in order: keeps the game id and the result, raises the calls. */
    void take(LoggedEvent e, long wallMillis) {
        String[] w = e.event().text().split(" ");
        switch (w[0]) {
            case "GAME" -> gameId = w.length > 1 ? w[1] : gameId;
            case "RESULT" -> {
                if (gameId != null) {
                    results.put(gameId, String.join(" ", java.util.Arrays.copyOfRange(w, 1, w.length)));
                }
            }
            case "ILLEGAL" -> calls.add(new Call(id, e.seq(), e.event().text(), wallMillis, false));
            case "ARBITER" -> {
                if (w.length > 1 && w[1].equals("called")) {
                    calls.add(new Call(id, e.seq(), e.event().text(), wallMillis, false));
                }
            }
            case "FAULT" -> {
                if (w.length > 1 && w[1].equals("failed")) {
                    calls.add(new Call(id, e.seq(), e.event().text(), wallMillis, false));
                }
            }
            default -> {
                // the others change what the snapshot shows
            }
        }
    }

    /** Acknowledges a call; false when there is no such call. */
    boolean acknowledge(long seq) {
        for (int i = 0; i < calls.size(); i++) {
            Call c = calls.get(i);
            if (c.seq() == seq && !c.acknowledged()) {
                calls.set(i, new Call(c.board(), c.seq(), c.text(), c.wallMillis(), true));
                return true;
            }
        }
        return false;
    }

    boolean flagged() {
        return calls.stream().anyMatch(c -> !c.acknowledged());
    }
}
