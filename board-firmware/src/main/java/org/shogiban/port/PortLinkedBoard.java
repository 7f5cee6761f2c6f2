package org.shogiban.port;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.shogiban.link.BoardAnswer;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LinkedBoard;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.NewGameOptions;
import org.shogiban.link.StoredGame;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordEnd;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.PlayMode;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The USB link's port ({@link LinkedBoard}) over a part's {@link BoardPort}: the link events are the board's event
 * stream (numbered once by the assembly, kept before they are handed over); the state is the JSON snapshot written
 * at this edge from the port's typed facts; the record directory holds the stored games; a host's {@code NEW}
 * becomes the session's {@link SessionInput.NewGame} with the players, time control, start and mode asked (refused
 * while a game is being played); the link's arbiter commands go into the board's inbox as the console's do. The hall
 * connection reads the board through the same adapter.
 *
 * <p>Threads: a change listener (the runtime's thread) takes the record as of each change before the change's events
 * are kept and handed over, so a host that reads an event and asks for the record finds the change in it; the link's
 * threads never read the mutable game.
 */
public final class PortLinkedBoard implements LinkedBoard, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(PortLinkedBoard.class);
    private static final String RECORD_SUFFIX = ".kifu";

    /** The game as of the last event: its id and its record. */
    private record Snapshot(String id, GameRecord record) {
    }

    /** A stored record read once, kept while the file is unchanged. */
    private record Cached(long modified, long size, StoredGame game) {
    }

    private final BoardPort port;
    private final Path records;
    private final Map<Path, Cached> cache = new ConcurrentHashMap<>();
    private final Subscription changes;
    private volatile Snapshot snapshot;

    /** The link's words over this port; it subscribes to the board's changes (closed by {@link #close()}). */
    public PortLinkedBoard(BoardPort port) {
        this.port = Objects.requireNonNull(port, "port");
        this.records = port.records().orElse(null);
        this.changes = port.subscribe(this::onChange);
    }

    // ------------------------------------------------------------------------------------------------ events

    @Override
    public AutoCloseable subscribe(Consumer<LoggedEvent> listener) {
        return port.events().subscribe(listener);
    }

    /** On the runtime's thread: the game's id and record as the change left them. */
    private void onChange(BoardChange change) {
        boolean started = change.events().stream().anyMatch(e -> e instanceof BoardEvent.GameStarted
                || e instanceof BoardEvent.GameResumed);
        if (started || (snapshot != null && change.facts().phase() != BoardPhase.SETTING_UP)) {
            String id = change.facts().gameId();
            if (id != null && change.record() != null) {
                snapshot = new Snapshot(id, change.record());
            }
        }
    }

    /** Stops following the board's changes. */
    @Override
    public void close() {
        changes.close();
    }

    // ------------------------------------------------------------------------------------------------ state

    /** The JSON snapshot, written here from the port's typed facts (the edge). */
    @Override
    public String stateJson() {
        return BoardSnapshot.of(port.facts()).toJson();
    }

    // ------------------------------------------------------------------------------------------------ games

    @Override
    public List<StoredGame> games() {
        Map<String, StoredGame> games = new TreeMap<>();
        if (records != null && Files.isDirectory(records)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(records, "*" + RECORD_SUFFIX)) {
                for (Path f : files) {
                    stored(f).ifPresent(g -> games.put(g.id(), g));
                }
            } catch (IOException e) {
                log.warn("records in {} cannot be listed: {}", records, e.toString());
            }
        }
        Snapshot s = snapshot;
        if (s != null) {
            // the current game as of now, not as the last (background) save wrote it
            games.put(s.id(), describe(s.id(), s.record()));
        }
        return List.copyOf(games.values());
    }

    private Optional<StoredGame> stored(Path file) {
        try {
            long modified = Files.getLastModifiedTime(file).toMillis();
            long size = Files.size(file);
            Cached c = cache.get(file);
            if (c == null || c.modified() != modified || c.size() != size) {
                String name = file.getFileName().toString();
                GameRecord record = GameRecords.read(Files.readAllBytes(file));
                c = new Cached(modified, size, describe(name.substring(0, name.length() - RECORD_SUFFIX.length()),
                        record));
                cache.put(file, c);
            }
            return Optional.of(c.game());
        } catch (IOException | RuntimeException e) {
            log.warn("record {} skipped in the list of games: {}", file, e.toString());
            return Optional.empty();
        }
    }

    private static StoredGame describe(String id, GameRecord record) {
        return new StoredGame(id, record.header().startTime().orElse(""), record.header().sente().orElse(""),
                record.header().gote().orElse(""), record.recordedMoves().size(), result(record.end()));
    }

    /** {@code <how it ended> <winner>}, e.g. {@code RESIGNATION gote} (sente resigned), {@code NONE none}. */
    private static String result(RecordEnd end) {
        Side winner = switch (end.kind()) {
            case IMPASSE_DECLARATION -> end.side();
            case RESIGNATION, CHECKMATE, PERPETUAL_CHECK, ILLEGAL_MOVE, TIME_UP -> end.side().opponent();
            default -> null;
        };
        return end.kind().name() + " " + LinkEvent.side(winner);
    }

    @Override
    public Optional<GameRecord> record(String gameId) {
        Snapshot s = snapshot;
        if (gameId.equals("current") || (s != null && s.id().equals(gameId))) {
            return s == null ? Optional.empty() : Optional.of(s.record());
        }
        if (records == null || !gameId.matches("[0-9A-Za-z][0-9A-Za-z_.-]*") || gameId.contains("..")) {
            return Optional.empty();
        }
        Path file = records.resolve(gameId + RECORD_SUFFIX);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(GameRecords.read(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new IllegalStateException("record " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------------------------------------ commands

    @Override
    public BoardAnswer newGame(NewGameOptions options) {
        GameRequest request;
        // a host that plays a side (the USI bridge) starts its games itself: at once before the first move, else
        // when the players confirm on the board
        boolean host = options.remote().filter(RemotePlayer::isHost).isPresent();
        if (options.remote().filter(RemotePlayer::isOnline).isPresent()) {
            if (!port.hasPart("lishogi")) {
                return BoardAnswer.refused("no lishogi account on this board (--lishogi-token-file, "
                        + "lishogi.token-file)");
            }
        } else if (options.remote().isPresent() && !host && !port.hasPart("engine")) {
            // an engine game on a board without one would wait for its moves forever
            return BoardAnswer.refused("no USI engine on this board (engine.command, or Fairy-Stockfish installed)");
        }
        try {
            request = options.toRequest(host ? GameRequest.WhilePlaying.CONFIRM : GameRequest.WhilePlaying.REFUSE);
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        if (host && options.moves().isPresent()) {
            BoardAnswer kept = keep(options, request);
            if (kept != null) {
                return kept;
            }
        }
        BoardFacts facts = port.facts();
        BoardPhase phase = facts.phase();
        boolean playing = phase == BoardPhase.PLAYING || phase == BoardPhase.PAUSED;
        // a game with no move yet is not being played: the new one replaces it
        if (playing && !host && facts.plies() > 0) {
            return BoardAnswer.refused("a game is being played; it must end first (resign, or the arbiter's abort)");
        }
        if (playing && facts.plies() > 0) {
            port.submit(new SessionInput.NewGame(port.now(), request));
            return BoardAnswer.accepted("a new game is asked for during a game: it is set up when the players press"
                    + " MENU on the board");
        }
        if (request.remote().filter(RemotePlayer::isOnline).isPresent()) {
            port.submit(new SessionInput.NewGame(port.now(), request));
            var seat = request.remote().get().online();
            return BoardAnswer.accepted(seat.user() == null ? "seeking an opponent on lishogi (" + seat.timeControl()
                    + "); the game is set up when the site finds one" : "challenging " + seat.user()
                    + " on lishogi (" + seat.timeControl() + "); the game is set up when the challenge is accepted");
        }
        // the board's own settings never change while it runs: safe to read from the link's thread
        GameSettings next = request.applyTo(port.boardSettings());
        port.submit(new SessionInput.NewGame(port.now(), request));
        GameRequest.Players players = request.players();
        return BoardAnswer.accepted("setting up a new game: " + PlayMode.of(next).label() + ", time "
                + (next.timeControl().isNone() ? "none" : next.timeControl().spec()) + ", start "
                + Handicap.of(next.start()).map(NewGameOptions::handicapName).orElse("sfen " + next.start().toSfen())
                + (players.sente() == null ? "" : ", sente " + players.sente())
                + (players.gote() == null ? "" : ", gote " + players.gote())
                + request.remote().map(r -> r.isHost() ? ", host " + r.side().label()
                        : ", engine " + r.side().label() + " level " + r.level()).orElse("")
                + "; it starts when the pieces stand on the start");
    }

    @Override
    public BoardAnswer play(String usi) {
        BoardFacts s = port.facts();
        Side host = s.sideOf(BoardFacts.Player.Kind.HOST);
        if (host == null) {
            return BoardAnswer.refused("the host plays no side of this game (NEW ... host=sente|gote)");
        }
        if (!s.playing()) {
            return BoardAnswer.refused("the game is not being played (" + phaseWord(s.phase()) + ")");
        }
        if (host != s.toMove()) {
            return BoardAnswer.refused("it is " + s.toMove().label() + "'s turn, not the host's (" + host.label()
                    + ")");
        }
        if (s.waitsFor(BoardFacts.Prompt.Kind.OPPONENT_MOVE)) {
            return BoardAnswer.refused("the host's move is already shown; it waits to be made on the board");
        }
        Move move;
        try {
            move = Move.parseUsi(usi);
        } catch (NotationException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        Verdict verdict = s.position().verdict(move);
        if (!verdict.isLegal()) {
            return BoardAnswer.illegal(verdict.reason().name() + " " + usi + " is not legal at ply "
                    + (s.plies() + 1));
        }
        port.submit(new SessionInput.OpponentMove(port.now(), host, s.plies(), usi));
        return BoardAnswer.accepted("showing " + usi + "; it counts when it is made on the board");
    }

    @Override
    public BoardAnswer clocks(long senteMs, long goteMs, long byoyomiMs) {
        port.showHostClocks(senteMs, goteMs, byoyomiMs);
        return BoardAnswer.accepted("clocks shown");
    }

    @Override
    public BoardAnswer gameOver(String winner, String status) {
        BoardFacts s = port.facts();
        Side host = s.sideOf(BoardFacts.Player.Kind.HOST);
        if (host == null) {
            return BoardAnswer.refused("the host plays no side of this game (NEW ... host=sente|gote)");
        }
        GameStatus ending;
        try {
            ending = GameStatus.valueOf(status.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused("status '" + status + "' is none of " + java.util.Arrays.toString(
                    GameStatus.values()));
        }
        Side w = Side.read(winner).orElse(null);
        if (w == null && !winner.equalsIgnoreCase("none")) {
            return BoardAnswer.refused("winner '" + winner + "' is not sente, gote or none");
        }
        if (!ending.isFinal() || s.result() != null) {
            return BoardAnswer.accepted(s.result() != null ? "the game is over already" : "nothing to end");
        }
        port.submit(new SessionInput.OpponentResult(port.now(), ending, w));
        return BoardAnswer.accepted("the game ends: " + ending + " " + winner);
    }

    /**
     * A host's {@code NEW ... moves=...}: the game being played is kept and becomes the host's when it is that game
     * as it stands (same start, its moves beginning with those (a player may have moved since the host looked), no
     * other side played from elsewhere, the same time control and mode); null when it is not, and the {@code NEW} is
     * taken as without {@code moves}.
     */
    private BoardAnswer keep(NewGameOptions options, GameRequest request) {
        BoardFacts s = port.facts();
        GameSettings next = request.applyTo(port.boardSettings());
        Side hostNow = s.sideOf(BoardFacts.Player.Kind.HOST);
        Side asked = request.remote().orElseThrow().side();
        boolean noEngine = s.sideOf(BoardFacts.Player.Kind.ENGINE) == null
                && s.sideOf(BoardFacts.Player.Kind.ONLINE) == null;
        String time = next.timeControl().isNone() ? null : next.timeControl().spec();
        String playedTime = s.timeControl() == null ? null : s.timeControl().spec();
        List<String> known = options.moves().orElseThrow();
        if (!s.playing() || s.moves().size() < known.size() || !startsWith(s.moves(), known) || !noEngine
                || (hostNow != null && hostNow != asked) || !s.start().equals(next.start())
                || !java.util.Objects.equals(time, playedTime) || s.mode() != PlayMode.of(next)) {
            return null;
        }
        port.submit(new SessionInput.NewGame(port.now(), options.toRequest(GameRequest.WhilePlaying.ADOPT)));
        GameRequest.Players players = request.players();
        return BoardAnswer.accepted("the game goes on as the host's: host " + asked.label() + ", "
                + s.moves().size() + " moves kept" + (players.sente() == null ? "" : ", sente " + players.sente())
                + (players.gote() == null ? "" : ", gote " + players.gote()));
    }

    /** Whether the game's moves begin with these, in USI. */
    private static boolean startsWith(List<Move> moves, List<String> known) {
        for (int i = 0; i < known.size(); i++) {
            if (!moves.get(i).usi().equals(known.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The phase as the snapshot words it. */
    private static String phaseWord(BoardPhase phase) {
        return phase == BoardPhase.SETTING_UP ? "SETUP" : phase.name();
    }

    @Override
    public BoardAnswer arbiter(List<String> words) {
        SessionInput.Arbiter action;
        try {
            action = ArbiterCommands.parse(words, port.now());
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        port.submit(action);
        return BoardAnswer.accepted("arbiter " + action.describe());
    }
}
