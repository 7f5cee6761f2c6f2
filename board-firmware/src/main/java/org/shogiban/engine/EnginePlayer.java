package org.shogiban.engine;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.shogiban.clock.SideTimeControl;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A USI engine as the opponent: on a thread of its own it follows the board's snapshot, asks the engine when the
 * side it plays is to move, and hands the answer to the board's inbox as a {@link SessionInput.Remote} input (as
 * the USB link hands in its commands). The board never waits for it.
 *
 * <p>Restart policy: an engine that cannot be started, does not answer {@code usi} in time, exits, or thinks past
 * its time plus a margin ({@code stop}, then restarted) is started again and given the position, three tries per
 * move. From the first failure the snapshot's {@code faults} names it (cleared when it answers again) and the log
 * says it once; after the third the game is paused and says why ({@link SessionInput.OpponentFailed}).
 */
public final class EnginePlayer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EnginePlayer.class);
    /** Tries per move before the game is paused. */
    static final int TRIES = 3;
    /** How often the snapshot is looked at when nothing wakes the player. */
    private static final long POLL_MILLIS = 10;

    /** What the player needs of the board: the snapshot, the scan clock, the inbox. */
    public interface Board {
        BoardSnapshot snapshot();

        long now();

        void submit(SessionInput.Command command);
    }

    private final Board board;
    private final EngineSettings settings;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile boolean hintAsked;

    private UsiEngine engine;
    private int engineLevel;
    /** The game the engine was last told of ({@code usinewgame}), and the one it was told the end of. */
    private String toldGame;
    private String toldOver;
    /** The position last seen, and the one last answered (never asked twice). */
    private String seen;
    private String answered;
    private int failures;
    private long namedAt = Long.MIN_VALUE / 2;
    private boolean faultShown;
    /** After the third failure: no new try until the game was paused or the position changed. */
    private boolean awaitingPause;

    private EnginePlayer(Board board, EngineSettings settings) {
        this.board = Objects.requireNonNull(board, "board");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.thread = new Thread(this::run, "shogiban-engine");
        thread.setDaemon(true);
    }

    /** Starts following the board; games whose request names an engine side are played by it. */
    public static EnginePlayer start(Board board, EngineSettings settings) {
        EnginePlayer p = new EnginePlayer(board, settings);
        p.thread.start();
        log.info("engine player ready: {}", String.join(" ", settings.command()));
        return p;
    }

    /** Starts an engine player on a board application: its snapshot, its scan clock, its inbox. */
    public static EnginePlayer attach(org.shogiban.app.BoardApplication app, EngineSettings settings) {
        app.engineAttached(true);
        return start(new Board() {
            @Override
            public BoardSnapshot snapshot() {
                return app.snapshot();
            }

            @Override
            public long now() {
                return app.now();
            }

            @Override
            public void submit(SessionInput.Command command) {
                app.submit(command);
            }
        }, settings);
    }

    /**
     * The engine a board plays against: {@code command} if given, else Fairy-Stockfish where Debian installs it;
     * empty when neither. A command naming no program is IllegalArgumentException (one sentence), at start.
     */
    public static java.util.Optional<EngineSettings> settings(java.util.Optional<String> command,
                                                               Map<String, String> options) {
        return command.or(EngineSettings::defaultCommand).map(c -> EngineSettings.of(c, options).requireProgram());
    }

    /** Asks for a hint for the side to move (shown in its own colour, not played). Any thread. */
    public void hint() {
        hintAsked = true;
    }

    private void run() {
        while (running) {
            try {
                step(board.snapshot());
            } catch (RuntimeException e) {
                log.error("engine player failed; it goes on", e);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** One look at the board: what the engine has to do now. */
    private void step(BoardSnapshot s) {
        Seat seat = Seat.of(s);
        if (seat == null && !hintAsked) {
            // both sides at the board and no hint asked: nothing to do (no text built every 10 ms)
            return;
        }
        String game = s.gameId() + "|" + s.startSfen();
        String position = game + "|" + String.join(" ", s.moves());
        if (!position.equals(seen)) {
            seen = position;
            failures = 0;
            awaitingPause = false;
        }
        if (!"PLAYING".equals(s.phase())) {
            awaitingPause = false;
        }
        if (seat != null && "OVER".equals(s.phase()) && game.equals(toldGame) && !game.equals(toldOver)) {
            toldOver = game;
            gameOver(s, seat);
        }
        if (!"PLAYING".equals(s.phase())) {
            return;
        }
        if (seat != null && !game.equals(toldGame)) {
            if (!ready(seat, s)) {
                return;
            }
            toldGame = game;
        } else if (seat != null && seat.name() == null && engine != null && board.now() - namedAt > 500) {
            // a new game with the same id (started within the same second) is not told again: name it anyway
            namedAt = board.now();
            board.submit(new SessionInput.OpponentReady(namedAt, seat.sideValue(), engine.name()));
        }
        if (seat != null && seat.side().equals(s.toMove()) && !waitingForMove(s) && !position.equals(answered)
                && !awaitingPause) {
            think(s, seat, position);
        } else if (hintAsked && (seat == null || !seat.side().equals(s.toMove()))) {
            hintAsked = false;
            hintFor(s, seat == null ? 5 : seat.level());
        }
    }

    /** The engine started (at the seat's level) and told of the new game, its name handed to the board. */
    private boolean ready(Seat seat, BoardSnapshot s) {
        try {
            ensureEngine(seat.level());
            board.submit(new SessionInput.OpponentReady(board.now(), seat.sideValue(), engine.name()));
            return true;
        } catch (EngineException e) {
            failed(s, seat, e);
            return false;
        }
    }

    private void think(BoardSnapshot s, Seat seat, String position) {
        EngineLevel level = EngineLevel.of(seat.level());
        Go go = go(s, seat, level);
        String line;
        try {
            ensureEngine(seat.level());
            line = engine.bestMove(positionCommand(s), go.command(), go.limitMillis());
        } catch (EngineException e) {
            failed(s, seat, e);
            return;
        }
        answered = position;
        recovered(seat);
        BoardSnapshot after = board.snapshot();
        if (!position.equals(after.gameId() + "|" + after.startSfen() + "|" + String.join(" ", after.moves()))) {
            // the game moved on while the engine thought (a takeback, a new game): the answer is for another position
            log.debug("engine's answer '{}' dropped: the position changed while it thought", line);
            return;
        }
        String[] words = line.strip().split("\\s+");
        String move = words.length > 1 ? words[1] : "";
        long now = board.now();
        switch (move) {
            case "resign" -> {
                log.info("engine {} resigns at ply {}", engine.name(), s.ply() + 1);
                board.submit(new SessionInput.Resign(now, seat.sideValue()));
            }
            case "win" -> {
                log.info("engine {} declares an impasse win at ply {}", engine.name(), s.ply() + 1);
                board.submit(new SessionInput.Declare(now));
            }
            default -> {
                if (!isLegal(s, move)) {
                    log.warn("engine {} answered an illegal or unreadable move at ply {}: '{}'", engine.name(),
                            s.ply() + 1, line);
                }
                board.submit(new SessionInput.OpponentMove(now, seat.sideValue(), s.ply(), move));
            }
        }
    }

    private void hintFor(BoardSnapshot s, int levelNumber) {
        EngineLevel level = EngineLevel.of(levelNumber);
        try {
            ensureEngine(levelNumber);
            String line = engine.bestMove(positionCommand(s), "go movetime " + level.moveMillis(),
                    level.moveMillis() + settings.marginMillis());
            String[] words = line.strip().split("\\s+");
            if (words.length > 1 && isLegal(s, words[1])) {
                board.submit(new SessionInput.Hint(board.now(), s.ply(), words[1]));
            } else {
                log.info("engine gave no move as a hint: '{}'", line);
            }
        } catch (EngineException e) {
            log.warn("hint: {}", e.getMessage());
            closeEngine();
        }
    }

    private void gameOver(BoardSnapshot s, Seat seat) {
        if (engine == null || s.result() == null) {
            return;
        }
        String word = s.result().winner() == null ? "draw" : s.result().winner().equals(seat.side()) ? "win" : "lose";
        try {
            engine.gameOver(word);
        } catch (EngineException e) {
            log.debug("gameover not sent: {}", e.getMessage());
            closeEngine();
        }
    }

    private void failed(BoardSnapshot s, Seat seat, EngineException e) {
        failures++;
        closeEngine();
        if (!faultShown) {
            faultShown = true;
            log.warn("engine failed (try {} of {} at ply {}): {}", failures, TRIES, s.ply() + 1, e.getMessage());
            board.submit(new SessionInput.OpponentFault(board.now(), seat.sideValue(), true, e.getMessage()));
        } else {
            log.debug("engine failed again (try {} of {}): {}", failures, TRIES, e.getMessage());
        }
        if (failures >= TRIES) {
            failures = 0;
            awaitingPause = true;
            toldGame = null;
            board.submit(new SessionInput.OpponentFailed(board.now(), seat.sideValue(), "the engine failed "
                    + TRIES + " times (" + e.getMessage() + "): the game is paused"));
        }
    }

    private void recovered(Seat seat) {
        failures = 0;
        if (faultShown) {
            faultShown = false;
            log.info("engine {} answers again", engine.name());
            board.submit(new SessionInput.OpponentFault(board.now(), seat.sideValue(), false, "answers again"));
        }
    }

    private void ensureEngine(int level) throws EngineException {
        if (engine != null && engine.alive() && engineLevel == level) {
            return;
        }
        closeEngine();
        EngineLevel l = EngineLevel.of(level);
        engine = UsiEngine.start(settings, Map.of("Skill Level", Integer.toString(l.skill()), "Threads", "1",
                "Hash", "16", "USI_Hash", "16"));
        engineLevel = level;
        engine.newGame();
    }

    private void closeEngine() {
        if (engine != null) {
            engine.close();
            engine = null;
        }
    }

    /** The question for the side to move: on the board's clock, or the level's fixed time. */
    private Go go(BoardSnapshot s, Seat seat, EngineLevel level) {
        if (level.onClock() && s.timeControl() != null && s.clock() != null && s.clock().sente() != null) {
            TimeControl tc = TimeControl.parse(s.timeControl());
            SideTimeControl mine = tc.of(seat.sideValue());
            long b = s.clock().sente().mainMs();
            long w = s.clock().gote().mainMs();
            BoardSnapshot.SideClock own = seat.sideValue() == Side.SENTE ? s.clock().sente() : s.clock().gote();
            long limit = own.mainMs() + own.byoyomiMs() + mine.incrementMs() + settings.marginMillis();
            if (mine.byoyomiMs() > 0) {
                return new Go("go btime " + b + " wtime " + w + " byoyomi " + mine.byoyomiMs(), limit);
            }
            if (mine.incrementMs() > 0 || tc.of(seat.sideValue().opponent()).incrementMs() > 0) {
                return new Go("go btime " + b + " wtime " + w + " binc " + tc.of(Side.SENTE).incrementMs()
                        + " winc " + tc.of(Side.GOTE).incrementMs(), limit);
            }
            return new Go("go btime " + b + " wtime " + w, limit);
        }
        return new Go("go movetime " + level.moveMillis(), level.moveMillis() + settings.marginMillis());
    }

    private record Go(String command, long limitMillis) {
    }

    static String positionCommand(BoardSnapshot s) {
        List<String> moves = s.moves();
        return "position sfen " + s.startSfen() + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves));
    }

    private static boolean isLegal(BoardSnapshot s, String usi) {
        try {
            return Position.fromSfen(s.sfen()).isLegal(Move.parseUsi(usi));
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static boolean waitingForMove(BoardSnapshot s) {
        return s.waitingFor().stream().anyMatch(w -> "opponent-move".equals(w.kind()));
    }

    /** The side an engine plays, from the snapshot's {@code players}. */
    private record Seat(String side, int level, String name) {
        static Seat of(BoardSnapshot s) {
            for (Map.Entry<String, Map<String, Object>> p : s.players().entrySet()) {
                if ("engine".equals(p.getValue().get("kind")) && p.getValue().get("level") instanceof Integer l) {
                    return new Seat(p.getKey(), l, (String) p.getValue().get("name"));
                }
            }
            return null;
        }

        Side sideValue() {
            return Side.read(side).orElseThrow();
        }
    }

    /** Stops following the board and quits the engine. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(settings.quitMillis() + 2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeEngine();
    }
}
