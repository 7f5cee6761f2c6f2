package org.shogiban.hall;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import org.shogiban.hall.store.HallStore;
import org.shogiban.hall.store.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall's side of its state on disk: what it reads back at the start, each write of a board, a game, a round or an
 * action, and the fault a failed write is (shown until a write succeeds again). Without a store (tests, benchmarks)
 * everything stays in memory and nothing fails.
 *
 * <p>What the arbiter is shown as lasting (a call, an acknowledgement, a result, a new game or board life, a round,
 * an action) is written at once, before it is shown. A board's moves and snapshots are written behind
 * ({@link #later}): the boards that changed are written together, one transaction every {@link #FLUSH_MILLIS}, by a
 * thread of their own; a hall killed in between has the board's last event number from before, and fetches the
 * events after it from the board again ({@code SINCE}), as after any restart. So a move costs the hall no commit.
 */
final class HallDisk implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallDisk.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HallStore store;
    private final String hallId;
    private final Runnable changed;
    private final List<String> startProblems = new ArrayList<>();
    private volatile String writeFault;
    /** How often the boards written behind are written: at most this long after a move, one commit for all. */
    static final long FLUSH_MILLIS = 200;
    private final Lock hallLock;
    /** The boards to write behind, and the records of games in progress; guarded by the hall's lock. */
    private final Map<String, HallBoard> dirty = new LinkedHashMap<>();
    private final Map<String, String[]> dirtyGames = new LinkedHashMap<>();
    private final Thread flusher;
    private volatile boolean running = true;

    /**
     * @param store the state on disk, or null
     * @param hallLock the hall's lock, which guards its boards (held while their documents are made)
     * @param changed told when the hall's faults changed (a write failed, or succeeded again)
     */
    HallDisk(HallStore store, String hallId, Lock hallLock, Runnable changed) {
        this.store = store;
        this.hallId = hallId;
        this.hallLock = hallLock;
        this.changed = changed;
        flusher = store == null ? null : Thread.ofPlatform().name("hall-disk-" + hallId).daemon().start(this::flushLoop);
    }

    /** Reads the boards and rounds back into the hall's maps; what cannot be read becomes a fault. */
    void restore(Map<String, HallBoard> boards, Rounds rounds) {
        if (store == null) {
            return;
        }
        HallStore.Contents c = store.contents();
        Map<String, Map<String, String>> games = new HashMap<>();
        for (String[] g : c.games()) {
            games.computeIfAbsent(g[0], k -> new LinkedHashMap<>()).put(g[1], g[2]);
        }
        c.boards().forEach((id, doc) -> {
            try {
                boards.put(id, HallBoard.of(id, JSON.readTree(doc), games.getOrDefault(id, Map.of())));
            } catch (IOException | RuntimeException e) {
                startProblems.add("board " + id + " could not be read from the hall's state: " + e.getMessage());
            }
        });
        c.rounds().forEach((n, doc) -> {
            try {
                rounds.restore(n, JSON.readTree(doc));
            } catch (IOException | RuntimeException e) {
                startProblems.add("round " + n + " could not be read from the hall's state: " + e.getMessage());
            }
        });
        startProblems.addAll(0, store.problems());
        startProblems.forEach(p -> log.error("hall {}: {}", hallId, p));
        log.info("hall {}: {} boards, {} rounds from {}", hallId, boards.size(), c.rounds().size(), store.file());
    }

    /** Writes a board's document at once; a failure is shown as the hall's fault (and thrown when {@code durable}). */
    void board(HallBoard b, boolean durable) {
        dirty.remove(b.id);
        b.docWrittenMillis = System.currentTimeMillis();
        write(durable, () -> {
            if (durable) {
                store.putBoardDurably(b.id, b.doc().toString());
            } else {
                store.putBoard(b.id, b.doc().toString());
            }
        });
    }

    /**
     * Writes a board's document behind, with the others that changed, within {@link #FLUSH_MILLIS} (called with the
     * hall's lock held).
     */
    void later(HallBoard b) {
        if (store != null) {
            dirty.put(b.id, b);
        }
    }

    /** Writes a game's record at once (a finished game's; a failure is the hall's fault). */
    void game(String board, String game, String jkf) {
        dirtyGames.remove(board + "\u0000" + game);
        write(false, () -> store.putGame(board, game, jkf));
    }

    /** Writes the record of a game in progress behind, with the boards (called with the hall's lock held). */
    void gameLater(String board, String game, String jkf) {
        if (store != null) {
            dirtyGames.put(board + "\u0000" + game, new String[] {board, game, jkf});
        }
    }

    private void flushLoop() {
        while (running) {
            try {
                Thread.sleep(FLUSH_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            }
            try {
                flush();
            } catch (RuntimeException e) {
                log.error("hall {}: writing the boards behind failed: {}", hallId, e.toString());
            }
        }
    }

    /** Writes every board and record waiting, in one transaction; what could not be written waits again. */
    void flush() {
        Map<String, String> docs = new LinkedHashMap<>();
        List<String[]> games;
        Map<String, HallBoard> boards;
        hallLock.lock();
        try {
            if (dirty.isEmpty() && dirtyGames.isEmpty()) {
                return;
            }
            long now = System.currentTimeMillis();
            boards = new LinkedHashMap<>(dirty);
            for (HallBoard b : boards.values()) {
                docs.put(b.id, b.doc().toString());
                b.docWrittenMillis = now;
            }
            games = new ArrayList<>(dirtyGames.values());
            dirty.clear();
            dirtyGames.clear();
        } finally {
            hallLock.unlock();
        }
        if (!write(false, () -> store.putBatch(docs, games))) {
            hallLock.lock();
            try {
                boards.forEach(dirty::putIfAbsent);
                games.forEach(g -> dirtyGames.putIfAbsent(g[0] + "\u0000" + g[1], g));
            } finally {
                hallLock.unlock();
            }
        }
    }

    /** Writes what waits and stops the writing thread. */
    @Override
    public void close() {
        if (flusher == null) {
            return;
        }
        running = false;
        flusher.interrupt();
        try {
            flusher.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }

    /** Writes a round (durably; thrown when it fails). */
    void round(int round, String doc) {
        write(true, () -> store.putRound(round, doc));
    }

    /** Keeps an arbiter's action (durably; thrown when it fails). */
    void action(String arbiter, String board, String line, String reply) {
        write(true, () -> store.action(System.currentTimeMillis(), arbiter, board, line, reply));
    }

    /** True when written (or nothing to write to). */
    private boolean write(boolean rethrow, Runnable write) {
        if (store == null) {
            return true;
        }
        try {
            write.run();
            if (writeFault != null) {
                log.info("hall {}: the hall's state is written again", hallId);
                writeFault = null;
                changed.run();
            }
            return true;
        } catch (StoreException e) {
            if (writeFault == null) {
                log.error("hall {}: {}", hallId, e.getMessage());
            }
            writeFault = e.getMessage();
            changed.run();
            if (rethrow) {
                throw e;
            }
            return false;
        }
    }

    /** What the arbiter must know of the hall itself: its state file's problems, a write that failed. */
    List<String> faults() {
        List<String> f = new ArrayList<>(startProblems);
        String w = writeFault;
        if (w != null) {
            f.add(w);
        }
        return f;
    }
}
