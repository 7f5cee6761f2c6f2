package org.shogiban.simulator.web;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardPhase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the open pages of the web simulator are told: that something they show changed, and the log's lines (the last
 * {@value #RECENT} kept and told first to a page that comes later, each exactly once). After each scan pass it tells
 * the pages again when what they show of the board's facts changed, so that no page keeps a stale clock or move list.
 */
final class PageTelling {
    private static final Logger log = LoggerFactory.getLogger(PageTelling.class);
    /** Log lines kept for listeners that come later. */
    static final int RECENT = 50;

    private final List<WebBoard.Listener> listeners = new CopyOnWriteArrayList<>();
    /** The last log lines, told to a new listener first. */
    private final Deque<Said> recent = new ArrayDeque<>();

    // what the pages were last told of the board's facts; the scan thread's only
    private BoardPhase toldPhase;
    private int toldPly = -1;
    private Side toldRunning;
    private Position toldStart;
    private boolean toldOver;
    private Object toldPlayers;
    private List<BoardFacts.Prompt.Kind> toldWaiting;

    /** A log line kept for listeners that come later. */
    private record Said(String kind, String text, PageWords words) {
    }

    /** Tells {@code listener} the lines said so far, then everything from now on, until the result is closed. */
    AutoCloseable subscribe(WebBoard.Listener listener) {
        Objects.requireNonNull(listener);
        synchronized (recent) {
            // what happened before the listener came (the first game's start) is told first, in order
            for (Said line : recent) {
                listener.logged(line.kind(), line.text(), line.words());
            }
            listeners.add(listener);
        }
        return () -> listeners.remove(listener);
    }

    /** Something the pages show changed. Any thread. */
    void changed() {
        for (WebBoard.Listener l : listeners) {
            try {
                l.changed();
            } catch (RuntimeException e) {
                log.warn("page listener failed: {}", e.toString());
            }
        }
    }

    /** A line for the pages' logs, with its words for the message tables (or null). Any thread. */
    void logged(String kind, String text, PageWords words) {
        synchronized (recent) {
            recent.addLast(new Said(kind, text, words));
            while (recent.size() > RECENT) {
                recent.removeFirst();
            }
            // under the same lock as subscribe's replay: a new listener gets each line exactly once
            for (WebBoard.Listener l : listeners) {
                try {
                    l.logged(kind, text, words);
                } catch (RuntimeException e) {
                    log.warn("page listener failed: {}", e.toString());
                }
            }
        }
    }

    /**
     * After each pass (on the scan thread): the facts are renewed at the end of a pass, after their events were told;
     * when what a page shows of them changed (the phase, the ply, whose clock runs, the start, the result, the
     * players, what the board waits for), the pages are told again.
     */
    void passed(BoardFacts s) {
        List<BoardFacts.Prompt.Kind> waiting = new ArrayList<>(s.prompts().size());
        s.prompts().forEach(p -> waiting.add(p.kind()));
        if (s.plies() != toldPly || s.phase() != toldPhase || s.clockRunning() != toldRunning
                || !s.start().equals(toldStart) || (s.result() != null) != toldOver
                || !s.players().equals(toldPlayers) || !waiting.equals(toldWaiting)) {
            toldPlayers = s.players();
            toldWaiting = waiting;
            toldPly = s.plies();
            toldPhase = s.phase();
            toldRunning = s.clockRunning();
            toldStart = s.start();
            toldOver = s.result() != null;
            changed();
        }
    }
}
