package org.shogiban.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.shogiban.link.SerialTransport;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The wooden board as a USI engine: a shogi program (ShogiHome, an engine match runner) starts it and speaks USI on
 * its stdin and stdout; its "best move" is the move the player makes on the real board. Over the USB link it keeps
 * the board on the program's game: the program's own moves are given with {@code PLAY} (the board shows them and waits
 * for them to be made), a game that does not follow from the board's starts a new one ({@code NEW host=...}), and
 * the player's move comes back as {@code bestmove}. Everything happens on one thread, fed by the stdin reader and
 * the link's reader: nothing but USI is ever written to stdout.
 */
public final class UsiBridge implements BoardLinkClient.Listener {
    private static final Logger log = LoggerFactory.getLogger(UsiBridge.class);
    static final long HELLO_RETRY_MILLIS = 300;
    /** How often a search checks that the board has every move of the program's (a missed event costs no game). */
    static final long RECHECK_MILLIS = 500;

    private final BlockingQueue<Runnable> inbox = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "usi-bridge-timer");
        t.setDaemon(true);
        return t;
    });
    private final UsiOutput usi;
    private final BoardLinkClient link;
    private final String device;
    private String boardId;
    private boolean quit;

    private boolean boardReady;
    private boolean everReady;
    private boolean readyAsked;
    private long lastSeq;
    private BoardGame board;
    private List<String> heldEvents;

    private ProgramGame program;
    private boolean syncing;
    private boolean syncAgain;
    private boolean newGameAsked;
    private int searchPly;

    /**
     * @param transport the board's serial device
     * @param out where USI goes (the program's stdin)
     * @param defaultBoardId the name given before the board has said its own
     */
    public UsiBridge(SerialTransport transport, PrintStream out, String defaultBoardId) {
        this.usi = new UsiOutput(out);
        this.device = transport.describe();
        this.boardId = Objects.requireNonNull(defaultBoardId, "defaultBoardId");
        this.link = new BoardLinkClient(transport, this);
    }

    /** Runs until {@code quit} or the end of {@code in}; returns the exit code. */
    public int run(InputStream in) throws InterruptedException {
        Thread reader = new Thread(() -> readUsi(in), "usi-in");
        reader.setDaemon(true);
        reader.start();
        link.start();
        while (!quit) {
            inbox.take().run();
        }
        link.close();
        timers.shutdownNow();
        return 0;
    }

    private void readUsi(InputStream in) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                String l = line;
                inbox.add(() -> command(l));
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
        log.debug("usi < {}", text);
        switch (split[0]) {
            case "usi" -> identify();
            case "isready" -> isReady();
            case "setoption" -> log.debug("usi: option accepted: {}", rest);
            case "usinewgame" -> newGameAsked = true;
            case "position" -> position(rest);
            case "go" -> go(rest);
            case "ponderhit" -> log.debug("usi: ponderhit: still waiting for the player's move");
            case "stop" -> stop();
            case "gameover" -> gameOver(rest);
            case "quit" -> quit = true;
            default -> usi.info("unknown command '" + split[0] + "' ignored");
        }
    }

    private void identify() {
        usi.line("id name ShogiBan " + boardId);
        usi.line("id author the ShogiBan project");
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
        searchPly = 0;
        sync();
    }

    private void go(String arguments) {
        if (program == null) {
            usi.info("go before position: ignored");
            return;
        }
        searchPly = program.moves().size() + 1;
        sendClocks(arguments);
        answerIfMoved();
        recheckLater(searchPly);
    }

    /**
     * While the search for {@code ply} goes on, looks at the board again now and then: a host move the board does
     * not show yet (an event missed between two looks) is given again. Never a move made up.
     */
    private void recheckLater(int ply) {
        timers.schedule(() -> inbox.add(() -> {
            if (searchPly != ply || quit) {
                return;
            }
            if (boardReady && !syncing && board != null && board.moves().size() < program.moves().size()) {
                sync();
            }
            recheckLater(ply);
        }), RECHECK_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void stop() {
        if (searchPly > 0) {
            usi.info("the move is the player's: still waiting for it on the board");
        }
    }

    private void sendClocks(String arguments) {
        String[] w = arguments.split("\\s+");
        long btime = -1;
        long wtime = -1;
        long byoyomi = 0;
        for (int i = 0; i + 1 < w.length; i++) {
            try {
                switch (w[i]) {
                    case "btime" -> btime = Long.parseLong(w[i + 1]);
                    case "wtime" -> wtime = Long.parseLong(w[i + 1]);
                    case "byoyomi" -> byoyomi = Long.parseLong(w[i + 1]);
                    default -> { }
                }
            } catch (NumberFormatException e) {
                usi.info("go: '" + w[i + 1] + "' is not a number of milliseconds");
            }
        }
        if (btime >= 0 && wtime >= 0 && boardReady) {
            linkCommand("CLOCKS " + btime + " " + wtime + " " + byoyomi, r -> { });
        }
    }

    private void gameOver(String outcome) {
        searchPly = 0;
        if (program == null || board == null || board.over()) {
            return;
        }
        Side boardSide = program.boardSide();
        String line = switch (outcome.strip()) {
            case "win" -> "GAMEOVER " + boardSide.label() + " RESIGNATION";
            case "lose" -> "GAMEOVER " + boardSide.opponent().label()
                    + (program.end().isCheckmate() ? " CHECKMATE" : " TIME_UP");
            case "draw" -> "GAMEOVER none REPETITION_DRAW";
            default -> null;
        };
        if (line == null) {
            usi.info("gameover '" + outcome + "' is not win, lose or draw");
            return;
        }
        linkCommand(line, r -> { });
    }

    // ---- keeping the board on the program's game

    private void sync() {
        if (!boardReady || program == null) {
            return;
        }
        if (syncing) {
            syncAgain = true;
            return;
        }
        syncing = true;
        fetchState(this::reconcile);
    }

    private void reconcile() {
        syncing = false;
        if (syncAgain) {
            syncAgain = false;
            sync();
            return;
        }
        ProgramGame p = program;
        int k = board.moves().size();
        if (follows(p)) {
            newGameAsked = false;
            if (!board.phase().equals("PLAYING")) {
                // being set up (or paused): the host's moves go to the board once the game is played (GAME event)
                return;
            }
            for (int i = k; i < p.moves().size(); i++) {
                String usiMove = p.moves().get(i).usi();
                if (board.shownMove().filter(usiMove::equals).isEmpty()) {
                    linkCommand("PLAY " + usiMove, r -> {
                        if (!r.ok()) {
                            usi.info("the board refused " + usiMove + ": " + r.line());
                        }
                    });
                }
            }
            answerIfMoved();
            return;
        }
        String start = startOfNewGame(p);
        linkCommand("NEW host=" + p.hostSide().label() + " time=none mode=casual sfen=\"" + start + "\"", r -> {
            if (r.ok()) {
                usi.info("a new game on the board: set up the pieces as the board shows");
            } else {
                usi.info("the board refused a new game: " + r.line());
            }
        });
    }

    /**
     * Whether the program's game goes on from the board's (or is the one being set up): the board's moves are the
     * program's first moves, from the same position, the host is the program's side, and every move the board lacks
     * is the host's.
     */
    private boolean follows(ProgramGame p) {
        int k = board.moves().size();
        if (board.over() || k > p.moves().size()
                || board.hostSide().filter(p.hostSide().label()::equals).isEmpty()) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            if (!p.moves().get(i).usi().equals(board.moves().get(i))) {
                return false;
            }
        }
        if (!sameSquares(p.positions().get(k).toSfen(), board.sfen())) {
            return false;
        }
        for (int i = k; i < p.moves().size(); i++) {
            if (p.moverOf(i) != p.hostSide()) {
                return false;
            }
        }
        return true;
    }

    /** The start the board is asked to set up: the program's, or where the program is if the board player moved. */
    private static String startOfNewGame(ProgramGame p) {
        for (int i = 0; i < p.moves().size(); i++) {
            if (p.moverOf(i) == p.boardSide()) {
                return p.end().toSfen();
            }
        }
        return p.start().toSfen();
    }

    private static boolean sameSquares(String a, String b) {
        String[] x = a.split(" ");
        String[] y = b.split(" ");
        return x.length >= 3 && y.length >= 3 && x[0].equals(y[0]) && x[1].equals(y[1]) && x[2].equals(y[2]);
    }

    /** During a search: the player's move (or resignation, or declaration) as {@code bestmove}, once it is there. */
    private void answerIfMoved() {
        if (searchPly == 0 || board == null || program == null) {
            return;
        }
        if (board.moves().size() >= searchPly && movesAgreeUpTo(searchPly - 1)) {
            String move = board.moves().get(searchPly - 1);
            searchPly = 0;
            usi.line("bestmove " + move);
            return;
        }
        if (board.over()) {
            String status = board.resultStatus().orElseThrow();
            String winner = board.resultWinner().orElse("none");
            String boardSide = program.boardSide().label();
            if (status.equals("IMPASSE_DECLARATION") && !winner.equals(program.hostSide().label())) {
                searchPly = 0;
                usi.line("bestmove win");
            } else if (!winner.equals(boardSide) && !status.equals("ABORTED")) {
                searchPly = 0;
                usi.line("bestmove resign");
            }
        }
    }

    private boolean movesAgreeUpTo(int n) {
        for (int i = 0; i < n; i++) {
            if (!program.moves().get(i).usi().equals(board.moves().get(i))) {
                return false;
            }
        }
        return true;
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
            syncing = false;
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

    private void fetchState(Runnable then) {
        heldEvents = new ArrayList<>();
        linkCommand("STATE", r -> {
            List<String> held = heldEvents;
            heldEvents = null;
            try {
                board = BoardGame.fromState(r.bodyText());
                lastSeq = Math.max(lastSeq, board.seq());
            } catch (IOException e) {
                usi.info("the board's state could not be read: " + e.getMessage());
                return;
            }
            for (String e : held) {
                onEvent(e);
            }
            then.run();
        });
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
            return;
        }
        if (board == null || seq <= board.seq()) {
            return;
        }
        lastSeq = Math.max(lastSeq, seq);
        switch (w.length > 2 ? w[2] : "") {
            case "MOVE" -> board = board.withMove(seq, Integer.parseInt(w[3]), w[4]);
            case "TAKEBACK" -> board = board.withTakeback(seq, Integer.parseInt(w[3]));
            case "RESULT" -> board = board.withResult(seq, w[3], w[4]);
            case "GAME", "SETUP" -> {
                board = board.withSeq(seq);
                sync();
            }
            default -> board = board.withSeq(seq);
        }
        answerIfMoved();
    }

    private void linkCommand(String line, java.util.function.Consumer<BoardLinkClient.Reply> then) {
        linkCommand(line, then, failure -> log.info("link: '{}' not answered: {}", line, failure.getMessage()));
    }

    private void linkCommand(String line, java.util.function.Consumer<BoardLinkClient.Reply> then,
                             java.util.function.Consumer<Throwable> failed) {
        log.debug("link > {}", line);
        CompletableFuture<BoardLinkClient.Reply> reply = link.send(line);
        reply.whenComplete((r, e) -> inbox.add(() -> {
            if (e != null) {
                failed.accept(e);
            } else {
                log.debug("link < {}", r.line());
                then.accept(r);
            }
        }));
    }

    /** USI's stdout: one line at a time, flushed, nothing else ever written to it. */
    private static final class UsiOutput {
        private final PrintStream out;

        UsiOutput(PrintStream out) {
            this.out = out;
        }

        synchronized void line(String text) {
            log.debug("usi > {}", text);
            out.print(text + "\n");
            out.flush();
        }

        void info(String text) {
            line("info string " + text.replaceAll("[\\r\\n]+", " "));
        }
    }
}
