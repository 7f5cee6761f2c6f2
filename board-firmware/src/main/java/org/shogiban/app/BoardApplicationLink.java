package org.shogiban.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.link.ArbiterCommand;
import org.shogiban.link.BoardAnswer;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LinkedBoard;
import org.shogiban.link.NewGameOptions;
import org.shogiban.link.StoredGame;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.GameRecords;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.ArbiterCommands;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameSettings;
import org.shogiban.session.IllegalMovePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The USB link's port over the board's runtime ({@link BoardApplication}): the session's events become link events,
 * its snapshot the JSON state, its record directory the stored games, and the link's arbiter commands go into the
 * runtime's inbox as the console's do.
 *
 * <p>What the session cannot take from a host yet, this adapter refuses, saying so: a {@code NEW} that asks for
 * players, a time control, or another start or mode than the board was started with (those are fixed when the board
 * starts). A plain {@code NEW} after a game ends sets up the next game where a {@code nextGame} action is given (the
 * console board presses MENU); on the Pi the players press MENU.
 *
 * <p>Threads: the runtime's listener (its thread) takes a snapshot of the record after each event, so the link's
 * threads never read the mutable game.
 */
public final class BoardApplicationLink implements LinkedBoard {
    private static final Logger log = LoggerFactory.getLogger(BoardApplicationLink.class);
    private static final String RECORD_SUFFIX = ".kifu";

    /** The game as of the last event: its id, its record, and its position now. */
    private record Snapshot(String id, GameRecord record, Position current) {
    }

    /** A stored record read once, kept while the file is unchanged. */
    private record Cached(long modified, long size, StoredGame game) {
    }

    private final BoardApplication app;
    private final Path records;
    private final Runnable nextGame;
    private final List<Consumer<LinkEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Map<Path, Cached> cache = new ConcurrentHashMap<>();
    private final ObjectMapper json = new ObjectMapper();
    private volatile Snapshot snapshot;

    /**
     * @param app the running application
     * @param records the directory its records are saved in, or null when they are not kept
     * @param nextGame what sets up the next game after one ended (the console presses MENU), or null when only the
     *     players can
     */
    public BoardApplicationLink(BoardApplication app, Path records, Runnable nextGame) {
        this.app = app;
        this.records = records;
        this.nextGame = nextGame;
        app.addListener(this::onEvent);
    }

    // ------------------------------------------------------------------------------------------------ events

    @Override
    public AutoCloseable subscribe(Consumer<LinkEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** On the scan thread: snapshot the game, then tell the link. */
    private void onEvent(BoardEvent event) {
        Snapshot before = snapshot;
        if (event instanceof BoardEvent.GameStarted || (before != null && app.view().phase() != BoardPhase.SETTING_UP)) {
            takeSnapshot();
        }
        LinkEvent e = translate(event, before);
        if (e != null) {
            for (Consumer<LinkEvent> l : listeners) {
                l.accept(e);
            }
        }
    }

    private void takeSnapshot() {
        String name = app.recordName();
        app.game().ifPresent(g -> snapshot = new Snapshot(name.substring(0, name.length() - RECORD_SUFFIX.length()),
                app.record(), g.current()));
    }

    private LinkEvent translate(BoardEvent event, Snapshot before) {
        int plies = plies();
        return switch (event) {
            case BoardEvent.SetupStarted s -> LinkEvent.setup(s.target());
            case BoardEvent.GameStarted g -> LinkEvent.game(snapshot.id(), g.start());
            case BoardEvent.MovePlayed m -> {
                List<RecordedMove> moves = snapshot.record().recordedMoves();
                Duration used = m.ply() <= moves.size() ? moves.get(m.ply() - 1).timeUsed() : null;
                yield LinkEvent.move(m.ply(), before.current(), m.move(), used);
            }
            case BoardEvent.IllegalMove i -> LinkEvent.illegal(i.ply(), i.move(), i.reason(),
                    i.policy() == IllegalMovePolicy.LOSS);
            case BoardEvent.PromotionAsked p -> LinkEvent.promotion(plies + 1, p.square().usi());
            case BoardEvent.MovesTakenBack t -> LinkEvent.takeback(plies, t.undone());
            case BoardEvent.DiscrepancySeen d -> LinkEvent.discrepancy(plies, places(d.discrepancy().squares(),
                    d.discrepancy().slots()));
            case BoardEvent.BackInSync b -> LinkEvent.inSync(plies);
            case BoardEvent.GameOver o -> LinkEvent.result(o.result(), plies);
            case BoardEvent.FaultChanged f -> LinkEvent.fault(f.fault().type()
                    == org.shogiban.hal.FaultEvent.Type.FAILED, f.fault().address(), f.fault().chip() + ": "
                    + f.fault().message());
            case BoardEvent.ClockPressed c -> clock();
            case BoardEvent.TimeUp t -> LinkEvent.of("CLOCK", "timeup", LinkEvent.side(t.side()));
            case BoardEvent.ArbiterCalled c -> LinkEvent.of("ARBITER", "called", c.why());
            case BoardEvent.ArbiterActed a -> LinkEvent.of("ARBITER", a.action().describe());
            case BoardEvent.CheckPieces c -> LinkEvent.of("DISCREPANCY", Integer.toString(plies), "check", c.why());
            case BoardEvent.GameResumed r -> LinkEvent.of("GAME", snapshot == null ? "-" : snapshot.id(), "resumed",
                    Integer.toString(r.plies()));
            case BoardEvent.Refused r -> null;
            case BoardEvent.ClockBeep b -> null;
        };
    }

    /** The {@code CLOCK} event of a switch: who runs now and both sides' remaining times. */
    private LinkEvent clock() {
        BoardSnapshot.Clocks c = app.snapshot().clock();
        if (c == null || c.sente() == null || c.gote() == null) {
            return null;
        }
        Side running = switch (c.running()) {
            case "sente" -> Side.SENTE;
            case "gote" -> Side.GOTE;
            default -> null;
        };
        return LinkEvent.clock(running, c.sente().mainMs(), c.sente().byoyomiMs(), c.sente().periods(),
                c.gote().mainMs(), c.gote().byoyomiMs(), c.gote().periods());
    }

    private int plies() {
        return app.game().map(g -> g.plies()).orElse(0);
    }

    private static List<String> places(List<SquareMismatch> squares, List<SlotMismatch> slots) {
        List<String> out = new ArrayList<>();
        for (SquareMismatch s : squares) {
            out.add(s.square().usi());
        }
        for (SlotMismatch s : slots) {
            out.add(LinkEvent.side(s.player() == org.shogiban.hal.Player.SENTE ? Side.SENTE : Side.GOTE) + ":"
                    + s.slot().name().toLowerCase(java.util.Locale.ROOT));
        }
        return out;
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
        GameSettings settings = app.settings();
        if (options.sente().isPresent() || options.gote().isPresent()) {
            return BoardAnswer.refused("this board cannot take players' names from a host yet");
        }
        if (options.timeControl().isPresent()) {
            return BoardAnswer.refused("the time control is set when the board starts (--time, time.control); a host"
                    + " cannot change it yet");
        }
        Optional<Handicap> start = Handicap.of(settings.start());
        if (options.handicap().isPresent() && !options.handicap().equals(start)) {
            return BoardAnswer.refused("this board plays from "
                    + start.map(NewGameOptions::handicapName).orElse("its own start position")
                    + " (set when it was started), not " + NewGameOptions.handicapName(options.handicap().get()));
        }
        NewGameOptions.Mode mode = settings.inference().commitPolicy() == CommitPolicy.CLOCK
                ? NewGameOptions.Mode.TOURNAMENT : NewGameOptions.Mode.CASUAL;
        if (options.mode().isPresent() && options.mode().get() != mode) {
            return BoardAnswer.refused("this board plays in " + mode.name().toLowerCase(java.util.Locale.ROOT)
                    + " mode (set when it was started)");
        }
        BoardPhase phase = app.view().phase();
        if (phase == BoardPhase.SETTING_UP) {
            return BoardAnswer.accepted("setting up already; the game starts when the pieces stand on the start");
        }
        if (phase == BoardPhase.PLAYING) {
            return BoardAnswer.refused("a game is being played; it must end first");
        }
        if (nextGame == null) {
            return BoardAnswer.refused("press MENU on the board to set up the next game");
        }
        nextGame.run();
        return BoardAnswer.accepted("setting up the next game; it starts when the pieces stand on the start");
    }

    @Override
    public BoardAnswer arbiter(ArbiterCommand command) {
        try {
            app.submit(ArbiterCommands.parse(List.of(command.words().split(" ")), app.now()));
        } catch (IllegalArgumentException e) {
            return BoardAnswer.refused(e.getMessage());
        }
        return BoardAnswer.accepted("arbiter " + command.words());
    }
}
