package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The tests read the board's state as a page or a host does: the JSON text, parsed by an independent reader. */
final class Snapshots {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Snapshots() {
    }

    /** The board's state now, as a tree. */
    static ObjectNode of(WebBoard board) {
        try {
            return (ObjectNode) JSON.readTree(board.stateJson());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the board's state is not JSON: " + board.stateJson(), e);
        }
    }
}
