package org.shogiban.app;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.shogiban.clock.ClockState;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.Player;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.link.EventLog;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.Game;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.IllegalMovePolicy;

/**
 * Numbers the board's events for the USB link in the runtime's "journal first" step: after the session's journal has
 * taken a change, the change's link events are numbered ({@link EventLog#reserve}, in memory: no disk on the
 * runtime's thread) and handed to the link's adapter, which hands them to the link's event thread; that thread forces
 * them to the {@link EventLog} before they go out. So every {@code * <seq>} line a host sees is on the board's disk
 * before it leaves, a number a host saw is never given again (the log goes on from its last number after a restart;
 * a number given but not yet written when the board stopped was never sent), and {@code STATE}'s {@code seq} is the
 * number of the last event whose change the snapshot shows ({@link #lastSeq()}, which the runtime writes into it).
 * At a start, {@link #catchUp} numbers the moves the journal kept and the log did not.
 *
 * <p>Wraps the session's journal (or {@link ChangeJournal#NONE}). Runs on the runtime's thread only; the link's
 * adapter collects the numbered events of each board event with {@link #take(BoardEvent)} from its listener.
 */
public final class EventNumbering implements ChangeJournal {
    private final ChangeJournal journal;
    private final EventLog log;
    /** The numbered link events of the last input's board events, until the link's listener takes them. */
    private final Map<BoardEvent, List<LoggedEvent>> pending = new IdentityHashMap<>();

    /**
     * @param journal the session's journal, written first
     * @param log where the events are numbered and kept (forced to the disk before the events go out)
     */
    public EventNumbering(ChangeJournal journal, EventLog log) {
        this.journal = Objects.requireNonNull(journal, "journal");
        this.log = Objects.requireNonNull(log, "log");
    }

    /** The journal this numbering wraps. */
    public ChangeJournal journal() {
        return journal;
    }

    @Override
    public void changed(List<BoardEvent> events, GameSession session, long nowMillis) {
        try {
            journal.changed(events, session, nowMillis);
        } finally {
            // a failing journal is the runtime's to log; the board goes on, and so do its events
            number(events, session, nowMillis);
        }
    }

    private void number(List<BoardEvent> events, GameSession session, long nowMillis) {
        pending.clear();
        Translation t = new Translation(session, nowMillis);
        List<BoardEvent> sources = new ArrayList<>(events.size() + 1);
        List<LinkEvent> linkEvents = new ArrayList<>(events.size() + 1);
        BoardEvent switched = null;
        for (BoardEvent e : events) {
            LinkEvent linkEvent = t.translate(e);
            if (linkEvent != null) {
                sources.add(e);
                linkEvents.add(linkEvent);
            }
            if (e instanceof BoardEvent.MovePlayed || e instanceof BoardEvent.MovesTakenBack
                    || e instanceof BoardEvent.ClockPressed) {
                switched = e;
            }
        }
        LinkEvent clock = switched == null ? null : t.clock();
        if (clock != null) {
            // one CLOCK per switch, after the moves: the remaining times as the clock now runs for the other side
            sources.add(switched);
            linkEvents.add(clock);
        }
        if (linkEvents.isEmpty()) {
            return;
        }
        List<LoggedEvent> numbered = log.reserve(linkEvents);
        for (int i = 0; i < numbered.size(); i++) {
            pending.computeIfAbsent(sources.get(i), k -> new ArrayList<>(1)).add(numbered.get(i));
        }
    }

    /**
     * Before the first pass after a start: the moves of the resumed game that the journal kept but the event log
     * did not (the board stopped between the two writes, or ran without the link) are numbered now, in order, so
     * that a host's {@code SINCE} finds every move of the game. The log's moves of the game are counted from its
     * last {@code GAME <id>} event on; nothing is done when the log does not know the game.
     *
     * @return how many events were added
     */
    public int catchUp(GameSession session) {
        if (session.game().isEmpty() || session.startedAt() == null) {
            return 0;
        }
        String id = gameId(session);
        int logged = -1;
        for (LoggedEvent e : log.since(0)) {
            String[] w = e.event().text().split(" ");
            switch (w[0]) {
                case "GAME" -> logged = w.length > 1 && w[1].equals(id)
                        ? (w.length > 3 && w[2].equals("resumed") ? Integer.parseInt(w[3]) : 0) : -1;
                case "MOVE" -> logged = logged < 0 ? -1 : Integer.parseInt(w[1]);
                case "TAKEBACK" -> logged = logged < 0 ? -1 : Integer.parseInt(w[1]);
                default -> {
                    // other events do not change the moves
                }
            }
        }
        Game game = session.game().get();
        if (logged < 0 || logged >= game.plies()) {
            return 0;
        }
        Translation t = new Translation(session, 0);
        List<LinkEvent> missing = new ArrayList<>();
        for (int ply = logged + 1; ply <= game.plies(); ply++) {
            Side mover = (ply % 2 == 1) == (game.start().sideToMove() == Side.SENTE) ? Side.SENTE : Side.GOTE;
            missing.add(t.translate(new BoardEvent.MovePlayed(0, ply, mover, game.moves().get(ply - 1))));
        }
        log.appendAll(missing);
        return missing.size();
    }

    /** The numbered link events of a board event of the last input (empty when it has none); each is taken once. */
    public List<LoggedEvent> take(BoardEvent event) {
        List<LoggedEvent> numbered = pending.remove(event);
        return numbered == null ? List.of() : numbered;
    }

    @Override
    public void passed(GameSession session, long nowMillis) {
        journal.passed(session, nowMillis);
    }

    /** The number of the last event (the link's {@code seq}; kept or on its way to the disk), 0 before the first. */
    @Override
    public long lastSeq() {
        return log.lastNumbered();
    }

    /** The game id the link and the records use: the record's file name without its suffix. */
    static String gameId(GameSession session) {
        String name = RecordDirectory.fileName(session.startedAt(), session.zone());
        return name.endsWith(".kifu") ? name.substring(0, name.length() - ".kifu".length()) : name;
    }

    /** The link's words for the board events of one input, read from the session as it stands after them. */
    private static final class Translation {
        private final GameSession session;
        private final long nowMillis;
        private GameRecord record;

        Translation(GameSession session, long nowMillis) {
            this.session = session;
            this.nowMillis = nowMillis;
        }

        private int plies() {
            return session.game().map(Game::plies).orElse(0);
        }

        LinkEvent translate(BoardEvent event) {
            int plies = plies();
            return switch (event) {
                case BoardEvent.SetupStarted s -> LinkEvent.setup(s.target());
                case BoardEvent.GameStarted g -> LinkEvent.game(gameId(session), g.start());
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
                case BoardEvent.GameResumed r -> LinkEvent.of("GAME", session.startedAt() == null ? "-"
                        : gameId(session), "resumed", Integer.toString(r.plies()));
                case BoardEvent.Refused r -> null;
                case BoardEvent.ClockBeep b -> null;
                case BoardEvent.OpponentMoved o -> LinkEvent.of("OPPONENT", Integer.toString(o.ply()),
                        o.move().usi());
                case BoardEvent.HintShown h -> null;
            };
        }

        /** {@code MOVE <ply> <usi> <csa>,T<s>}: the piece from the position before the move, the record's time. */
        private LinkEvent move(BoardEvent.MovePlayed m) {
            Game game = session.game().orElseThrow();
            Position before = game.start();
            for (int i = 0; i < m.ply() - 1 && i < game.moves().size(); i++) {
                before = before.play(game.moves().get(i));
            }
            if (record == null) {
                record = session.record();
            }
            List<RecordedMove> moves = record.recordedMoves();
            Duration used = m.ply() <= moves.size() ? moves.get(m.ply() - 1).timeUsed() : null;
            return LinkEvent.move(m.ply(), before, m.move(), used);
        }

        /**
         * The {@code CLOCK} event of a switch: who runs now and both sides' remaining times; null without a time
         * control, or when the game has ended (its {@code RESULT} says so).
         */
        LinkEvent clock() {
            ClockState c = session.clockState(nowMillis);
            if (c == null || session.settings().timeControl().isNone() || session.result().isOver()) {
                return null;
            }
            Side running = c.paused() ? null : c.running();
            return LinkEvent.clock(running, c.sente().mainMs(), c.sente().byoyomiMs(), c.sente().periods(),
                    c.gote().mainMs(), c.gote().byoyomiMs(), c.gote().periods());
        }

        private static List<String> places(List<SquareMismatch> squares, List<SlotMismatch> slots) {
            List<String> out = new ArrayList<>();
            for (SquareMismatch s : squares) {
                out.add(s.square().usi());
            }
            for (SlotMismatch s : slots) {
                out.add(LinkEvent.side(s.player() == Player.SENTE ? Side.SENTE : Side.GOTE) + ":"
                        + s.slot().name().toLowerCase(Locale.ROOT));
            }
            return out;
        }
    }
}
