package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A board's answer on its {@code reply} topic as typed values, {@code {"id","reply","body"}}: written once, where it
 * is published ({@link #payload()}).
 *
 * @param id the command's id as it came (null when the command had none or could not be read)
 * @param reply the link protocol's reply line ({@code OK ...}, {@code ERR <code> <message>})
 * @param body a body's text (a record, the games list, the state), or null
 */
public record HallReply(JsonNode id, String reply, String body) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public HallReply {
        Objects.requireNonNull(reply, "reply");
    }

    /** The payload the board publishes on its {@code reply} topic. */
    public byte[] payload() {
        ObjectNode o = JSON.createObjectNode();
        if (id == null) {
            o.putNull("id");
        } else {
            o.set("id", id);
        }
        o.put("reply", reply);
        if (body != null) {
            o.put("body", body);
        }
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }
}
