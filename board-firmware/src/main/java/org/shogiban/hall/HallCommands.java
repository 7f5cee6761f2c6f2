package org.shogiban.hall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.shogiban.link.LineDecoder;
import org.shogiban.link.LinkProtocol;
import org.shogiban.link.LinkSession;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.formats.GameRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's {@code cmd} topic: {@code {"id","line","pin"}} in, {@code {"id","reply","body"}} out. Each line goes
 * through the USB link's own {@link LinkProtocol} (the same commands, replies and error codes); a {@code pin} is given
 * to it as {@code AUTH <pin>} first, on a session of this one command. {@code SINCE}'s events come back as events to
 * publish again. What is refused (a bad payload, a wrong PIN, an arbiter command without one) is logged as a warning
 * and answered: the board reports it.
 */
public final class HallCommands {
    private static final Logger log = LoggerFactory.getLogger(HallCommands.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What a command produced.
     *
     * @param reply the reply's payload
     * @param resend events {@code SINCE} asked for, to publish again on {@code events}
     * @param refused whether the board refused the command (reported in its log)
     */
    public record Outcome(byte[] reply, List<LoggedEvent> resend, boolean refused) {
    }

    private final LinkProtocol protocol;
    private final String boardId;

    public HallCommands(LinkProtocol protocol, String boardId) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.boardId = boardId;
    }

    /** Answers one payload of the {@code cmd} topic. */
    public Outcome handle(byte[] payload, long nowMillis) {
        JsonNode cmd;
        try {
            cmd = JSON.readTree(payload);
        } catch (IOException e) {
            cmd = null;
        }
        if (cmd == null || !cmd.isObject() || !cmd.path("line").isTextual()) {
            log.warn("hall: board {}: a command that is not {{\"id\",\"line\"}} refused", boardId);
            return new Outcome(reply(null, "ERR SYNTAX a command is {\"id\": ..., \"line\": \"<link command>\","
                    + " \"pin\": ...}", null), List.of(), true);
        }
        JsonNode id = cmd.get("id");
        String line = cmd.get("line").asText();
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            log.warn("hall: board {}: a command of several lines refused", boardId);
            return new Outcome(reply(id, "ERR SYNTAX one line of the link protocol", null), List.of(), true);
        }
        LinkSession session = new LinkSession();
        if (cmd.hasNonNull("pin")) {
            Answer auth = answer(run("AUTH " + cmd.get("pin").asText(), session, nowMillis), "AUTH");
            if (!auth.reply().startsWith("OK")) {
                log.warn("hall: board {}: command '{}' refused: {}", boardId, word(line), auth.reply());
                return new Outcome(reply(id, auth.reply(), null), List.of(), true);
            }
        }
        List<byte[]> frames = run(line, session, nowMillis);
        if (frames.isEmpty()) {
            return new Outcome(reply(id, "ERR SYNTAX an empty line is no command", null), List.of(), true);
        }
        List<LoggedEvent> resend = new ArrayList<>();
        for (byte[] f : frames.subList(0, frames.size() - 1)) {
            String text = new String(f, StandardCharsets.UTF_8).strip();
            if (text.startsWith("* ")) {
                resend.add(LoggedEvent.parse(text.substring(2)));
            }
        }
        Answer a = answer(frames, line);
        boolean refused = a.reply().startsWith("ERR ");
        if (refused) {
            log.warn("hall: board {}: command '{}' refused: {}", boardId, word(line), a.reply());
        }
        return new Outcome(reply(id, a.reply(), a.body()), resend, refused);
    }

    private List<byte[]> run(String line, LinkSession session, long nowMillis) {
        return protocol.handle(new LineDecoder.Line(line), session, nowMillis);
    }

    /** The reply line and the body text of the last frame. */
    private record Answer(String reply, String body) {
    }

    private static Answer answer(List<byte[]> frames, String line) {
        byte[] last = frames.get(frames.size() - 1);
        int lf = indexOf(last, (byte) '\n');
        String first = new String(last, 0, lf < 0 ? last.length : lf, StandardCharsets.UTF_8);
        if (first.matches("OK \\d+") && lf >= 0 && last.length > lf + 1) {
            int length = Integer.parseInt(first.substring(3));
            String[] words = line.strip().toLowerCase(Locale.ROOT).split("\\s+");
            boolean shiftJis = words.length == 3 && words[0].equals("get") && words[2].equals("kif");
            String body = new String(last, lf + 1, length, shiftJis ? GameRecords.SHIFT_JIS : StandardCharsets.UTF_8);
            return new Answer(first, body);
        }
        return new Answer(first, null);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] reply(JsonNode id, String reply, String body) {
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

    /** The command word only, for the log (never a PIN). */
    private static String word(String line) {
        String s = line.strip();
        int space = s.indexOf(' ');
        return (space < 0 ? s : s.substring(0, space)).replaceAll("[^A-Za-z]", "?");
    }

    /** A command payload, as the hall sends it. */
    public static byte[] command(String id, String line, String pin) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", id);
        o.put("line", line);
        if (pin != null) {
            o.put("pin", pin);
        }
        return o.toString().getBytes(StandardCharsets.UTF_8);
    }
}
