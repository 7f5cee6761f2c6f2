package org.shogiban.engine;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.shogiban.clock.SideClock;
import org.shogiban.clock.SideTimeControl;
import org.shogiban.clock.TimeControl;
import org.shogiban.port.BoardPort;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
import org.shogiban.port.Subscription;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.SessionInput;
import org.shogiban.threads.FailureCounts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A USI engine as the opponent, a part of the board made from its port: it subscribes to the board's changes and
 * its thread sleeps until one comes (or a hint is asked); then it reads the change's typed facts, asks the engine
 * when the side it plays is to move, and hands the answer to the board's inbox as a {@link SessionInput.Remote}
 * input (as the USB link hands in its commands). The board never waits for it, and an idle board costs it nothing.
 *
 * <p>Restart policy: an engine that cannot be started, does not answer {@code usi} in time, exits, or thinks past
 * its time plus a margin ({@code stop}, then restarted) is started again ({@value #RETRY_MILLIS} ms later) and given
 * the position, three tries per move. From the first failure the snapshot's {@code faults} names it (cleared when it
 * answers again) and the log says it once; after the third the game is paused and says why
 * ({@link SessionInput.OpponentFailed}). A failure of the player itself is logged once per kind with a count, and it
 * goes on with the next change. {@link #close()} stops the engine first (which ends a search under way), then the
 * thread: nothing is started or reported after it.
 */
public final class EnginePlayer implements Part {
    private static final Logger log = LoggerFactory.getLogger(EnginePlayer.class);
    /** The part's name ({@link BoardPort#hasPart}: the link takes engine games only with it). */
    public static final String NAME = "engine";
    /** Tries per move before the game is paused. */
    static final int TRIES = 3;
    /** How long after a failed try the next one starts. */
    static final long RETRY_MILLIS = 50;

    private final BoardPort board;
    private final EngineSettings settings;
    private final Thread thread;
    private final Subscription changes;
    /** The facts of the last change (or the board's at the start): what the thread acts on. */
    private final AtomicReference<BoardFacts> latest = new AtomicReference<>();
    /** Released by each change and hint; the thread takes all permits at once (changes coalesce). */
    private final Semaphore wake = new Semaphore(0);
    private final FailureCounts playerFailures = new FailureCounts(log, "engine player");
    private final Object engineLock = new Object();
    private volatile boolean running;
    private volatile boolean hintAsked;

    /** The engine process: written under {@link #engineLock}, never after {@link #close()}. */
    private volatile UsiEngine engine;
    private int engineLevel;
    /** The game the engine was last told of ({@code usinewgame}), and the one it was told the end of. */
    private GameKey toldGame;
    private GameKey toldOver;
    /** The position last seen, and the one last answered (never asked twice). */
    private PositionKey seen;
    private PositionKey answered;
    private int failures;
    private boolean retryDue;
    private long namedAt = Long.MIN_VALUE / 2;
    private boolean faultShown;
    /** After the third failure: no new try until the game was paused or the position changed. */
    private boolean awaitingPause;

    private EnginePlayer(BoardPort board, EngineSettings settings) {
        this.board = Objects.requireNonNull(board, "board");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.thread = Thread.ofPlatform().name("shogiban-engine").daemon().unstarted(this::run);
        this.changes = board.subscribe(change -> {
            latest.set(change.facts());
            wake.release();
        });
    }

    /** The engine opponent as a part of a board: games whose request names an engine side are played by it. */
    public static PartFactory part(EngineSettings settings) {
        return part(settings, player -> { });
    }

    /** The same, handing the player to {@code made} when it is made (the console's and web page's hint). */
    public static PartFactory part(EngineSettings settings, Consumer<EnginePlayer> made) {
        Objects.requireNonNull(settings, "settings");
        return PartFactory.of(NAME, port -> {
            EnginePlayer p = new EnginePlayer(port, settings);
            made.accept(p);
            return p;
        });
    }

    /** Starts following the board: the thread looks at the board as it is now, then at each change. */
    @Override
    public void start() {
        running = true;
        latest.compareAndSet(null, board.facts());
        wake.release();
        thread.start();
        log.info("engine player ready: {}", String.join(" ", settings.command()));
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
        wake.release();
    }

    private void run() {
        while (running) {
            try {
                if (retryDue) {
                    wake.tryAcquire(RETRY_MILLIS, TimeUnit.MILLISECONDS);
                } else {
                    wake.acquire();
                }
                wake.drainPermits();
            } catch (InterruptedException e) {
                return;
            }
            if (!running) {
                return;
            }
            retryDue = false;
            try {
                step(latest.get());
            } catch (RuntimeException e) {
                playerFailures.failed(e);
            }
        }
    }

    /** One look at the board: what the engine has to do now. */
    private void step(BoardFacts s) {
        Side seat = s.sideOf(BoardFacts.Player.Kind.ENGINE);
        if (seat == null && !hintAsked) {
            // both sides at the board and no hint asked: nothing to do
            return;
        }
        GameKey game = GameKey.of(s);
        PositionKey position = new PositionKey(game, s.moves());
        if (!position.equals(seen)) {
            seen = position;
            failures = 0;
            awaitingPause = false;
        }
        if (s.phase() != BoardPhase.PLAYING) {
            awaitingPause = false;
        }
        if (seat != null && s.phase() == BoardPhase.OVER && game.equals(toldGame) && !game.equals(toldOver)) {
            toldOver = game;
            gameOver(s, seat);
        }
        if (s.phase() != BoardPhase.PLAYING) {
            return;
        }
        BoardFacts.Player player = seat == null ? null : s.player(seat);
        if (seat != null && !game.equals(toldGame)) {
            if (!ready(seat, player.level(), s)) {
                return;
            }
            toldGame = game;
        } else if (seat != null && player.name() == null && engine != null && board.now() - namedAt > 500) {
            // a new game with the same id (started within the same second) is not told again: name it anyway
            namedAt = board.now();
            board.submit(new SessionInput.OpponentReady(namedAt, seat, engine.name()));
        }
        if (seat != null && seat == s.toMove() && !s.waitsFor(BoardFacts.Prompt.Kind.OPPONENT_MOVE)
                && !position.equals(answered) && !awaitingPause) {
            think(s, seat, player.level(), position);
        } else if (hintAsked && (seat == null || seat != s.toMove())) {
            hintAsked = false;
            hintFor(s, seat == null ? 5 : player.level());
        }
    }

    /** The engine started (at the seat's level) and told of the new game, its name handed to the board. */
    private boolean ready(Side seat, int level, BoardFacts s) {
        try {
            UsiEngine e = ensureEngine(level);
            board.submit(new SessionInput.OpponentReady(board.now(), seat, e.name()));
            return true;
        } catch (EngineException e) {
            failed(s, seat, e);
            return false;
        }
    }

    private void think(BoardFacts s, Side seat, int levelNumber, PositionKey position) {
        EngineLevel level = EngineLevel.of(levelNumber);
        Go go = go(s, seat, level);
        String line;
        UsiEngine e;
        try {
            e = ensureEngine(levelNumber);
            line = e.bestMove(positionCommand(s), go.command(), go.limitMillis());
        } catch (EngineException ex) {
            failed(s, seat, ex);
            return;
        }
        answered = position;
        recovered(seat, e);
        BoardFacts after = latest.get();
        if (!position.equals(new PositionKey(GameKey.of(after), after.moves()))) {
            // the game moved on while the engine thought (a takeback, a new game): the answer is for another position
            log.debug("engine's answer '{}' dropped: the position changed while it thought", line);
            return;
        }
        String[] words = line.strip().split("\\s+");
        String move = words.length > 1 ? words[1] : "";
        long now = board.now();
        switch (move) {
            case "resign" -> {
                log.info("engine {} resigns at ply {}", e.name(), s.plies() + 1);
                board.submit(new SessionInput.Resign(now, seat));
            }
            case "win" -> {
                log.info("engine {} declares an impasse win at ply {}", e.name(), s.plies() + 1);
                board.submit(new SessionInput.Declare(now));
            }
            default -> {
                if (!isLegal(s, move)) {
                    log.warn("engine {} answered an illegal or unreadable move at ply {}: '{}'", e.name(),
                            s.plies() + 1, line);
                }
                board.submit(new SessionInput.OpponentMove(now, seat, s.plies(), move));
            }
        }
    }

    private void hintFor(BoardFacts s, int levelNumber) {
        EngineLevel level = EngineLevel.of(levelNumber);
        try {
            UsiEngine e = ensureEngine(levelNumber);
            String line = e.bestMove(positionCommand(s), "go movetime " + level.moveMillis(),
                    level.moveMillis() + settings.marginMillis());
            String[] words = line.strip().split("\\s+");
            if (words.length > 1 && isLegal(s, words[1])) {
                board.submit(new SessionInput.Hint(board.now(), s.plies(), words[1]));
            } else {
                log.info("engine gave no move as a hint: '{}'", line);
            }
        } catch (EngineException e) {
            if (running) {
                log.warn("hint: {}", e.getMessage());
            }
            closeEngine();
        }
    }

    private void gameOver(BoardFacts s, Side seat) {
        UsiEngine e = engine;
        if (e == null || s.result() == null) {
            return;
        }
        Side winner = s.result().winner();
        String word = winner == null ? "draw" : winner == seat ? "win" : "lose";
        try {
            e.gameOver(word);
        } catch (EngineException ex) {
            log.debug("gameover not sent: {}", ex.getMessage());
            closeEngine();
        }
    }

    private void failed(BoardFacts s, Side seat, EngineException e) {
        closeEngine();
        if (!running) {
            // closing ended the engine under way: not the engine's failure, and nothing is reported after close()
            return;
        }
        failures++;
        retryDue = true;
        if (!faultShown) {
            faultShown = true;
            log.warn("engine failed (try {} of {} at ply {}): {}", failures, TRIES, s.plies() + 1, e.getMessage());
            board.health(PartHealth.failing(device(seat), e.getMessage()));
        } else {
            log.debug("engine failed again (try {} of {}): {}", failures, TRIES, e.getMessage());
        }
        if (failures >= TRIES) {
            failures = 0;
            awaitingPause = true;
            retryDue = false;
            toldGame = null;
            board.submit(new SessionInput.OpponentFailed(board.now(), seat, "the engine failed "
                    + TRIES + " times (" + e.getMessage() + "): the game is paused"));
        }
    }

    private void recovered(Side seat, UsiEngine e) {
        failures = 0;
        if (faultShown) {
            faultShown = false;
            log.info("engine {} answers again", e.name());
            board.health(PartHealth.ok(device(seat), "answers again"));
        }
    }

    /** The engine as the board names it in its faults: {@code USI engine at engine:<side>}. */
    private static PartHealth.Device device(Side seat) {
        return new PartHealth.Device("USI engine", "engine:" + seat.label());
    }

    /** The engine at this level, started if needed; never one started after {@link #close()}. */
    private UsiEngine ensureEngine(int level) throws EngineException {
        UsiEngine e = engine;
        if (e != null && e.alive() && engineLevel == level) {
            return e;
        }
        closeEngine();
        EngineLevel l = EngineLevel.of(level);
        UsiEngine started = UsiEngine.start(settings, Map.of("Skill Level", Integer.toString(l.skill()),
                "Threads", "1", "Hash", "16", "USI_Hash", "16"));
        synchronized (engineLock) {
            if (!running) {
                started.close();
                throw new EngineException("the engine player is closing");
            }
            engine = started;
            engineLevel = level;
        }
        started.newGame();
        return started;
    }

    private void closeEngine() {
        UsiEngine e;
        synchronized (engineLock) {
            e = engine;
            engine = null;
        }
        if (e != null) {
            e.close();
        }
    }

    /** The question for the side to move: on the board's clock, or the level's fixed time. */
    private Go go(BoardFacts s, Side seat, EngineLevel level) {
        TimeControl tc = s.timeControl();
        if (level.onClock() && tc != null) {
            SideTimeControl mine = tc.of(seat);
            long b = s.clock().sente().mainMs();
            long w = s.clock().gote().mainMs();
            SideClock own = s.clock().of(seat);
            long limit = own.mainMs() + own.byoyomiMs() + mine.incrementMs() + settings.marginMillis();
            if (mine.byoyomiMs() > 0) {
                return new Go("go btime " + b + " wtime " + w + " byoyomi " + mine.byoyomiMs(), limit);
            }
            if (mine.incrementMs() > 0 || tc.of(seat.opponent()).incrementMs() > 0) {
                return new Go("go btime " + b + " wtime " + w + " binc " + tc.of(Side.SENTE).incrementMs()
                        + " winc " + tc.of(Side.GOTE).incrementMs(), limit);
            }
            return new Go("go btime " + b + " wtime " + w, limit);
        }
        return new Go("go movetime " + level.moveMillis(), level.moveMillis() + settings.marginMillis());
    }

    private record Go(String command, long limitMillis) {
    }

    static String positionCommand(BoardFacts s) {
        List<Move> moves = s.moves();
        StringBuilder line = new StringBuilder("position sfen ").append(s.start().toSfen());
        if (!moves.isEmpty()) {
            line.append(" moves");
            for (Move m : moves) {
                line.append(' ').append(m.usi());
            }
        }
        return line.toString();
    }

    private static boolean isLegal(BoardFacts s, String usi) {
        try {
            return s.position().isLegal(Move.parseUsi(usi));
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A game: its id and start (a new game with the same id and start is the same to the engine). */
    private record GameKey(String id, Position start) {
        static GameKey of(BoardFacts s) {
            return new GameKey(s.gameId(), s.start());
        }
    }

    /** A position of a game: its moves from the start. */
    private record PositionKey(GameKey game, List<Move> moves) {
    }

    /** Stops following the board: the engine first (a search under way ends), then the thread. Called once. */
    @Override
    public void close() {
        running = false;
        changes.close();
        closeEngine();
        wake.release();
        thread.interrupt();
        try {
            thread.join(settings.quitMillis() + 2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn("engine player: its thread did not stop within {} ms", settings.quitMillis() + 2_000);
        }
        // an engine the thread started while closing was closed by it (ensureEngine); this is the last word
        closeEngine();
    }
}
