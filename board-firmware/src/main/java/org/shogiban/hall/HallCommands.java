package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.link.LineDecoder;
import org.shogiban.link.LinkProtocol;
import org.shogiban.link.LinkReply;
import org.shogiban.link.LinkSession;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.formats.GameRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's {@code cmd} topic: {@code {"id","line","pin"}} in, {@code {"id","reply","body"}} out. The payload is
 * read once into a {@link HallCommand}; its line goes through the USB link's own {@link LinkProtocol} (the same
 * commands, replies and error codes), whose typed {@link LinkReply} gives the reply, the body and {@code SINCE}'s
 * events (to publish again) without reading any frame back. A {@code pin} is given to it as {@code AUTH <pin>} first,
 * on a session of this one command. What is refused (a bad payload, a wrong PIN, an arbiter command without one) is
 * logged as a warning and answered: the board reports it.
 */
public final class HallCommands {
    private static final Logger log = LoggerFactory.getLogger(HallCommands.class);

    /**
     * What a command produced.
     *
     * @param reply the reply, written as the {@code reply} topic's payload where it is published
     * @param resend events {@code SINCE} asked for, to publish again on {@code events}
     * @param refused whether the board refused the command (reported in its log)
     */
    public record Outcome(HallReply reply, List<LoggedEvent> resend, boolean refused) {
        public Outcome {
            resend = List.copyOf(resend);
        }
    }

    private final LinkProtocol protocol;
    private final String boardId;

    public HallCommands(LinkProtocol protocol, String boardId) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.boardId = boardId;
    }

    /** Answers one payload of the {@code cmd} topic: read once here, where it arrives. */
    public Outcome handle(byte[] payload, long nowMillis) {
        return HallCommand.read(payload).map(c -> handle(c, nowMillis)).orElseGet(() -> {
            log.warn("hall: board {}: a command that is not {{\"id\",\"line\"}} refused", boardId);
            return refused(new HallReply(null, "ERR SYNTAX a command is {\"id\": ..., \"line\": \"<link command>\","
                    + " \"pin\": ...}", null));
        });
    }

    /** Answers one command. */
    public Outcome handle(HallCommand cmd, long nowMillis) {
        String line = cmd.line();
        if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
            log.warn("hall: board {}: a command of several lines refused", boardId);
            return refused(new HallReply(cmd.id(), "ERR SYNTAX one line of the link protocol", null));
        }
        LinkSession session = new LinkSession();
        if (cmd.pin() != null) {
            LinkReply auth = run("AUTH " + cmd.pin(), session, nowMillis).orElseThrow();
            if (!auth.line().startsWith("OK")) {
                log.warn("hall: board {}: command '{}' refused: {}", boardId, word(line), auth.line());
                return refused(new HallReply(cmd.id(), auth.line(), null));
            }
        }
        Optional<LinkReply> answered = run(line, session, nowMillis);
        if (answered.isEmpty()) {
            return refused(new HallReply(cmd.id(), "ERR SYNTAX an empty line is no command", null));
        }
        LinkReply a = answered.get();
        if (a.refused()) {
            log.warn("hall: board {}: command '{}' refused: {}", boardId, word(line), a.line());
        }
        return new Outcome(new HallReply(cmd.id(), a.line(), body(a, line)), a.events(), a.refused());
    }

    private static Outcome refused(HallReply reply) {
        return new Outcome(reply, List.of(), true);
    }

    private Optional<LinkReply> run(String line, LinkSession session, long nowMillis) {
        return protocol.reply(new LineDecoder.Line(line), session, nowMillis);
    }

    /**
     * A body's text: a KIF record's bytes are Shift_JIS ({@code GET <id> kif}), every other body UTF-8; a tagged
     * reply carries none (as ever: the hall's commands are untagged).
     */
    private static String body(LinkReply a, String line) {
        if (a.body() == null || !a.line().matches("OK \\d+")) {
            return null;
        }
        String[] words = line.strip().toLowerCase(Locale.ROOT).split("\\s+");
        boolean shiftJis = words.length == 3 && words[0].equals("get") && words[2].equals("kif");
        return new String(a.body(), shiftJis ? GameRecords.SHIFT_JIS : StandardCharsets.UTF_8);
    }

    /** The command word only, for the log (never a PIN). */
    private static String word(String line) {
        String s = line.strip();
        int space = s.indexOf(' ');
        return (space < 0 ? s : s.substring(0, space)).replaceAll("[^A-Za-z]", "?");
    }

    /** A command payload, as the hall sends it. */
    public static byte[] command(String id, String line, String pin) {
        return HallCommand.of(id, line, pin).payload();
    }
}
