package org.shogiban.app;

import org.shogiban.port.BoardChange;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
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
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.PlayMode;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The USB link's port over the board's runtime ({@link BoardApplication}): each input's link events, numbered once by
 * the runtime's {@link EventNumbering} stage and journalled with the change, go to the link; the session's snapshot is the JSON state,
 * its record directory the stored games; a host's {@code NEW} becomes the session's {@link SessionInput.NewGame} with
 * the players, time control, start and mode asked (refused while a game is being played), and the link's arbiter
 * commands go into the runtime's inbox as the console's do.
 *
 * <p>Threads: the runtime's listener (its thread) takes a snapshot of the record after each change, then hands the
 * change's numbered link events to the link, so a host that reads an event and asks for the record finds the change
 * in it; the link's threads never read the mutable game.
 */
public final class BoardApplicationLink implements LinkedBoard {
    private static final Logger log = LoggerFactory.getLogger(BoardApplicationLink.class);
    private static final String RECORD_SUFFIX = ".kifu";

    /** The game as of the last event: its id and its record. */
    private record Snapshot(String id, GameRecord record) {
    }

    /** A stored record read once, kept while the file is unchanged. */
    private record Cached(long modified, long size, StoredGame game) {
    }

    private final BoardApplication app;
    private final Path records;
    private final List<Consumer<LoggedEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Map<Path, Cached> cache = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot;

    /**
     * @param app the application, not yet running
     * @param records the directory its records are saved in, or null when they are not kept
     */
    public BoardApplicationLink(BoardApplication app, Path records) {
        this.app = app;
        this.records = records;
        app.addChangeListener(this::onChange);
    }

    // ------------------------------------------------------------------------------------------------ events

    @Override
    public AutoCloseable subscribe(Consumer<LoggedEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** On the runtime's thread: snapshot the game, then hand the change's numbered events to the link. */
    private void onChange(BoardChange change) {
        boolean started = change.events().stream().anyMatch(e -> e instanceof BoardEvent.GameStarted
                || e instanceof BoardEvent.GameResumed);
        if (started || (snapshot != null && app.view().phase() != BoardPhase.SETTING_UP)) {
            takeSnapshot(change);
        }
        for (LoggedEvent e : change.numbered()) {
            for (Consumer<LoggedEvent> l : listeners) {
                l.accept(e);
            }
        }
    }

    private void takeSnapshot(BoardChange change) {
        String id = change.facts().gameId();
        if (id != null && change.record() != null) {
            snapshot = new Snapshot(id, change.record());
        }
    }

    // ------------------------------------------------------------------------------------------------ state

    @Override
    public String stateJson() {
        return app.snapshot().toJson();
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
            if (!app.hasPart("lishogi")) {
                return BoardAnswer.refused("no lishogi account on this board (--lishogi-token-file, "
                        + "lishogi.token-file)");
            }
        } else if (options.remote().isPresent() && !host && !app.hasEngine()) {
            // an engine game on a board without one would wait for its moves forever
            return BoardAnswer.refused("no USI engine on this board (engine.command, or Fairy-Stockfish installed)");
        }
        try {
            request = options.toRequest(host ? GameRequest.WhilePlaying.CONFIRM : GameRequest.WhilePlaying.REFUSE);
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        BoardPhase phase = app.view().phase();
        boolean playing = phase == BoardPhase.PLAYING || phase == BoardPhase.PAUSED;
        if (playing && !host) {
            return BoardAnswer.refused("a game is being played; it must end first (resign, or the arbiter's abort)");
        }
        if (playing && app.view().plies() > 0) {
            app.submit(new SessionInput.NewGame(app.now(), request));
            return BoardAnswer.accepted("a new game is asked for during a game: it is set up when the players press"
                    + " MENU on the board");
        }
        if (request.remote().filter(RemotePlayer::isOnline).isPresent()) {
            app.submit(new SessionInput.NewGame(app.now(), request));
            var seat = request.remote().get().online();
            return BoardAnswer.accepted(seat.user() == null ? "seeking an opponent on lishogi (" + seat.timeControl()
                    + "); the game is set up when the site finds one" : "challenging " + seat.user()
                    + " on lishogi (" + seat.timeControl() + "); the game is set up when the challenge is accepted");
        }
        // the board's own settings never change while it runs: safe to read from the link's thread
        GameSettings next = request.applyTo(app.session().boardSettings());
        app.submit(new SessionInput.NewGame(app.now(), request));
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
        BoardSnapshot s = app.snapshot();
        Side host = hostSide(s);
        if (host == null) {
            return BoardAnswer.refused("the host plays no side of this game (NEW ... host=sente|gote)");
        }
        if (!"PLAYING".equals(s.phase())) {
            return BoardAnswer.refused("the game is not being played (" + s.phase() + ")");
        }
        if (!host.label().equals(s.toMove())) {
            return BoardAnswer.refused("it is " + s.toMove() + "'s turn, not the host's (" + host.label() + ")");
        }
        if (s.waitingFor().stream().anyMatch(w -> "opponent-move".equals(w.kind()))) {
            return BoardAnswer.refused("the host's move is already shown; it waits to be made on the board");
        }
        Move move;
        try {
            move = Move.parseUsi(usi);
        } catch (NotationException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        Verdict verdict = Position.fromSfen(s.sfen()).verdict(move);
        if (!verdict.isLegal()) {
            return BoardAnswer.illegal(verdict.reason().name() + " " + usi + " is not legal at ply " + (s.ply() + 1));
        }
        app.submit(new SessionInput.OpponentMove(app.now(), host, s.ply(), usi));
        return BoardAnswer.accepted("showing " + usi + "; it counts when it is made on the board");
    }

    @Override
    public BoardAnswer clocks(long senteMs, long goteMs, long byoyomiMs) {
        app.showHostClocks(senteMs, goteMs, byoyomiMs);
        return BoardAnswer.accepted("clocks shown");
    }

    @Override
    public BoardAnswer gameOver(String winner, String status) {
        BoardSnapshot s = app.snapshot();
        Side host = hostSide(s);
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
        String who = winner.toLowerCase(java.util.Locale.ROOT);
        if (!who.equals("sente") && !who.equals("gote") && !who.equals("none")) {
            return BoardAnswer.refused("winner '" + winner + "' is not sente, gote or none");
        }
        Side w = who.equals("sente") ? Side.SENTE : who.equals("gote") ? Side.GOTE : null;
        if (!ending.isFinal() || s.result() != null) {
            return BoardAnswer.accepted(s.result() != null ? "the game is over already" : "nothing to end");
        }
        app.submit(new SessionInput.OpponentResult(app.now(), ending, w));
        return BoardAnswer.accepted("the game ends: " + ending + " " + winner);
    }

    /** The side the host plays in the snapshot's game, or null. */
    private static Side hostSide(BoardSnapshot s) {
        for (var p : s.players().entrySet()) {
            if (RemotePlayer.HOST.equals(p.getValue().get("kind"))) {
                return p.getKey().equals("sente") ? Side.SENTE : Side.GOTE;
            }
        }
        return null;
    }

    @Override
    public BoardAnswer arbiter(List<String> words) {
        SessionInput.Arbiter action;
        try {
            action = ArbiterCommands.parse(words, app.now());
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        app.submit(action);
        return BoardAnswer.accepted("arbiter " + action.describe());
    }
}
