package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * One command on a board's {@code cmd} topic as typed values: {@code {"id","line","pin"}}, read once where the
 * payload arrives ({@link #read}) and written once where the hall sends it ({@link #payload()}).
 *
 * @param id the hall's id for the command, echoed in the reply as it came (any JSON value; null when none)
 * @param line one line of the USB link's protocol
 * @param pin the arbiter's PIN, or null
 */
public record HallCommand(JsonNode id, String line, String pin) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public HallCommand {
        Objects.requireNonNull(line, "line");
    }

    /** A command as the hall sends it: its id a string. */
    public static HallCommand of(String id, String line, String pin) {
        return new HallCommand(JSON.getNodeFactory().textNode(id), line, pin);
    }

    /** The payload read, or empty when it is not {@code {"id", "line", ...}} with a text line. */
    public static Optional<HallCommand> read(byte[] payload) {
        JsonNode cmd;
        try {
            cmd = JSON.readTree(payload);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (cmd == null || !cmd.isObject() || !cmd.path("line").isTextual()) {
            return Optional.empty();
        }
        return Optional.of(new HallCommand(cmd.get("id"), cmd.get("line").asText(),
                cmd.hasNonNull("pin") ? cmd.get("pin").asText() : null));
    }

    /** The payload the hall publishes on the board's {@code cmd} topic. */
    public byte[] payload() {
        ObjectNode o = JSON.createObjectNode();
        o.set("id", id);
        o.put("line", line);
        if (pin != null) {
            o.put("pin", pin);
        }
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }
}
