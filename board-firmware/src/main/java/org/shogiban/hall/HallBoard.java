package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.link.LoggedEvent;

/** Reading JSON text that may not be JSON. */
final class Json {
    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private Json() {
    }

    /** The document, or null when the text is not JSON. */
    static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (java.io.IOException e) {
            return null;
        }
    }
}

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
    /** The last snapshot as it came, and read (null until something asks). */
    private String stateText;
    private JsonNode state;
    String recordJkf;
    /** The record's header, read from {@link #recordJkf} when asked; the relay's files made from it, by format. */
    private JsonNode recordHeader;
    private final Map<org.shogiban.notation.RecordFormat, RelayFile> relayFiles =
            new java.util.EnumMap<>(org.shogiban.notation.RecordFormat.class);
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

    /** A snapshot arrived: kept as text, read when asked. */
    void state(String text, long wallMillis) {
        stateText = text;
        state = null;
        stateMillis = wallMillis;
    }

    /** The last snapshot, read once per snapshot; null before the first (or when it is not JSON). */
    JsonNode state() {
        if (state == null && stateText != null) {
            state = Json.read(stateText);
            if (state == null) {
                stateText = null;
            }
        }
        return state;
    }

    /** A record arrived: kept as text; its header and relay files are made again when asked. */
    void record(String jkf) {
        recordJkf = jkf;
        recordHeader = null;
        relayFiles.clear();
    }

    /** The current record's header (JKF), read once per record; null when none. */
    JsonNode recordHeader() {
        if (recordHeader == null && recordJkf != null) {
            JsonNode r = Json.read(recordJkf);
            recordHeader = r == null ? null : r.path("header");
        }
        return recordHeader;
    }

    /** The current record as a relay file in a format, made once per record and format. */
    RelayFile relayFile(org.shogiban.notation.RecordFormat format) {
        return relayFiles.computeIfAbsent(format, f -> RelayFile.of(recordJkf, f));
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
