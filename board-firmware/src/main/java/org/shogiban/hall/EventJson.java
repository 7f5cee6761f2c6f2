package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;

/**
 * An event on the {@code events} topic: {@code {"seq":12,"type":"MOVE","fields":["1","7g7f","+7776FU,T12"],
 * "line":"* 12 MOVE 1 7g7f +7776FU,T12"}}: the same number, type and fields as the USB link's {@code * <seq> <TYPE>
 * ...} line (docs/serial-protocol.md), and that line itself. {@code fields} are the line's words after the type (a
 * SFEN is four, a free-text reason as many as it has words); {@code line} has the text exactly.
 */
public final class EventJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private EventJson() {
    }

    /** The event as the board publishes it. */
    public static byte[] write(LoggedEvent e) {
        ObjectNode o = JSON.createObjectNode();
        o.put("seq", e.seq());
        o.put("type", e.event().type());
        ArrayNode fields = o.putArray("fields");
        // the line's words, as a host splits the link's line (an event read back from the log has its fields
        // joined; the words are the same either way)
        String text = e.event().text();
        int space = text.indexOf(' ');
        if (space > 0) {
            for (String w : text.substring(space + 1).split(" ")) {
                fields.add(w);
            }
        }
        o.put("line", "* " + e.text());
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Reads an event back; throws {@link IllegalArgumentException} when the payload is not one. */
    public static LoggedEvent read(byte[] payload) {
        try {
            JsonNode o = JSON.readTree(payload);
            if (o == null || !o.path("seq").canConvertToLong() || !o.path("type").isTextual()
                    || !o.path("fields").isArray()) {
                throw new IllegalArgumentException("not an event: {\"seq\",\"type\",\"fields\"} expected");
            }
            List<String> fields = new ArrayList<>();
            o.get("fields").forEach(f -> fields.add(f.asText()));
            return new LoggedEvent(o.get("seq").asLong(), new LinkEvent(o.get("type").asText(), fields));
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
        }
    }
}
