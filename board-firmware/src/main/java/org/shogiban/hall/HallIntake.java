package org.shogiban.hall;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.shogiban.link.LoggedEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the hall takes from a board's events and records, and how each change is written ({@link Write}): an event
 * that raises a call, a result, a game or a new life at once; a move behind ({@link HallDisk#later}); a game's record
 * when the game ends and at most every {@link #RECORD_WRITE_MILLIS} while it is played. Called by {@link Hall} with its
 * lock held.
 */
final class HallIntake {
    private static final Logger log = LoggerFactory.getLogger(HallIntake.class);

    private final String hallId;
    private final HallDisk disk;
    private final PrintWriter trace;

    /** @param trace where each event taken is written with the time it was taken (benchmarks), or null */
    HallIntake(String hallId, HallDisk disk, PrintWriter trace) {
        this.hallId = hallId;
        this.disk = disk;
        this.trace = trace;
    }

    /** How a message's change of a board is written: at once (before it is shown), behind, or not at all. */
    enum Write { NOW, LATER, NONE }

    /** A board's snapshot alone is written behind at most this often (the board publishes it every second). */
    static final long STATE_WRITE_MILLIS = 5000;
    /** The record of a game in progress is written behind at most this often; a finished game's at once. */
    static final long RECORD_WRITE_MILLIS = 30_000;

    Write events(HallBoard b, byte[] payload, long now) {
        LoggedEvent in = EventJson.read(payload);
        Write write = Write.NONE;
        if (b.isOtherLife(in)) {
            log.warn("hall {}: board {} sent event {} unlike the one of that number taken before: a new"
                    + " board life; its events are taken again from the first", hallId, b.id, in.seq());
            b.newLife(b.feed.last(), in.seq(), now);
            b.lastAskMillis = 0;
            write = Write.NOW;
        }
        for (LoggedEvent e : b.feed.offer(in)) {
            boolean lasting = b.take(e, now);
            write = lasting || write == Write.NOW ? Write.NOW : Write.LATER;
            if (trace != null) {
                trace.println(now + " " + b.id + " " + e.seq() + " " + e.event().text());
            }
        }
        return write;
    }

    /**
     * The board's whole record, kept as text (the relay makes its files from it when asked) with its header read
     * (the players); not written per move: a finished game's record at once, a game in progress's behind at most
     * every {@link #RECORD_WRITE_MILLIS} (after a restart the broker brings the board's retained record again).
     */
    Write record(HallBoard b, byte[] payload, long now) {
        String game = b.state == null || b.state.gameId() == null ? b.gameId : b.state.gameId();
        game = game == null ? "-" : game;
        String before = b.recordGame;
        if (before != null && !before.equals(game) && !b.recordSaved) {
            disk.game(b.id, before, b.recordJkf); // the last record of a game that ended without a result
        }
        b.recordJkf = new String(payload, StandardCharsets.UTF_8);
        b.recordHeader = HallBoard.header(b.recordJkf);
        b.recordGame = game;
        b.records.put(game, b.recordJkf);
        b.recordSaved = false;
        if (b.results.containsKey(game)) {
            disk.game(b.id, game, b.recordJkf);
            b.recordSaved = true;
        } else if (now - b.recordWrittenMillis >= RECORD_WRITE_MILLIS) {
            disk.gameLater(b.id, game, b.recordJkf);
            b.recordWrittenMillis = now;
        }
        return game.equals(before) ? Write.NONE : Write.LATER;
    }
}
