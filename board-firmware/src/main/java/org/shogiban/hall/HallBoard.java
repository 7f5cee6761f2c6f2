package org.shogiban.hall;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.link.LoggedEvent;

/**
 * What the hall knows of one board: online or not, its last snapshot and record, its events in order (an
 * {@link EventFeed}) within its current life (a board whose numbering starts again is in a new life), the calls to
 * the arbiter it raised, and the records of its games by game id. Owned by {@link Hall}, which serialises every
 * access; kept on disk as one document ({@link #doc}, {@link #of}).
 */
final class HallBoard {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a call is about: a foul, the board's own call, a failed part, a new board life. */
    enum CallKind { ILLEGAL, CALLED, FAULT, LIFE }

    /**
     * A call to the arbiter; flagged until acknowledged.
     *
     * @param acknowledgedBy the arbiter who acknowledged it, null while open
     */
    record Call(String board, int life, long seq, CallKind kind, String text, long wallMillis, String acknowledgedBy,
                long acknowledgedMillis) {
        boolean acknowledged() {
            return acknowledgedBy != null;
        }
    }

    final String id;
    int life;
    EventFeed feed = new EventFeed();
    String status = "unknown";
    BoardState state;
    String recordJkf;
    JsonNode recordHeader;
    /** The game the current record belongs to (its key among {@link #records}). */
    String recordGame;
    long stateMillis;
    long lastAskMillis;
    /** When its document was last written (a snapshot alone is written behind at most every few seconds). */
    long docWrittenMillis;
    /** When the record of the game in progress was last written (behind, at most every half minute). */
    long recordWrittenMillis;
    /** Whether {@link #recordJkf} is on disk as it is (a finished game's is written at once). */
    boolean recordSaved = true;
    final List<Call> calls = new ArrayList<>();
    /** Game id to its last JKF record, oldest first. */
    final Map<String, String> records = new LinkedHashMap<>();
    /** Game id to its result event's words ({@code CHECKMATE sente - 25}). */
    final Map<String, String> results = new LinkedHashMap<>();
    /** The last {@code GAME} event's game id. */
    String gameId;
    /** The last events taken by number (their text), to tell a repeat from another life's event. */
    private final Map<Long, String> recent = new LinkedHashMap<>(300, 0.75f, false) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
            return size() > 256;
        }
    };

    HallBoard(String id) {
        this.id = id;
    }

    /**
     * Whether an event of a number already taken differs from the one taken: the board numbers a new life (a repeat
     * of the same event, which the broker or {@code SINCE} may bring, is the same line).
     */
    boolean isOtherLife(LoggedEvent e) {
        String seen = recent.get(e.seq());
        return e.seq() <= feed.last() && seen != null && !seen.equals(e.event().text());
    }

    /**
     * Takes an event in order: keeps the game id and the result, raises the calls.
     *
     * @return whether it changed what the arbiter is shown as lasting (a call, a result, a game): to be written at
     *     once; a move, a clock and the like change only the last number taken (written behind)
     */
    boolean take(LoggedEvent e, long wallMillis) {
        String text = e.event().text();
        recent.put(e.seq(), text);
        int space = text.indexOf(' ');
        String type = space < 0 ? text : text.substring(0, space);
        if (type.equals("MOVE") || type.equals("CLOCK")) {
            return false; // the most of them: nothing more to split
        }
        String[] w = text.split(" ");
        switch (w[0]) {
            case "GAME" -> gameId = w.length > 1 ? w[1] : gameId;
            case "RESULT" -> {
                if (gameId != null) {
                    results.put(gameId, String.join(" ", Arrays.copyOfRange(w, 1, w.length)));
                }
            }
            case "ILLEGAL" -> call(e.seq(), CallKind.ILLEGAL, text, wallMillis);
            case "ARBITER" -> {
                if (w.length > 1 && w[1].equals("called")) {
                    call(e.seq(), CallKind.CALLED, text, wallMillis);
                }
            }
            case "FAULT" -> {
                if (w.length > 1 && w[1].equals("failed")) {
                    call(e.seq(), CallKind.FAULT, text, wallMillis);
                }
            }
            default -> {
                // the others change what the snapshot shows
                return false;
            }
        }
        return true;
    }

    void call(long seq, CallKind kind, String text, long wallMillis) {
        calls.add(new Call(id, life, seq, kind, text, wallMillis, null, 0));
    }

    /**
     * Starts a new life: the board's numbering started again (it lost its state, or runs without one). Raises a
     * call that says so; events are taken from 1 again.
     */
    void newLife(long was, long now, long wallMillis) {
        life++;
        recent.clear();
        feed = new EventFeed();
        feed.startAfter(0);
        call(0, CallKind.LIFE, "LIFE " + was + " " + now, wallMillis);
    }

    /** The open call with this number (the latest life's first); -1 when there is none. */
    int openCall(long seq) {
        for (int i = calls.size() - 1; i >= 0; i--) {
            Call c = calls.get(i);
            if (c.seq() == seq && !c.acknowledged()) {
                return i;
            }
        }
        return -1;
    }

    boolean flagged() {
        return calls.stream().anyMatch(c -> !c.acknowledged());
    }

    /** The board as kept on disk (its records are kept apart, one row a game). */
    ObjectNode doc() {
        ObjectNode o = JSON.createObjectNode();
        o.put("life", life);
        o.put("last", feed.last());
        o.put("status", status);
        if (state == null) {
            o.putNull("state");
        } else {
            o.putRawValue("state", state.raw());
        }
        o.put("recordGame", recordGame);
        o.put("gameId", gameId);
        ObjectNode r = o.putObject("results");
        results.forEach(r::put);
        ArrayNode cs = o.putArray("calls");
        for (Call c : calls) {
            cs.addObject().put("life", c.life()).put("seq", c.seq()).put("kind", c.kind().name())
                    .put("text", c.text()).put("wallMillis", c.wallMillis()).put("acknowledgedBy", c.acknowledgedBy())
                    .put("acknowledgedMillis", c.acknowledgedMillis());
        }
        return o;
    }

    /** A board as kept on disk, with its records. */
    static HallBoard of(String id, JsonNode doc, Map<String, String> records) {
        HallBoard b = new HallBoard(id);
        b.life = doc.path("life").asInt();
        b.feed.startAfter(doc.path("last").asLong(-1));
        b.status = doc.path("status").asText("unknown");
        b.state = doc.hasNonNull("state") ? BoardState.of(doc.get("state")) : null;
        b.gameId = doc.path("gameId").asText(null);
        b.recordGame = doc.path("recordGame").asText(null);
        doc.path("results").properties().forEach(e -> b.results.put(e.getKey(), e.getValue().asText()));
        for (JsonNode c : doc.path("calls")) {
            b.calls.add(new Call(id, c.path("life").asInt(), c.path("seq").asLong(),
                    CallKind.valueOf(c.path("kind").asText("ILLEGAL")), c.path("text").asText(),
                    c.path("wallMillis").asLong(), c.path("acknowledgedBy").asText(null),
                    c.path("acknowledgedMillis").asLong()));
        }
        b.records.putAll(records);
        if (b.recordGame != null) {
            b.recordJkf = records.get(b.recordGame);
            b.recordHeader = header(b.recordJkf);
        }
        return b;
    }

    /**
     * A JKF record's header, read without reading its moves (the board writes the header first; the rest is skipped
     * unread), so that a record arriving after every move costs the hall its header, not the whole record.
     */
    static JsonNode header(String jkf) {
        if (jkf == null) {
            return null;
        }
        try (JsonParser p = JSON.getFactory().createParser(jkf)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals("header")) {
                    return p.readValueAsTree();
                }
                p.skipChildren();
            }
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        } catch (java.io.IOException e) {
            return null;
        }
    }
}
