package org.shogiban.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 */
public final class UsiBridge implements BoardLinkClient.Listener {
    private static final Logger log = LoggerFactory.getLogger(UsiBridge.class);
    static final long HELLO_RETRY_MILLIS = 300;
    /** How soon an unreadable or unanswered {@code STATE} is asked for again. */
    static final long STATE_RETRY_MILLIS = 300;
    /** How soon the board is looked at again after it said it keeps its game as the program's, and how often. */
    static final long ADOPT_LOOK_MILLIS = 50;
    static final int ADOPT_TRIES = 5;

    /** A {@code go} waiting for the player's move: its ply, and the board's game and moves as known at the go. */
    private record Search(int ply, String gameAtGo, int movesAtGo) {
    }

    private final BlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("usi-bridge-timer").daemon().factory());
    private final UsiOutput usi;
    private final BoardLinkClient link;
    private final String device;
    private final PlayerNames names;
    private final FailureLog failures = new FailureLog(log, "usi bridge: a task failed and was skipped; the bridge"
            + " goes on");
    private final Set<String> said = new HashSet<>();
    private String boardId;
    private boolean quit;

    private boolean boardReady;
    private boolean everReady;
    private boolean readyAsked;
    private long lastSeq;
    private BoardGame board;

    private boolean fetching;
    private boolean fetchAgain;
    private List<String> heldEvents;
    private final List<Runnable> afterFetch = new ArrayList<>();

    private ProgramGame program;
    private boolean syncAsked;
    private Search search;
    private String adopting;
    private int adoptTries;

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
        this.boardId = Objects.requireNonNull(defaultBoardId, "defaultBoardId");
        this.names = new PlayerNames(names.player(), names.opponent());
        this.link = new BoardLinkClient(transport, this, replyMillis);
    }

    /** Runs until {@code quit} or the end of {@code in}; returns the exit code. */
    public int run(InputStream in) throws InterruptedException {
        Thread.ofPlatform().name("usi-in").daemon().start(() -> readUsi(in));
        link.start();
        while (!quit) {
            Runnable task = inbox.take();
            try {
                task.run();
            } catch (RuntimeException e) {
                failures.failed(e);
            }
        }
        link.close();
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
                said.clear();
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
        usi.line("id name ShogiBan " + boardId);
        usi.line("id author the ShogiBan project");
        for (String option : PlayerNames.OPTIONS) {
            usi.line("option name " + option + " type string default <empty>");
        }
        usi.line("usiok");
        if (!boardReady) {
            usi.info("the board is not connected on " + device + "; isready waits for it");
        }
    }

    private void isReady() {
        if (boardReady) {
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
        sync();
    }

    private void go(String arguments) {
        if (program == null) {
            usi.info("go before position: ignored");
            return;
        }
        search = new Search(program.moves().size() + 1, board == null ? null : board.gameId(),
                board == null ? 0 : board.moves().size());
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
                .filter(c -> boardReady).ifPresent(c -> linkCommand(c.command(), r -> { }));
    }

    /** The program's end of its game: told to the board only when the board plays that game. */
    private void gameOver(String outcome) {
        search = null;
        String word = outcome.strip();
        if (!List.of("win", "lose", "draw").contains(word)) {
            usi.info("gameover '" + UsiOutput.quote(word) + "' is not win, lose or draw");
            return;
        }
        if (program == null || board == null || board.over()) {
            return;
        }
        if (!program.isOn(board)) {
            usi.info("gameover " + word + " is for a game the board does not play; the board's game goes on");
            return;
        }
        linkCommand(program.gameOverCommand(word), r -> { });
    }

    // ---- keeping the board on the program's game

    private void sync() {
        if (!boardReady || program == null) {
            return;
        }
        if (syncAsked) {
            return;
        }
        syncAsked = true;
        fetchState(this::reconcile);
    }

    private void reconcile() {
        syncAsked = false;
        ProgramGame p = program;
        if (p.followedBy(board)) {
            if (board.phase().equals("PLAYING")) {
                giveHostMoves(p);
            }
            // else being set up (or paused): the host's moves go to the board once the game is played (GAME event)
            answerIfMoved();
            return;
        }
        String adoptKey = board.gameId() + " " + board.moves();
        if (!adoptKey.equals(adopting)) {
            adopting = adoptKey;
            adoptTries = 0;
        }
        if (p.canAdopt(board) && (board.moves().size() <= p.moves().size() || madeAfterGo(board.moves().size()))
                && adoptTries++ < ADOPT_TRIES) {
            // the board's own game is the program's so far (the player may have moved at once after go): kept
            linkCommand(p.newGameCommand(p.start().toSfen(), names) + " moves=" + (board.moves().isEmpty() ? "-"
                    : String.join(",", board.moves())), r -> afterNew(r, true));
            return;
        }
        linkCommand(p.newGameCommand(p.startOfNewGame(), names), r -> afterNew(r, false));
    }

    private void afterNew(BoardLinkClient.Reply r, boolean keeping) {
        if (!r.ok()) {
            usi.info("the board refused a new game: " + r.line());
        } else if (keeping && r.line().startsWith("OK the game goes on")) {
            sayOnce(board.gameId() + " kept", "the board's game becomes the program's");
            // the board takes the game on its own thread: look again in a moment
            timers.schedule(() -> inbox.add(this::sync), ADOPT_LOOK_MILLIS, TimeUnit.MILLISECONDS);
        } else {
            usi.info("a new game on the board: set up the pieces as the board shows");
        }
    }

    /** The host's moves the board lacks, each given once; a waiting move is said once, not at every look. */
    private void giveHostMoves(ProgramGame p) {
        for (int i = board.moves().size(); i < p.moves().size(); i++) {
            String usiMove = p.moves().get(i).usi();
            if (board.shownMove().filter(usiMove::equals).isPresent()) {
                sayOnce(board.gameId() + " shown " + (i + 1), "waiting for " + usiMove + " to be made on the board");
                continue;
            }
            int ply = i + 1;
            linkCommand("PLAY " + usiMove, r -> {
                if (r.ok()) {
                    sayOnce(board.gameId() + " shown " + ply, "waiting for " + usiMove + " to be made on the board");
                } else if (said.add(board.gameId() + " refused " + ply + " " + r.line())) {
                    // the board knows something the bridge does not yet (its state moved on): look once more
                    usi.info("the board refused " + usiMove + ": " + r.line());
                    timers.schedule(() -> inbox.add(this::refresh), STATE_RETRY_MILLIS, TimeUnit.MILLISECONDS);
                }
            });
        }
    }

    private void sayOnce(String key, String text) {
        if (said.add(key)) {
            usi.info(text);
        }
    }

    /**
     * During a search: the player's move (or resignation, or declaration) as {@code bestmove}, once it is there, in
     * the program's game on the board, made after the {@code go}.
     */
    private void answerIfMoved() {
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
        return search != null && search.ply() == ply
                && !(board.gameId().equals(search.gameAtGo()) && search.movesAtGo() >= ply);
    }

    // ---- the link

    @Override
    public void connected() {
        inbox.add(this::hello);
    }

    @Override
    public void disconnected(String why) {
        inbox.add(() -> {
            boardReady = false;
            fetching = false;
            fetchAgain = false;
            heldEvents = null;
            afterFetch.clear();
            syncAsked = false;
            usi.info("the board is gone (" + why + "); waiting for it to come back");
        });
    }

    @Override
    public void event(String line) {
        inbox.add(() -> onEvent(line));
    }

    private void hello() {
        linkCommand("HELLO", r -> {
            String[] w = r.line().split(" ");
            if (!r.ok() || w.length < 4) {
                timers.schedule(() -> inbox.add(this::hello), HELLO_RETRY_MILLIS, TimeUnit.MILLISECONDS);
                return;
            }
            boardId = w[3];
            if (everReady) {
                linkCommand("SINCE " + lastSeq, since -> afterHello());
            } else {
                afterHello();
            }
        }, failure -> timers.schedule(() -> inbox.add(this::hello), HELLO_RETRY_MILLIS, TimeUnit.MILLISECONDS));
    }

    private void afterHello() {
        fetchState(() -> {
            boolean first = !everReady;
            boardReady = true;
            everReady = true;
            usi.info(first ? "the board " + boardId + " is connected" : "the board " + boardId + " is back");
            if (readyAsked) {
                readyAsked = false;
                usi.line("readyok");
            }
            sync();
            answerIfMoved();
        });
    }

    /**
     * Learns the board's state, then runs {@code then}. One {@code STATE} at a time: the events that come while it is
     * asked are held and applied after it (those it already shows are skipped by their numbers), and a fetch asked
     * meanwhile is one more {@code STATE} after it; {@code then} runs once the newest state and its events are known.
     */
    private void fetchState(Runnable then) {
        afterFetch.add(then);
        if (fetching) {
            fetchAgain = true;
            return;
        }
        fetching = true;
        heldEvents = new ArrayList<>();
        askState();
    }

    private void askState() {
        fetchAgain = false;
        linkCommand("STATE", this::stateArrived, failure -> {
            if (link.isConnected() && fetching) {
                log.info("link: STATE not answered ({}); asking again", failure.getMessage());
                timers.schedule(() -> inbox.add(this::askState), STATE_RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        });
    }

    private void stateArrived(BoardLinkClient.Reply r) {
        if (!fetching) {
            return;
        }
        BoardGame read;
        try {
            if (!r.ok()) {
                throw new IOException(r.line());
            }
            read = BoardGame.fromState(r.bodyText());
        } catch (IOException e) {
            sayOnce("unreadable state " + e.getMessage(), "the board's state could not be read (" + e.getMessage()
                    + "); asking again");
            log.warn("link: the board's state could not be read: {}", e.getMessage());
            timers.schedule(() -> inbox.add(this::askState), STATE_RETRY_MILLIS, TimeUnit.MILLISECONDS);
            return;
        }
        if (fetchAgain) {
            askState();
            return;
        }
        board = read;
        lastSeq = Math.max(lastSeq, board.seq());
        List<String> held = heldEvents;
        heldEvents = null;
        fetching = false;
        for (String e : held) {
            onEvent(e);
        }
        if (fetching) {
            return;    // a held GAME or SETUP asked for the state again: the continuations wait for it
        }
        List<Runnable> then = List.copyOf(afterFetch);
        afterFetch.clear();
        then.forEach(Runnable::run);
    }

    private void onEvent(String line) {
        if (heldEvents != null) {
            heldEvents.add(line);
            return;
        }
        String[] w = line.split(" ");
        long seq;
        try {
            seq = Long.parseLong(w[1]);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            garbled(line);
            return;
        }
        if (board == null || seq <= board.seq()) {
            return;
        }
        lastSeq = Math.max(lastSeq, seq);
        try {
            board = board.after(seq, w);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            garbled(line);
            return;
        }
        if (w.length > 2 && (w[2].equals("GAME") || w[2].equals("SETUP"))) {
            refresh();
            return;
        }
        answerIfMoved();
    }

    /** An event line that cannot be read: said once in the log; the board's state is asked for again. */
    private void garbled(String line) {
        log.warn("link: an event that cannot be read ({}); asking for the board's state again",
                UsiOutput.quote(line));
        refresh();
    }

    /** Learns the board's state again, then keeps it on the program's game and answers a waiting go. */
    private void refresh() {
        if (program != null) {
            sync();
        } else {
            fetchState(this::answerIfMoved);
        }
    }

    private void linkCommand(String line, Consumer<BoardLinkClient.Reply> then) {
        linkCommand(line, then, failure -> log.info("link: '{}' not answered: {}", line, failure.getMessage()));
    }

    private void linkCommand(String line, Consumer<BoardLinkClient.Reply> then, Consumer<Throwable> failed) {
        log.debug("link > {}", line);
        CompletableFuture<BoardLinkClient.Reply> reply = link.send(line);
        reply.whenComplete((r, e) -> inbox.add(() -> {
            if (e != null) {
                failed.accept(e instanceof java.util.concurrent.CompletionException c && c.getCause() != null
                        ? c.getCause() : e);
            } else {
                log.debug("link < {}", r.line());
                then.accept(r);
            }
        }));
    }
}
