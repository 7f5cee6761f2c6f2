package org.shogiban.app;

import org.shogiban.port.BoardChange;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.journal.Journal;
import org.shogiban.journal.JournalEntry;
import org.shogiban.journal.JournalRecovery;
import org.shogiban.link.LoggedEvent;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;
import org.shogiban.session.SessionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game's journal in the state directory: one entry per change (move, clock switch, time up, result, arbiter
 * action, new game), forced to the disk before the board acknowledges it, and a clock checkpoint every second while a
 * clock runs, so that a restart charges the turn in progress up to at most a second before the power cut. Every
 * entry's payload is {@code {"events":[...], "state":{...}}}: the events for people and the link, and the whole
 * {@link SessionState} after the change, so the last whole entry is enough to resume. A new game compacts the
 * journal to its first entry; a long game's checkpoints are compacted away, the changes kept.
 */
public final class SessionJournal implements ChangeJournal, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SessionJournal.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How often a running clock is written. */
    static final long CHECKPOINT_MILLIS = 1000;
    /** Checkpoints kept before they are compacted away. */
    private static final int MAX_CHECKPOINTS = 600;
    /** The latest changes kept when the checkpoints are compacted away (for the link's {@code SINCE}). */
    private static final int KEPT_CHANGES = 400;
    /**
     * How long before a move may settle a checkpoint is held back (a few passes: the fsync of the pass before must
     * not delay the pass that acknowledges the move).
     */
    static final long CHECKPOINT_HOLD_MILLIS = 30;
    /** How often entries waiting for a refusing disk are tried again. */
    static final long RETRY_MILLIS = 1000;
    /** The entry type of a clock checkpoint. */
    static final String CHECKPOINT = "clock";

    private final Journal journal;
    private final Clock wallClock;
    private long lastWriteMillis = Long.MIN_VALUE;
    private long lastRetryMillis = Long.MIN_VALUE;
    private int checkpoints;

    private SessionJournal(Journal journal, Clock wallClock) {
        this.journal = journal;
        this.wallClock = wallClock;
    }

    /**
     * Opens the journal in a state directory (created if needed). Never fails: a damaged journal is set aside by the
     * journal package (its whole entries before the damage kept), a journal that cannot be opened starts in memory;
     * {@link #recovery()} says which, {@link #fault()} whether the disk takes the entries.
     */
    public static SessionJournal open(Path stateDir, Clock wallClock) {
        return new SessionJournal(Journal.open(stateDir, wallClock), Objects.requireNonNull(wallClock));
    }

    /** What opening found. */
    public JournalRecovery recovery() {
        return journal.recovery();
    }

    /** The journal underneath (e.g. for the USB link's {@code SINCE}). */
    public Journal journal() {
        return journal;
    }

    /**
     * The game to resume: the state of the last whole entry when it is a game in progress. Empty for a new board,
     * a finished game, or a state that cannot be read (logged).
     */
    public Optional<SessionState> gameInProgress() {
        return lastState().filter(SessionState::inGame);
    }

    /**
     * The state of the last whole entry as the journal was opened: a game in progress, a game being set up (as a
     * request asked), or a finished game. Empty for a new board or a state that cannot be read (logged).
     */
    public Optional<SessionState> lastState() {
        List<JournalEntry> entries = journal.recovery().entries();
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        JournalEntry last = entries.get(entries.size() - 1);
        try {
            JsonNode payload = JSON.readTree(last.payload());
            JsonNode state = payload.get("state");
            if (state == null) {
                throw new IllegalArgumentException("no state in entry " + last.seq());
            }
            return Optional.of(SessionState.fromJson(state.toString()));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            log.error("journal entry {} ({}) cannot be resumed: {}; a new game starts", last.seq(), last.type(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    @Override
    public void changed(SessionChange change, long nowMillis) {
        write(change.events(), List.of(), change.state(), nowMillis);
    }

    /** The change, with the link's numbers of its events (written with it: the numbering is on the disk too). */
    @Override
    public void changed(BoardChange change) {
        write(change.events(), change.numbered(), change.change().state(), change.nowMillis());
    }

    private void write(List<BoardEvent> events, List<LoggedEvent> numbered, SessionState state, long nowMillis) {
        String type = null;
        for (BoardEvent e : events) {
            String t = typeOf(e);
            if (t != null && (type == null || t.equals("result"))) {
                type = t;
            }
        }
        if (type == null) {
            return;
        }
        long seq = write(type, events, numbered, state, nowMillis);
        if (seq > 0 && events.stream().anyMatch(e -> e instanceof BoardEvent.GameStarted)) {
            compactTo(List.of(journal.since(seq - 1).get(0)));
        }
    }

    @Override
    public void passed(GameSession session, long nowMillis) {
        if (!journal.written() && nowMillis - lastRetryMillis >= RETRY_MILLIS
                && !session.moveMaySettleWithin(nowMillis, CHECKPOINT_HOLD_MILLIS)) {
            // the disk refused: try again now and then (each new entry tries too), the entries waiting in order
            lastRetryMillis = nowMillis;
            journal.retry();
        }
        if (session.phase() != BoardPhase.PLAYING || nowMillis - lastWriteMillis < CHECKPOINT_MILLIS) {
            return;
        }
        if (session.moveMaySettleWithin(nowMillis, CHECKPOINT_HOLD_MILLIS)) {
            // a move may count on one of the next passes: its acknowledgement must not wait behind this fsync;
            // the move's own entry (or a checkpoint a few passes later) brings the journal up to date
            return;
        }
        var clocks = session.clockState(nowMillis);
        if (clocks == null || clocks.running() == null || clocks.paused()) {
            return;
        }
        write(CHECKPOINT, List.of(), List.of(), session.state(nowMillis), nowMillis);
        if (++checkpoints > MAX_CHECKPOINTS) {
            // every entry holds the whole state: the game's first entry, the last changes and the last entry suffice
            List<JournalEntry> entries = journal.entries();
            List<JournalEntry> keep = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                boolean recentChange = !entries.get(i).type().equals(CHECKPOINT) && i >= entries.size() - KEPT_CHANGES;
                if (i == 0 || recentChange || i == entries.size() - 1) {
                    keep.add(entries.get(i));
                }
            }
            compactTo(keep);
        }
    }

    @Override
    public long lastSeq() {
        return journal.lastSeq();
    }

    @Override
    public Optional<String> fault() {
        return journal.fault();
    }

    @Override
    public Optional<String> faultDetail() {
        return journal.faultDetail();
    }

    private long write(String type, List<BoardEvent> events, List<LoggedEvent> numbered, SessionState state,
                       long nowMillis) {
        try {
            long seq = journal.append(type, payload(events, numbered, state), wallClock.millis());
            lastWriteMillis = nowMillis;
            return seq;
        } catch (JsonProcessingException e) {
            // a state that cannot be written as JSON is a bug, not the disk
            throw new IllegalStateException("journal: " + type + " cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /**
     * {@code {"events":[...],"link":[...],"state":{...}}}: the event descriptions as a JSON array of strings, the
     * link's numbered events as their stored lines ({@code "12 MOVE 1 7g7f +7776FU,T3"}; left out when none), the
     * state's own JSON text as it is (not parsed and written again).
     */
    static String payload(List<BoardEvent> events, List<LoggedEvent> numbered, SessionState state)
            throws JsonProcessingException {
        List<String> described = new ArrayList<>(events.size());
        for (BoardEvent e : events) {
            described.add(e.describe());
        }
        String link = "";
        if (!numbered.isEmpty()) {
            List<String> lines = new ArrayList<>(numbered.size());
            for (LoggedEvent e : numbered) {
                lines.add(e.text());
            }
            link = ",\"link\":" + JSON.writeValueAsString(lines);
        }
        return "{\"events\":" + JSON.writeValueAsString(described) + link + ",\"state\":" + state.toJson() + "}";
    }

    private void compactTo(List<JournalEntry> keep) {
        // a refusing disk keeps the compacted journal in memory until it accepts it (journal.fault())
        journal.compact(keep);
        checkpoints = 0;
    }

    /** The journal entry type of an event that changes the game, or null for one that does not. */
    static String typeOf(BoardEvent event) {
        return switch (event) {
            case BoardEvent.SetupStarted s -> "new-game";
            case BoardEvent.GameStarted g -> "game-start";
            case BoardEvent.GameResumed r -> "resume";
            case BoardEvent.MovePlayed m -> "move";
            case BoardEvent.MovesTakenBack t -> "takeback";
            case BoardEvent.IllegalMove i -> "illegal";
            case BoardEvent.GameOver o -> "result";
            case BoardEvent.TimeUp t -> "time-up";
            case BoardEvent.ArbiterCalled a -> "arbiter-called";
            case BoardEvent.ArbiterActed a -> "arbiter";
            case BoardEvent.ClockPressed c -> "clock-switch";
            default -> null;
        };
    }

    @Override
    public void close() throws IOException {
        journal.close();
    }
}
