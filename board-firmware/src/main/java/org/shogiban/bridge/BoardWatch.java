package org.shogiban.bridge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.shogiban.link.SerialTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bridge's board-link side: what the bridge knows of the board's game ({@link BoardGame}) and how it learns it.
 * It greets the board ({@code HELLO}, after a reconnection {@code SINCE} the last event seen), asks for its
 * {@code STATE} one at a time, keeps the knowledge up with the pushed events, and sends the bridge's link commands.
 * Everything runs on the bridge's one thread (the {@code loop} executor); the link's replies and events are handed to
 * it, and the bridge hears back through {@link Listener}.
 */
final class BoardWatch implements BoardLinkClient.Listener {
    private static final Logger log = LoggerFactory.getLogger(BoardWatch.class);
    static final long HELLO_RETRY_MILLIS = 300;
    /** How soon an unreadable or unanswered {@code STATE} is asked for again. */
    static final long STATE_RETRY_MILLIS = 300;

    /** What the bridge hears from the board's side; called on the bridge's thread. */
    interface Listener {
        /** The board answered {@code HELLO} and its state is known ({@code first}: the first time since the start). */
        void ready(boolean first);

        /** The board went away; the bridge keeps waiting for it. */
        void gone(String why);

        /** An event said that the state is no longer what the bridge knows (a new game, a garbled line). */
        void stale();

        /** An event was applied to the board's game (a move, a result, ...). */
        void changed();
    }

    /** What an event did to the knowledge. */
    private enum Applied { SKIPPED, CHANGED, STALE }

    private final Executor loop;
    private final ScheduledExecutorService timers;
    private final BoardLinkClient link;
    private final UsiOutput usi;
    private final Listener listener;
    private String boardId;
    private boolean ready;
    private boolean everReady;
    private long lastSeq;
    private BoardGame board;

    private boolean fetching;
    private boolean fetchAgain;
    private List<String> heldEvents;
    private final List<Runnable> afterFetch = new ArrayList<>();

    BoardWatch(SerialTransport transport, long replyMillis, String defaultBoardId, Executor loop,
               ScheduledExecutorService timers, UsiOutput usi, Listener listener) {
        this.loop = loop;
        this.timers = timers;
        this.usi = usi;
        this.listener = listener;
        this.boardId = defaultBoardId;
        this.link = new BoardLinkClient(transport, this, replyMillis);
    }

    void start() {
        link.start();
    }

    void close() {
        link.close();
    }

    /** Whether the board has answered and its state is known. */
    boolean ready() {
        return ready;
    }

    /** The board's game as last learnt; null before the board's first state. */
    BoardGame board() {
        return board;
    }

    /** The board's name: the one it gave in {@code HELLO}, else the default. */
    String boardId() {
        return boardId;
    }

    /** Runs {@code task} on the bridge's thread after {@code millis}. */
    void later(Runnable task, long millis) {
        timers.schedule(() -> loop.execute(task), millis, TimeUnit.MILLISECONDS);
    }

    // ---- the link's side (its reader thread): handed to the bridge's thread

    @Override
    public void connected() {
        loop.execute(this::hello);
    }

    @Override
    public void disconnected(String why) {
        loop.execute(() -> {
            ready = false;
            fetching = false;
            fetchAgain = false;
            heldEvents = null;
            afterFetch.clear();
            listener.gone(why);
        });
    }

    @Override
    public void event(String line) {
        loop.execute(() -> onEvent(line));
    }

    // ---- greeting the board

    private void hello() {
        command("HELLO", r -> {
            String[] w = r.line().split(" ");
            if (!r.ok() || w.length < 4) {
                later(this::hello, HELLO_RETRY_MILLIS);
                return;
            }
            boardId = w[3];
            if (everReady) {
                command("SINCE " + lastSeq, since -> afterHello());
            } else {
                afterHello();
            }
        }, failure -> later(this::hello, HELLO_RETRY_MILLIS));
    }

    private void afterHello() {
        fetch(() -> {
            boolean first = !everReady;
            ready = true;
            everReady = true;
            listener.ready(first);
        });
    }

    // ---- the board's state

    /**
     * Learns the board's state, then runs {@code then}. One {@code STATE} at a time: the events that come while it is
     * asked are held and applied after it (those it already shows are skipped by their numbers), and a fetch asked
     * meanwhile is one more {@code STATE} after it; {@code then} runs once the newest state and its events are known.
     */
    void fetch(Runnable then) {
        afterFetch.add(then);
        if (fetching) {
            fetchAgain = true;
            return;
        }
        startFetch();
    }

    private void startFetch() {
        fetching = true;
        heldEvents = new ArrayList<>();
        askState();
    }

    private void askState() {
        fetchAgain = false;
        command("STATE", this::stateArrived, failure -> {
            if (link.isConnected() && fetching) {
                log.info("link: STATE not answered ({}); asking again", failure.getMessage());
                later(this::askState, STATE_RETRY_MILLIS);
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
            usi.infoOnce("unreadable state " + e.getMessage(), "the board's state could not be read ("
                    + e.getMessage() + "); asking again");
            log.warn("link: the board's state could not be read: {}", e.getMessage());
            later(this::askState, STATE_RETRY_MILLIS);
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
        if (applyHeld(held)) {
            // a held GAME or SETUP (or an unreadable line) came after this state was taken: the state is already
            // stale, so the continuations wait for a newer one (a new game whose pieces stood while its SETUP state was asked)
            startFetch();
            return;
        }
        List<Runnable> then = List.copyOf(afterFetch);
        afterFetch.clear();
        then.forEach(Runnable::run);
    }

    /** Applies the events held during a fetch; whether one of them made the state just read stale. */
    private boolean applyHeld(List<String> held) {
        boolean stale = false;
        for (String e : held) {
            switch (apply(e)) {
                case STALE -> stale = true;
                case CHANGED -> listener.changed();
                case SKIPPED -> { }
            }
        }
        return stale;
    }

    private void onEvent(String line) {
        if (heldEvents != null) {
            heldEvents.add(line);
            return;
        }
        switch (apply(line)) {
            case STALE -> listener.stale();
            case CHANGED -> listener.changed();
            case SKIPPED -> { }
        }
    }

    /** One event applied to the knowledge by its number ({@code * <seq> <TYPE> ...}). */
    private Applied apply(String line) {
        String[] w = line.split(" ");
        long seq;
        try {
            seq = Long.parseLong(w[1]);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return garbled(line);
        }
        if (board == null || seq <= board.seq()) {
            return Applied.SKIPPED;
        }
        lastSeq = Math.max(lastSeq, seq);
        try {
            board = board.after(seq, w);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return garbled(line);
        }
        return w.length > 2 && (w[2].equals("GAME") || w[2].equals("SETUP")) ? Applied.STALE : Applied.CHANGED;
    }

    /** An event line that cannot be read: said once in the log; the board's state is asked for again. */
    private static Applied garbled(String line) {
        log.warn("link: an event that cannot be read ({}); asking for the board's state again",
                UsiOutput.quote(line));
        return Applied.STALE;
    }

    // ---- commands

    /** Sends a link command; {@code then} gets its reply on the bridge's thread (a failure is logged). */
    void command(String line, Consumer<BoardLinkClient.Reply> then) {
        command(line, then, failure -> log.info("link: '{}' not answered: {}", line, failure.getMessage()));
    }

    private void command(String line, Consumer<BoardLinkClient.Reply> then, Consumer<Throwable> failed) {
        log.debug("link > {}", line);
        CompletableFuture<BoardLinkClient.Reply> reply = link.send(line);
        reply.whenComplete((r, e) -> loop.execute(() -> {
            if (e != null) {
                failed.accept(e instanceof CompletionException c && c.getCause() != null ? c.getCause() : e);
            } else {
                log.debug("link < {}", r.line());
                then.accept(r);
            }
        }));
    }
}
