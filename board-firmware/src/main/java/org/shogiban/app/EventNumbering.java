package org.shogiban.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.clock.ClockState;
import org.shogiban.hal.FaultEvent;
import org.shogiban.journal.JournalEntry;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.link.EventLog;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.GameSession;
import org.shogiban.session.IllegalMovePolicy;
import org.shogiban.session.SessionChange;

/**
 * The runtime's event numbering stage: each input's link events are numbered once, in memory ({@link EventLog#reserve},
 * no disk on the runtime's thread), just before the journal stage, which writes the numbered lines in the input's
 * journal entry ({@code "link":[...]}) with the change: so the numbers are on the disk with the change before any
 * stage tells anyone. The link's event thread then keeps them in its {@link EventLog} ({@code link-events.log},
 * forced) before they go out; events of inputs that change nothing in the game (a discrepancy, a fault) have no
 * journal entry and are on the disk by that write alone. After a restart, {@link #restore} keeps in the log the
 * journalled lines it lacks (the board stopped between the two writes), with their own numbers and words, and the
 * numbering goes on above both: a number is given once over the board's whole life, and {@code STATE}'s {@code seq}
 * is the number of the last event whose change the snapshot shows ({@link #lastSeq()}).
 *
 * <p>Runs on the runtime's thread only.
 */
public final class EventNumbering {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final org.slf4j.Logger logger = org.slf4j.LoggerFactory.getLogger(EventNumbering.class);

    private final EventLog log;

    /** @param log where the events are numbered and kept (forced to the disk before the events go out) */
    public EventNumbering(EventLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * Numbers the link events of one input's board events, in order; a {@code CLOCK} follows a switch. Empty when none
     * applies.
     */
    public List<LoggedEvent> number(SessionChange change) {
        List<BoardEvent> events = change.events();
        Translation t = new Translation(Facts.of(change));
        List<LinkEvent> linkEvents = new ArrayList<>(events.size() + 1);
        boolean switched = false;
        for (BoardEvent e : events) {
            LinkEvent linkEvent = t.translate(e);
            if (linkEvent != null) {
                linkEvents.add(linkEvent);
            }
            switched |= e instanceof BoardEvent.MovePlayed || e instanceof BoardEvent.MovesTakenBack
                    || e instanceof BoardEvent.ClockPressed;
        }
        LinkEvent clock = switched ? t.clock() : null;
        if (clock != null) {
            // one CLOCK per switch, after the moves: the remaining times as the clock now runs for the other side
            linkEvents.add(clock);
        }
        return linkEvents.isEmpty() ? List.of() : log.reserve(linkEvents);
    }

    /**
     * At a start, before the first pass: the numbered lines the journal holds ({@code "link"} in its entries) above
     * the log's last are kept in the log, in order, as they were numbered (the board stopped after the journal's
     * write and before the log's). Entries without numbers (a journal of an older version) add nothing.
     *
     * @return how many events were kept
     */
    public int restore(List<JournalEntry> entries) {
        List<LoggedEvent> missing = new ArrayList<>();
        long last = log.lastSeq();
        for (JournalEntry entry : entries) {
            for (LoggedEvent e : numberedIn(entry)) {
                if (e.seq() > last) {
                    missing.add(e);
                    last = e.seq();
                }
            }
        }
        if (!missing.isEmpty()) {
            log.keep(missing);
        }
        return missing.size();
    }

    /** The numbered link events a journal entry holds ({@code "link":["12 MOVE ...", ...]}); empty when none. */
    static List<LoggedEvent> numberedIn(JournalEntry entry) {
        if (!entry.payload().contains("\"link\"")) {
            return List.of();
        }
        try {
            JsonNode lines = JSON.readTree(entry.payload()).get("link");
            if (lines == null || !lines.isArray()) {
                return List.of();
            }
            List<LoggedEvent> out = new ArrayList<>(lines.size());
            lines.forEach(l -> out.add(LoggedEvent.parse(l.asText())));
            return out;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            logger.warn("journal entry {}: its link events cannot be read: {}", entry.seq(), e.getMessage());
            return List.of();
        }
    }

    /** Where the events are numbered and kept (the hall's connection publishes from it). */
    public EventLog log() {
        return log;
    }

    /** The number of the last event (the link's {@code seq}; kept or on its way to the disk), 0 before the first. */
    public long lastSeq() {
        return log.lastNumbered();
    }

    /** The game id the link and the records use: the record's file name without its suffix. */
    static String gameId(GameSession session) {
        String name = RecordDirectory.fileName(session.startedAt(), session.zone());
        return name.endsWith(".kifu") ? name.substring(0, name.length() - ".kifu".length()) : name;
    }

    /**
     * What the link's words need of the board after one input: the game's id, its record (moves and times), the
     * clocks, whether a time control runs and whether the game is over.
     */
    private record Facts(String gameId, GameRecord record, ClockState clock, boolean timed, boolean over,
                         Position position) {
        static Facts of(SessionChange change) {
            BoardFacts f = change.facts();
            boolean inGame = f.phase() != org.shogiban.session.BoardPhase.SETTING_UP;
            return new Facts(f.gameId(), change.record(), change.clock(), f.timeControl() != null,
                    f.result() != null, inGame ? f.position() : null);
        }

        int plies() {
            return record == null ? 0 : record.recordedMoves().size();
        }
    }

    /** The link's words for the board events of one input, read from the board as the input left it. */
    private static final class Translation {
        private final Facts facts;

        Translation(Facts facts) {
            this.facts = facts;
        }

        LinkEvent translate(BoardEvent event) {
            int plies = facts.plies();
            return switch (event) {
                case BoardEvent.SetupStarted s -> LinkEvent.setup(s.target());
                case BoardEvent.GameStarted g -> LinkEvent.game(facts.gameId(), g.start());
                case BoardEvent.MovePlayed m -> move(m);
                case BoardEvent.IllegalMove i -> LinkEvent.illegal(i.ply(), i.move(), i.reason(),
                        i.policy() == IllegalMovePolicy.LOSS);
                case BoardEvent.PromotionAsked p -> LinkEvent.promotion(plies + 1, p.square().usi());
                case BoardEvent.MovesTakenBack t -> LinkEvent.takeback(plies, t.undone());
                case BoardEvent.DiscrepancySeen d -> LinkEvent.discrepancy(plies, places(d.discrepancy().squares(),
                        d.discrepancy().slots()));
                case BoardEvent.BackInSync b -> LinkEvent.inSync(plies);
                case BoardEvent.GameOver o -> LinkEvent.result(o.result(), plies);
                case BoardEvent.FaultChanged f -> LinkEvent.fault(f.fault().type() == FaultEvent.Type.FAILED,
                        f.fault().address(), f.fault().chip() + ": " + f.fault().message());
                case BoardEvent.ClockPressed c -> null;
                case BoardEvent.TimeUp t -> LinkEvent.of("CLOCK", "timeup", LinkEvent.side(t.side()));
                case BoardEvent.ArbiterCalled c -> LinkEvent.of("ARBITER", "called", c.why());
                case BoardEvent.ArbiterActed a -> LinkEvent.arbiter(a.action().describe());
                case BoardEvent.CheckPieces c -> LinkEvent.of("DISCREPANCY", Integer.toString(plies), "check",
                        c.why());
                case BoardEvent.GameResumed r -> LinkEvent.of("GAME", facts.gameId() == null ? "-"
                        : facts.gameId(), "resumed", Integer.toString(r.plies()));
                case BoardEvent.Refused r -> null;
                case BoardEvent.OnlineSeeking o -> LinkEvent.of("ONLINE", o.seeking() ? "seeking" : "stopped",
                        o.site(), o.user() == null ? "lobby" : o.user());
                case BoardEvent.ClockBeep b -> null;
                case BoardEvent.OpponentMoved o -> LinkEvent.of("OPPONENT", Integer.toString(o.ply()),
                        o.move().usi());
                case BoardEvent.HintShown h -> null;
            };
        }

        /**
         * {@code MOVE <ply> <usi> <csa>,T<s>}: the piece as it stands after the move, in the position the change
         * left (the last move's), the record's time. Only a change that played several moves at once (a quick
         * sequence read together) replays the record up to an earlier one's position.
         */
        private LinkEvent move(BoardEvent.MovePlayed m) {
            GameRecord record = facts.record();
            List<RecordedMove> moves = record.recordedMoves();
            Duration used = m.ply() <= moves.size() ? moves.get(m.ply() - 1).timeUsed() : null;
            if (m.ply() == facts.plies() && facts.position() != null) {
                return LinkEvent.moveAfter(m.ply(), m.mover(), facts.position(), m.move(), used);
            }
            Position before = record.start();
            for (int i = 0; i < m.ply() - 1 && i < moves.size(); i++) {
                before = before.play(moves.get(i).move());
            }
            return LinkEvent.move(m.ply(), before, m.move(), used);
        }

        /**
         * The {@code CLOCK} event of a switch: who runs now and both sides' remaining times; null without a time
         * control, or when the game has ended (its {@code RESULT} says so).
         */
        LinkEvent clock() {
            ClockState c = facts.clock();
            if (c == null || !facts.timed() || facts.over()) {
                return null;
            }
            Side running = c.paused() ? null : c.running();
            return LinkEvent.clock(running, c.sente().mainMs(), c.sente().byoyomiMs(), c.sente().periods(),
                    c.gote().mainMs(), c.gote().byoyomiMs(), c.gote().periods());
        }

        private static List<String> places(List<SquareMismatch> squares, List<SlotMismatch> slots) {
            List<String> out = new ArrayList<>();
            for (SquareMismatch s : squares) {
                out.add(s.place());
            }
            for (SlotMismatch s : slots) {
                out.add(s.place());
            }
            return out;
        }
    }
}
