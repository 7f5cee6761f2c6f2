package org.shogiban.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import org.shogiban.link.SerialTransport;
import org.shogiban.rules.NotationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wooden board as a USI engine: a shogi program (ShogiHome, an engine match runner) starts it and speaks USI on
 * its stdin and stdout; its "best move" is the move the player makes on the real board. Over the USB link it keeps
 * the board on the program's game: the program's own moves are given with {@code PLAY} (the board shows them and waits
 * for them to be made), a game that does not follow from the board's starts a new one ({@code NEW host=...}; the
 * board's own game is kept when it is the program's so far), and the player's move in that game, made after the
 * program's {@code go}, comes back as {@code bestmove}. Everything happens on one thread, fed by the stdin reader and
 * the link's reader; a task that fails is logged and the loop goes on. Nothing but USI is ever written to stdout.
 * This class is the USI side; the board's side (its state, its events, the link's commands) is {@link BoardWatch}.
 */
public final class UsiBridge implements BoardWatch.Listener {
    private static final Logger log = LoggerFactory.getLogger(UsiBridge.class);
    /** How soon the board is looked at again after it said it keeps its game as the program's, and how often. */
    static final long ADOPT_LOOK_MILLIS = 50;
    /**
     * How long the board may take to make its kept game the program's before a new game is asked for instead: a
     * deadline, not a count of looks (five quick looks were over before a loaded board's loop had taken it).
     */
    static final long ADOPT_PATIENCE_MILLIS = 5_000;
    /** How soon the board is looked at again after it refused a {@code PLAY}. */
    static final long REFUSED_LOOK_MILLIS = BoardWatch.STATE_RETRY_MILLIS;
    /**
     * How often the bridge looks at a board setting up the program's game: its {@code GAME} event says when the game
     * is played, and a look now and then makes sure a missed one never leaves the program's move unshown.
     */
    static final long SETUP_LOOK_MILLIS = 500;

    /** A {@code go} waiting for the player's move: its ply, and the board's game and moves as known at the go. */
    private record Search(int ply, String gameAtGo, int movesAtGo) {
    }

    /** The board's game and its number of moves when the program set its position. */
    private record BoardMark(String gameId, int moves) {
        static BoardMark of(BoardGame board) {
            return board == null ? new BoardMark(null, 0) : new BoardMark(board.gameId(), board.moves().size());
        }
    }

    private final BlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("usi-bridge-timer").daemon().factory());
    private final UsiOutput usi;
    private final BoardWatch watch;
    private final String device;
    private final PlayerNames names;
    private final FailureLog failures = new FailureLog(log, "usi bridge: a task failed and was skipped; the bridge"
            + " goes on");
    private boolean quit;
    private boolean readyAsked;

    private ProgramGame program;
    /** A reconcile waits for the board's state (asked once; a newer state is asked by the watch when needed). */
    private boolean syncAsked;
    /** A look at a board setting up the program's game is scheduled ({@link #SETUP_LOOK_MILLIS}). */
    private boolean setupLookDue;
    private Search search;
    private BoardMark atPosition;
    private String adopting;
    /** When the board's game as it stands ({@link #adopting}) was first asked to be kept, System.nanoTime. */
    private long adoptingSince;
    /** The board's event number at the last refused {@code PLAY} that made the bridge look again. */
    private long refusedLookSeq = -1;

    /**
     * @param transport the board's serial device
     * @param out where USI goes (the program's stdin)
     * @param defaultBoardId the name given before the board has said its own
     */
    public UsiBridge(SerialTransport transport, PrintStream out, String defaultBoardId) {
        this(transport, out, defaultBoardId, PlayerNames.NONE, BoardLinkClient.REPLY_MILLIS);
    }

    /**
     * @param names the players' names as configured (the program's options may change them)
     * @param replyMillis how long a link command waits for its reply
     */
    public UsiBridge(SerialTransport transport, PrintStream out, String defaultBoardId, PlayerNames names,
                     long replyMillis) {
        this.usi = new UsiOutput(out);
        this.device = transport.describe();
        this.names = new PlayerNames(names.player(), names.opponent());
        this.watch = new BoardWatch(transport, replyMillis, Objects.requireNonNull(defaultBoardId, "defaultBoardId"),
                inbox::add, timers, usi, this);
    }

    /** Runs until {@code quit} or the end of {@code in}; returns the exit code. */
    public int run(InputStream in) throws InterruptedException {
        Thread.ofPlatform().name("usi-in").daemon().start(() -> readUsi(in));
        watch.start();
        while (!quit) {
            Runnable task = inbox.take();
            try {
                task.run();
            } catch (RuntimeException e) {
                failures.failed(e);
            }
        }
        watch.close();
        timers.shutdownNow();
        return 0;
    }

    private void readUsi(InputStream in) {
        UsiInput lines = new UsiInput(in);
        try {
            for (UsiInput.Line line; (line = lines.next()) != null; ) {
                UsiInput.Line l = line;
                inbox.add(() -> {
                    if (l.tooLong()) {
                        usi.info("a line of " + l.tooLongBytes() + " bytes ignored (at most " + UsiInput.MAX_LINE
                                + ")");
                    } else {
                        command(l.text());
                    }
                });
            }
        } catch (IOException e) {
            log.warn("usi: reading stdin failed: {}", e.toString());
        }
        inbox.add(() -> quit = true);
    }

    // ---- the program's commands

    void command(String line) {
        String text = line.strip();
        if (text.isEmpty()) {
            return;
        }
        String[] split = text.split("\\s+", 2);
        String rest = split.length > 1 ? split[1] : "";
        log.debug("usi < {}", UsiOutput.quote(text));
        switch (split[0]) {
            case "usi" -> identify();
            case "isready" -> isReady();
            case "setoption" -> names.option(rest);
            case "usinewgame" -> {
                search = null;
                usi.forgetSaid();
            }
            case "position" -> position(rest);
            case "go" -> go(rest);
            case "ponderhit" -> log.debug("usi: ponderhit: still waiting for the player's move");
            case "stop" -> stop();
            case "gameover" -> gameOver(rest);
            case "quit" -> quit = true;
            default -> usi.info("unknown command '" + UsiOutput.quote(split[0]) + "' ignored");
        }
    }

    private void identify() {
        usi.line("id name ShogiBan " + watch.boardId());
        usi.line("id author the ShogiBan project");
        for (String option : PlayerNames.OPTIONS) {
            usi.line("option name " + option + " type string default <empty>");
        }
        usi.line("usiok");
        if (!watch.ready()) {
            usi.info("the board is not connected on " + device + "; isready waits for it");
        }
    }

    private void isReady() {
        if (watch.ready()) {
            usi.line("readyok");
        } else {
            readyAsked = true;
            usi.info("waiting for the board on " + device);
        }
    }

    private void position(String arguments) {
        try {
            program = ProgramGame.parse(arguments);
        } catch (NotationException e) {
            usi.info("position refused: " + e.getMessage());
            return;
        }
        search = null;
        atPosition = BoardMark.of(watch.board());
        sync();
    }

    private void go(String arguments) {
        if (program == null) {
            usi.info("go before position: ignored");
            return;
        }
        // the board as it was when the program set its position, not as it is now: a player's move that came
        // between the program's position and its go (the two lines read on one thread, the board's on another) is
        // the answer, not a move made before the program asked
        BoardMark mark = atPosition != null ? atPosition : BoardMark.of(watch.board());
        search = new Search(program.moves().size() + 1, mark.gameId(), mark.moves());
        sendClocks(arguments);
        answerIfMoved();
    }

    private void stop() {
        if (search != null) {
            usi.info("the move is the player's: still waiting for it on the board");
        }
    }

    private void sendClocks(String arguments) {
        GoClocks.of(arguments, bad -> usi.info("go: '" + UsiOutput.quote(bad) + "' is not a number of milliseconds"))
                .filter(c -> watch.ready()).ifPresent(c -> watch.command(c.command(), r -> { }));
    }

    /** The program's end of its game: told to the board only when the board plays that game. */
    private void gameOver(String outcome) {
        search = null;
        String word = outcome.strip();
        if (!List.of("win", "lose", "draw").contains(word)) {
            usi.info("gameover '" + UsiOutput.quote(word) + "' is not win, lose or draw");
            return;
        }
        BoardGame board = watch.board();
        if (program == null || board == null || board.over()) {
            return;
        }
        if (!program.isOn(board)) {
            usi.info("gameover " + word + " is for a game the board does not play; the board's game goes on");
            return;
        }
        watch.command(program.gameOverCommand(word), r -> { });
    }

    // ---- keeping the board on the program's game

    private void sync() {
        if (!watch.ready() || program == null || syncAsked) {
            return;
        }
        syncAsked = true;
        watch.fetch(this::reconcile);
    }

    private void reconcile() {
        syncAsked = false;
        ProgramGame p = program;
        BoardGame board = watch.board();
        if (p.followedBy(board)) {
            if (board.phase().equals("PLAYING")) {
                giveHostMoves(p, board);
            } else if (board.phase().equals("SETUP") && !p.moves().isEmpty() && !setupLookDue) {
                // the host's moves go to the board once the game is played (its GAME event); looked at again too
                setupLookDue = true;
                watch.later(() -> {
                    setupLookDue = false;
                    sync();
                }, SETUP_LOOK_MILLIS);
            }
            answerIfMoved();
            return;
        }
        String adoptKey = board.gameId() + " " + board.moves();
        if (!adoptKey.equals(adopting)) {
            adopting = adoptKey;
            adoptingSince = System.nanoTime();
        }
        if (p.canAdopt(board) && (board.moves().size() <= p.moves().size() || madeAfterGo(board.moves().size()))
                && System.nanoTime() - adoptingSince < ADOPT_PATIENCE_MILLIS * 1_000_000L) {
            // the board's own game is the program's so far (the player may have moved at once after go): kept
            watch.command(p.newGameCommand(p.start().toSfen(), names) + " moves=" + (board.moves().isEmpty() ? "-"
                    : String.join(",", board.moves())), r -> afterNew(r, true));
            return;
        }
        watch.command(p.newGameCommand(p.startOfNewGame(), names), r -> afterNew(r, false));
    }

    private void afterNew(BoardLinkClient.Reply r, boolean keeping) {
        if (!r.ok()) {
            usi.info("the board refused a new game: " + r.line());
        } else if (keeping && r.line().startsWith("OK the game goes on")) {
            usi.infoOnce(watch.board().gameId() + " kept", "the board's game becomes the program's");
            // the board takes the game on its own thread: look again in a moment
            watch.later(this::sync, ADOPT_LOOK_MILLIS);
        } else {
            usi.info("a new game on the board: set up the pieces as the board shows");
        }
    }

    /** The host's moves the board lacks, each given once; a waiting move is said once, not at every look. */
    private void giveHostMoves(ProgramGame p, BoardGame board) {
        for (int i = board.moves().size(); i < p.moves().size(); i++) {
            String usiMove = p.moves().get(i).usi();
            String shownKey = board.gameId() + " shown " + (i + 1);
            String waiting = "waiting for " + usiMove + " to be made on the board";
            if (board.shownMove().filter(usiMove::equals).isPresent()) {
                usi.infoOnce(shownKey, waiting);
                continue;
            }
            int ply = i + 1;
            watch.command("PLAY " + usiMove, r -> {
                if (r.ok()) {
                    usi.infoOnce(shownKey, waiting);
                } else {
                    refused(usiMove, ply, r.line());
                }
            });
        }
    }

    /**
     * A {@code PLAY} the board refused: the board knows something the bridge does not yet (its state moved on), so it
     * looks once more, said once per refusal; looked at again for every new state it is refused in, never twice in the
     * same one (a board that keeps refusing in a state it does not change is not asked in a loop).
     */
    private void refused(String usiMove, int ply, String line) {
        BoardGame board = watch.board();
        usi.infoOnce(board.gameId() + " refused " + ply + " " + line, "the board refused " + usiMove + ": " + line);
        if (board.seq() != refusedLookSeq) {
            refusedLookSeq = board.seq();
            log.info("link: PLAY {} refused ({}) at event {}; looking at the board again", usiMove, line,
                    board.seq());
            watch.later(this::refresh, REFUSED_LOOK_MILLIS);
        }
    }

    /**
     * During a search: the player's move (or resignation, or declaration) as {@code bestmove}, once it is there, in
     * the program's game on the board, made after the {@code go}.
     */
    private void answerIfMoved() {
        BoardGame board = watch.board();
        if (search == null || board == null || program == null || !program.isOn(board)) {
            return;
        }
        int ply = search.ply();
        if (board.moves().size() >= ply && madeAfterGo(ply)) {
            search = null;
            usi.line("bestmove " + board.moves().get(ply - 1));
            return;
        }
        if (board.moves().size() == ply - 1) {
            program.endAnswer(board).ifPresent(answer -> {
                search = null;
                usi.line("bestmove " + answer);
            });
        }
    }

    /** Whether the move at {@code ply} of the board's game was not there when the program said {@code go}. */
    private boolean madeAfterGo(int ply) {
        BoardGame board = watch.board();
        return search != null && search.ply() == ply
                && !(board.gameId().equals(search.gameAtGo()) && search.movesAtGo() >= ply);
    }

    /** Learns the board's state again, then keeps it on the program's game and answers a waiting go. */
    private void refresh() {
        if (program != null) {
            sync();
        } else {
            watch.fetch(this::answerIfMoved);
        }
    }

    // ---- what the board's side says

    @Override
    public void ready(boolean first) {
        String id = watch.boardId();
        usi.info(first ? "the board " + id + " is connected" : "the board " + id + " is back");
        if (readyAsked) {
            readyAsked = false;
            usi.line("readyok");
        }
        sync();
        answerIfMoved();
    }

    @Override
    public void gone(String why) {
        syncAsked = false;
        usi.info("the board is gone (" + why + "); waiting for it to come back");
    }

    @Override
    public void stale() {
        refresh();
    }

    @Override
    public void changed() {
        answerIfMoved();
    }
}
