package org.shogiban.link;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * An event with its sequence number, which counts up from 1 over the board's whole life.
 *
 * @param seq the event's number
 * @param event what happened
 */
public record LoggedEvent(long seq, LinkEvent event) {
    public LoggedEvent {
        if (seq < 1) {
            throw new IllegalArgumentException("sequence numbers start at 1, not " + seq);
        }
        Objects.requireNonNull(event, "event");
    }

    /** The event as stored: {@code 12 MOVE 1 7g7f +7776FU,T3}. */
    public String text() {
        return seq + " " + event.text();
    }

    /** The event's line on the wire, LF included: {@code * 12 MOVE 1 7g7f +7776FU,T3}. */
    public byte[] wire() {
        return ("* " + text() + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Reads {@link #text()} back; throws {@link IllegalArgumentException} when it is not one. */
    public static LoggedEvent parse(String text) {
        String[] words = text.split(" ", 3);
        if (words.length < 2 || !words[0].matches("\\d{1,18}")) {
            throw new IllegalArgumentException("not '<seq> <TYPE> ...': " + text);
        }
        List<String> fields = new ArrayList<>();
        if (words.length == 3) {
            // the last field may hold spaces: the fields are words, the last takes the rest of the line; the wire
            // text is the same whichever way it is split
            fields.add(words[2]);
        }
        return new LoggedEvent(Long.parseLong(words[0]), new LinkEvent(words[1], fields));
    }
}
