package org.shogiban.hall;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.hall.store.HallStore;
import org.shogiban.hall.store.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall's side of its state on disk: what it reads back at the start, each write of a board, a game, a round or an
 * action, and the fault a failed write is (shown until a write succeeds again). Without a store (tests, benchmarks)
 * everything stays in memory and nothing fails.
 */
final class HallDisk {
    private static final Logger log = LoggerFactory.getLogger(HallDisk.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HallStore store;
    private final String hallId;
    private final Runnable changed;
    private final List<String> startProblems = new ArrayList<>();
    private volatile String writeFault;

    /**
     * @param store the state on disk, or null
     * @param changed told when the hall's faults changed (a write failed, or succeeded again)
     */
    HallDisk(HallStore store, String hallId, Runnable changed) {
        this.store = store;
        this.hallId = hallId;
        this.changed = changed;
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

    /** Writes a board's document; a failure is shown as the hall's fault (and thrown when {@code durable}). */
    void board(HallBoard b, boolean durable) {
        write(durable, () -> {
            if (durable) {
                store.putBoardDurably(b.id, b.doc().toString());
            } else {
                store.putBoard(b.id, b.doc().toString());
            }
        });
    }

    /** Writes a game's record (a failure is the hall's fault). */
    void game(String board, String game, String jkf) {
        write(false, () -> store.putGame(board, game, jkf));
    }

    /** Writes a round (durably; thrown when it fails). */
    void round(int round, String doc) {
        write(true, () -> store.putRound(round, doc));
    }

    /** Keeps an arbiter's action (durably; thrown when it fails). */
    void action(String arbiter, String board, String line, String reply) {
        write(true, () -> store.action(System.currentTimeMillis(), arbiter, board, line, reply));
    }

    private void write(boolean rethrow, Runnable write) {
        if (store == null) {
            return;
        }
        try {
            write.run();
            if (writeFault != null) {
                log.info("hall {}: the hall's state is written again", hallId);
                writeFault = null;
                changed.run();
            }
        } catch (StoreException e) {
            if (writeFault == null) {
                log.error("hall {}: {}", hallId, e.getMessage());
            }
            writeFault = e.getMessage();
            changed.run();
            if (rethrow) {
                throw e;
            }
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
