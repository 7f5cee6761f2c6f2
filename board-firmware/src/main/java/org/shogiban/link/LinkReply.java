package org.shogiban.link;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The link protocol's answer to one command as typed values: the events {@code SINCE} sends first, the reply line
 * ({@code OK ...} or {@code ERR <code> <message>}, tagged {@code #<id> } when the command was), and a body's bytes
 * ({@code OK <byte-length>} replies). The serial link writes it as frames ({@link #frames()}); the hall answers its
 * {@code cmd} topic from the same values without reading the frames back.
 *
 * @param events the events sent before the reply, in order (empty but for {@code SINCE})
 * @param line the reply line, without its LF
 * @param body a body's bytes, or null
 */
public record LinkReply(List<LoggedEvent> events, String line, byte[] body) {
    public LinkReply {
        events = List.copyOf(events);
        Objects.requireNonNull(line, "line");
    }

    /** {@code OK <text>} (never a number alone, which would read as a body's length). */
    static LinkReply ok(String text) {
        String t = LinkEvent.oneLine(text);
        return new LinkReply(List.of(), t.isEmpty() ? "OK" : "OK " + t, null);
    }

    /** {@code OK <byte-length>} and the bytes. */
    static LinkReply body(byte[] bytes) {
        return new LinkReply(List.of(), "OK " + bytes.length, bytes);
    }

    /** {@code ERR <code> <message>}. */
    static LinkReply err(LinkError error, String message) {
        return new LinkReply(List.of(), "ERR " + error.name() + " " + LinkEvent.oneLine(message), null);
    }

    /** Whether the board refused the (untagged) command: {@code ERR ...}. */
    public boolean refused() {
        return line.startsWith("ERR ");
    }

    /** The same reply after the events given first. */
    LinkReply after(List<LoggedEvent> first) {
        return new LinkReply(first, line, body);
    }

    /** The same reply with its line tagged {@code #<tag> }. */
    LinkReply tagged(String tag) {
        return new LinkReply(events, "#" + tag + " " + line, body);
    }

    /** The reply's frame: its line, LF, and a body's bytes and LF. */
    public byte[] replyFrame() {
        byte[] head = (line + "\n").getBytes(StandardCharsets.UTF_8);
        if (body == null) {
            return head;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length + body.length + 1);
        out.writeBytes(head);
        out.writeBytes(body);
        out.write('\n');
        return out.toByteArray();
    }

    /** The frames the serial link sends, in order: each event's line, then the reply. */
    public List<byte[]> frames() {
        List<byte[]> frames = new ArrayList<>(events.size() + 1);
        for (LoggedEvent e : events) {
            frames.add(e.wire());
        }
        frames.add(replyFrame());
        return frames;
    }
}
