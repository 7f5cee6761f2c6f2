package org.shogiban.hall;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A board's snapshot as the hall keeps it: the JSON document as the board published it, with the two fields the hall
 * acts on at once (its event number {@code seq} and its {@code gameId}) read in one streaming pass; the whole document
 * is made a tree only when a page asks for it (once per snapshot), and written to disk as it came. A board publishes a
 * snapshot after every change, so most are superseded before any page looks (docs/benchmarks.md, issue 28).
 */
final class BoardState {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = JSON.getFactory();

    private final String json;
    private final long seq;
    private final String gameId;
    private JsonNode tree;

    private BoardState(String json, long seq, String gameId, JsonNode tree) {
        this.json = json;
        this.seq = seq;
        this.gameId = gameId;
        this.tree = tree;
    }

    /** The snapshot a board published; null when the payload is not one JSON object (the hall ignores it). */
    static BoardState read(byte[] payload) {
        long seq = 0;
        String gameId = null;
        try (JsonParser p = FACTORY.createParser(payload)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if (name.equals("seq") && value.isNumeric()) {
                    seq = p.getLongValue();
                } else if (name.equals("gameId") && value == JsonToken.VALUE_STRING) {
                    gameId = p.getText();
                } else {
                    p.skipChildren();
                }
            }
            // the whole document read: nothing may follow it
            if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                return null;
            }
        } catch (IOException e) {
            return null;
        }
        return new BoardState(new String(payload, StandardCharsets.UTF_8), seq, gameId, null);
    }

    /** A snapshot the hall kept (read back from its disk). */
    static BoardState of(JsonNode tree) {
        return new BoardState(tree.toString(), tree.path("seq").asLong(),
                tree.path("gameId").isTextual() ? tree.get("gameId").asText() : null, tree);
    }

    /** The board's event number as of the snapshot (0 when it has none). */
    long seq() {
        return seq;
    }

    /** The game the board shows, or null. */
    String gameId() {
        return gameId;
    }

    /** The document as a tree, made on the first ask; called under the hall's lock. */
    JsonNode tree() {
        if (tree == null) {
            try {
                tree = JSON.readTree(json);
            } catch (IOException e) {
                throw new UncheckedIOException("a snapshot read once cannot be read again", e);
            }
        }
        return tree;
    }

    /** The document as it came, to be written inside another one without being parsed. */
    RawValue raw() {
        return new RawValue(json);
    }
}
