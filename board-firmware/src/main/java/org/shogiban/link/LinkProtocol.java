package org.shogiban.link;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.session.ArbiterCommands;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The link's command interpreter: one line from the host in, exactly one reply out ({@code OK ...}, a body
 * {@code OK <byte-length>} + bytes + LF, or {@code ERR <code> <message>}); {@code SINCE} sends the events first. No
 * threads, no I/O of its own, time from the caller: the board and the event log are ports. docs/serial-protocol.md is
 * its specification.
 */
public final class LinkProtocol {
    private static final Logger log = LoggerFactory.getLogger(LinkProtocol.class);

    /** The protocol's version, in {@code HELLO}'s reply; it changes only when a reply or event changes meaning. */
    public static final String PROTOCOL_VERSION = "2";
    /** The commands, as {@code HELP} lists them. */
    public static final List<String> COMMANDS = List.of("HELLO", "STATE", "SINCE", "GAMES", "GET", "NEW", "AUTH",
            "ARBITER", "PLAY", "CLOCKS", "GAMEOVER", "QUIT", "HELP");

    /** A command's tag: {@code #} and 1 to 16 letters or digits, then a space. */
    private static final Pattern TAG = Pattern.compile("#([0-9A-Za-z]{1,16})(?: +|$)");

    private final LinkedBoard board;
    private final KeptEvents events;
    private final PinGuard pins;
    private final String version;
    private final String boardId;

    /**
     * @param board the board the commands go to
     * @param events where {@code SINCE} finds the events
     * @param pins the arbiter's PIN check (one per board)
     * @param version the firmware's version for {@code HELLO}
     * @param boardId this board's name for {@code HELLO} (no spaces)
     */
    public LinkProtocol(LinkedBoard board, KeptEvents events, PinGuard pins, String version, String boardId) {
        this.board = Objects.requireNonNull(board, "board");
        this.events = Objects.requireNonNull(events, "events");
        this.pins = Objects.requireNonNull(pins, "pins");
        this.version = word(version);
        this.boardId = word(boardId);
    }

    private static String word(String s) {
        String w = LinkEvent.oneLine(s).replaceAll("\\s", "_");
        return w.isEmpty() ? "-" : w;
    }

    /**
     * The reply to one input, as the byte frames to send in order (events of {@code SINCE} first, the reply last);
     * empty for an empty line, which is no command.
     */
    public List<byte[]> handle(LineDecoder.Input input, LinkSession session, long nowMillis) {
        return reply(input, session, nowMillis).map(LinkReply::frames).orElse(List.of());
    }

    /** The reply to one input as typed values; empty for an empty line, which is no command. */
    public Optional<LinkReply> reply(LineDecoder.Input input, LinkSession session, long nowMillis) {
        return switch (input) {
            case LineDecoder.Bad bad -> Optional.of(LinkReply.err(bad.error(), bad.message()));
            case LineDecoder.Line line -> tagged(line.text(), session, nowMillis);
        };
    }

    /**
     * A command tagged {@code #<id> COMMAND ...} gets its reply line tagged {@code #<id> OK ...} (a host matches
     * replies by id, so one reply it never read cannot shift the others); an untagged one an untagged reply.
     */
    private Optional<LinkReply> tagged(String text, LinkSession session, long nowMillis) {
        Matcher m = TAG.matcher(text);
        if (!m.lookingAt()) {
            return command(text, session, nowMillis);
        }
        LinkReply reply = command(text.substring(m.end()), session, nowMillis)
                .orElseGet(() -> LinkReply.err(LinkError.SYNTAX, "a tag #" + m.group(1) + " with no command"));
        return Optional.of(reply.tagged(m.group(1)));
    }

    private Optional<LinkReply> command(String text, LinkSession session, long nowMillis) {
        String line = text.strip();
        if (line.isEmpty()) {
            return Optional.empty();
        }
        int space = indexOfSpace(line);
        String word = line.substring(0, space).toUpperCase(Locale.ROOT);
        String rest = line.substring(space).strip();
        List<String> args = rest.isEmpty() ? List.of() : List.of(rest.split("\\s+"));
        try {
            return switch (word) {
                case "HELLO" -> one(noArgs(word, args, ok("shogiban " + version + " " + boardId + " "
                        + PROTOCOL_VERSION)));
                case "STATE" -> one(noArgs(word, args, body(board.stateJson().getBytes(StandardCharsets.UTF_8))));
                case "SINCE" -> since(args);
                case "GAMES" -> one(noArgs(word, args, games()));
                case "GET" -> one(get(args));
                case "NEW" -> one(newGame(rest));
                case "AUTH" -> one(auth(args, session, nowMillis));
                case "ARBITER" -> one(arbiter(args, session));
                case "PLAY" -> one(args.size() == 1 ? answer(board.play(args.get(0)))
                        : err(LinkError.SYNTAX, "usage: PLAY <usi> (7g7f, 8h2b+, P*5e)"));
                case "CLOCKS" -> one(clocks(args));
                case "GAMEOVER" -> one(args.size() == 2 ? answer(board.gameOver(args.get(0), args.get(1)))
                        : err(LinkError.SYNTAX, "usage: GAMEOVER <sente|gote|none> <status>"));
                case "QUIT" -> {
                    session.end();
                    yield one(noArgs(word, args, ok("bye")));
                }
                case "HELP" -> one(ok(String.join(" ", COMMANDS)));
                default -> one(err(LinkError.UNKNOWN, "unknown command '" + printable(word) + "'; commands: "
                        + String.join(" ", COMMANDS)));
            };
        } catch (RuntimeException e) {
            // a failing port (a broken record file, a bug) costs this command its reply, never the link
            log.error("link command '{}' failed", printable(line), e);
            return one(err(LinkError.INTERNAL, word + " failed: " + e));
        }
    }

    private static int indexOfSpace(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (Character.isWhitespace(line.charAt(i))) {
                return i;
            }
        }
        return line.length();
    }

    private static Optional<LinkReply> one(LinkReply reply) {
        return Optional.of(reply);
    }

    private static LinkReply noArgs(String word, List<String> args, LinkReply reply) {
        return args.isEmpty() ? reply : err(LinkError.SYNTAX, word + " takes no arguments");
    }

    // ------------------------------------------------------------------------------------------------ commands

    private Optional<LinkReply> since(List<String> args) {
        if (args.size() != 1 || !args.get(0).matches("\\d{1,18}")) {
            return one(err(LinkError.SYNTAX, "usage: SINCE <seq> (a whole number, 0 for every kept event)"));
        }
        long seq = Long.parseLong(args.get(0));
        long first = events.firstKeptSeq();
        if (seq + 1 < first) {
            return one(err(LinkError.GONE, "events after " + seq + " are no longer all kept; the oldest kept is "
                    + first + " (SINCE " + (first - 1) + " sends them; GET fetches whole games)"));
        }
        return one(ok("last " + events.lastSeq()).after(events.since(seq)));
    }

    private LinkReply clocks(List<String> args) {
        if (args.size() != 3 || !args.stream().allMatch(a -> a.matches("\\d{1,10}"))) {
            return err(LinkError.SYNTAX, "usage: CLOCKS <btime-ms> <wtime-ms> <byoyomi-ms> (whole milliseconds)");
        }
        return answer(board.clocks(Long.parseLong(args.get(0)), Long.parseLong(args.get(1)),
                Long.parseLong(args.get(2))));
    }

    private LinkReply games() {
        StringBuilder text = new StringBuilder();
        for (StoredGame g : board.games()) {
            text.append(g.line()).append('\n');
        }
        return body(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    private LinkReply get(List<String> args) {
        if (args.size() != 2) {
            return err(LinkError.SYNTAX, "usage: GET <game-id|current> <kif|kifu|ki2|csa|usi|sfen|jkf>");
        }
        RecordFormat format;
        try {
            format = RecordFormat.fromName(args.get(1));
        } catch (IllegalArgumentException e) {
            return err(LinkError.SYNTAX, e.getMessage());
        }
        String id = args.get(0);
        Optional<GameRecord> record = board.record(id);
        if (record.isEmpty()) {
            return err(LinkError.NOTFOUND, "no game '" + printable(id) + "'; GAMES lists them");
        }
        return body(GameRecords.encode(record.get(), format));
    }

    private LinkReply newGame(String options) {
        NewGameOptions parsed;
        try {
            parsed = NewGameOptions.parse(options);
        } catch (IllegalArgumentException e) {
            return err(LinkError.SYNTAX, e.getMessage());
        }
        return answer(board.newGame(parsed));
    }

    private LinkReply auth(List<String> args, LinkSession session, long nowMillis) {
        if (args.size() != 1) {
            return err(LinkError.SYNTAX, "usage: AUTH <pin>");
        }
        return switch (pins.attempt(args.get(0), nowMillis)) {
            case PinGuard.Granted g -> {
                session.grantArbiter();
                yield ok("arbiter");
            }
            case PinGuard.Wrong w -> {
                log.warn("link: wrong arbiter PIN ({} in a row); AUTH refused for {} ms", w.failures(), w.lockMillis());
                yield err(LinkError.BADPIN, "wrong PIN; the next AUTH is refused for " + seconds(w.lockMillis())
                        + " s");
            }
            case PinGuard.Locked l -> err(LinkError.LOCKED, "too many wrong PINs; try again in "
                    + seconds(l.remainingMillis()) + " s");
            case PinGuard.NoPin n -> err(LinkError.NOPIN, "no arbiter PIN is configured on this board (arbiter.pin)");
        };
    }

    private static long seconds(long millis) {
        return (millis + 999) / 1000;
    }

    private LinkReply arbiter(List<String> args, LinkSession session) {
        if (!session.isArbiter()) {
            return err(LinkError.NOAUTH, "arbiter commands need AUTH <pin> first");
        }
        try {
            ArbiterCommands.parse(args, 0);
        } catch (IllegalArgumentException e) {
            return err(LinkError.SYNTAX, e.getMessage());
        }
        return answer(board.arbiter(List.copyOf(args)));
    }

    private static LinkReply answer(BoardAnswer answer) {
        return answer.accepted() ? ok(answer.text()) : err(answer.error(), answer.text());
    }

    // ------------------------------------------------------------------------------------------------ replies

    /** {@code OK <text>} (never a number alone, which would read as a body's length). */
    static LinkReply ok(String text) {
        return LinkReply.ok(text);
    }

    /** {@code OK <byte-length>}, LF, the bytes, LF. */
    static LinkReply body(byte[] bytes) {
        return LinkReply.body(bytes);
    }

    /** {@code ERR <code> <message>}. */
    static LinkReply err(LinkError error, String message) {
        return LinkReply.err(error, message);
    }

    /** A host's word for a message: control characters shown as {@code ?}, at most 40 characters. */
    private static String printable(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length() && sb.length() < 40; i++) {
            char c = s.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        return sb.length() < s.length() ? sb + "..." : sb.toString();
    }
}
