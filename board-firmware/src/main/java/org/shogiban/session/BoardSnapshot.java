package org.shogiban.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Objects;

/**
 * The board's state as one JSON object, the same everywhere: the console's {@code state}, the USB link's
 * {@code STATE}, the web page's {@code /api/state}. Keys are a contract: new ones may be added, none renamed.
 *
 * @param phase {@code SETUP}, {@code PLAYING}, {@code PAUSED} or {@code OVER}
 * @param ply moves played
 * @param sfen the position the board should show (the setup's target while setting up)
 * @param moves the moves played, in USI
 * @param toMove {@code sente} or {@code gote}
 * @param clock the clocks
 * @param result null while the game is on (or not started), else how it ended
 * @param waitingFor what the board waits for the players to do (empty when nothing)
 * @param mode {@code casual} (commit stable) or {@code tournament} (commit clock)
 * @param sensors {@code occupancy} or {@code polarity}
 * @param timeControl the time control spec, or null without a clock
 * @param gameId the game's record name (its start time), or null before the first game
 * @param startSfen the start position of the game
 * @param lastMove the last move in USI, or null
 * @param arbiterCalled whether the board has called the arbiter and waits for them
 * @param faults hardware reported failing
 * @param seq the number of the last event the snapshot shows (the link's, else the journal's; 0 without either)
 * @param players per side {@code {kind: human|engine, name, level}} (the level for an engine only)
 * @param inCheck whether the side to move is in check in a game being played
 * @param online the site's game ({@code {site, game, url}}) of a game played on a site, else null (left out)
 */
@JsonPropertyOrder({"phase", "ply", "sfen", "moves", "toMove", "clock", "result", "waitingFor", "mode", "sensors",
        "timeControl", "gameId", "startSfen", "lastMove", "arbiterCalled", "faults", "seq", "players", "inCheck",
        "online"})
public record BoardSnapshot(String phase, int ply, String sfen, List<String> moves, String toMove, Clocks clock,
                            Result result, List<Waiting> waitingFor, String mode, String sensors,
                            String timeControl, String gameId, String startSfen, String lastMove,
                            boolean arbiterCalled, List<String> faults, long seq,
                            java.util.Map<String, java.util.Map<String, Object>> players, boolean inCheck,
                            @JsonInclude(JsonInclude.Include.NON_NULL) java.util.Map<String, Object> online) {
    /** The one writer of the document: every surface (console, USB link, web) sends what it writes. */
    private static final ObjectMapper JSON = new ObjectMapper();

    public BoardSnapshot {
        Objects.requireNonNull(phase, "phase");
        moves = List.copyOf(moves);
        waitingFor = List.copyOf(waitingFor);
        faults = List.copyOf(faults);
        players = players == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(players));
        // without a time control there is no clock to read: no figures a host could take for a fallen flag
        clock = timeControl == null || clock == null ? Clocks.NONE : clock;
    }

    /**
     * The document written from the typed facts: the one place the facts become the snapshot's words (the edge);
     * nothing reads them back.
     */
    public static BoardSnapshot of(BoardFacts f) {
        java.util.Map<String, java.util.Map<String, Object>> players = new java.util.LinkedHashMap<>();
        for (org.shogiban.rules.Side side : org.shogiban.rules.Side.values()) {
            BoardFacts.Player p = f.player(side);
            java.util.Map<String, Object> words = new java.util.LinkedHashMap<>();
            words.put("kind", p.kind().label());
            words.put("name", p.name());
            if (p.kind() == BoardFacts.Player.Kind.ENGINE) {
                words.put("level", p.level());
            }
            if (p.rating() != null) {
                words.put("rating", p.rating());
            }
            players.put(side.label(), words);
        }
        List<String> moves = new java.util.ArrayList<>(f.moves().size());
        for (org.shogiban.rules.Move m : f.moves()) {
            moves.add(m.usi());
        }
        List<Waiting> waiting = new java.util.ArrayList<>(f.prompts().size());
        for (BoardFacts.Prompt p : f.prompts()) {
            waiting.add(Waiting.of(p));
        }
        BoardFacts.Outcome o = f.result();
        return new BoardSnapshot(f.phase() == BoardPhase.SETTING_UP ? "SETUP" : f.phase().name(), f.plies(),
                f.position().toSfen(), moves, f.toMove().label(), clocks(f), o == null ? null
                : new Result(o.status().name(), o.winner() == null ? null : o.winner().label(), o.reason(), o.ply()),
                waiting, f.mode().label(), f.sensors().name().toLowerCase(java.util.Locale.ROOT),
                f.timeControl() == null ? null : f.timeControl().spec(), f.gameId(), f.start().toSfen(),
                f.lastMove() == null ? null : f.lastMove().usi(), f.arbiterCalled(), f.faults(), f.seq(), players,
                f.inCheck(), f.online() == null ? null : f.online().snapshot());
    }

    private static Clocks clocks(BoardFacts f) {
        org.shogiban.clock.ClockState c = f.clock();
        return new Clocks(f.clockRunning() == null ? "none" : f.clockRunning().label(), sideClock(c.sente()),
                sideClock(c.gote()));
    }

    private static SideClock sideClock(org.shogiban.clock.SideClock c) {
        return new SideClock(c.mainMs(), c.byoyomiMs(), c.periods(), c.considerUnits());
    }

    private static Waiting waitingOf(BoardFacts.Prompt p) {
        String kind = p.kind().label();
        org.shogiban.rules.Move m = p.opponentMove();
        if (m != null) {
            String side = p.side().label();
            String from = m.isDrop() ? side + ":" + m.drop().letter() : m.from().usi();
            return new Waiting(kind, p.squares(), p.slots(), m.usi(), p.detail(), side, m.usi(), from, m.to().usi(),
                    m.promote());
        }
        if (p.side() != null) {
            return new Waiting(kind, p.squares(), p.slots(), p.move() == null ? null : p.move().usi(), p.detail(),
                    p.side().label(), null, null, null, null);
        }
        return new Waiting(kind, p.squares(), p.slots(), p.move() == null ? null : p.move().usi(), p.detail());
    }

    /** The same snapshot with the number of the last event it shows. */
    public BoardSnapshot withSeq(long newSeq) {
        return new BoardSnapshot(phase, ply, sfen, moves, toMove, clock, result, waitingFor, mode, sensors,
                timeControl, gameId, startSfen, lastMove, arbiterCalled, faults, newSeq, players, inCheck, online);
    }

    /**
     * The snapshot as JSON on one line: the console's {@code state}, the link's {@code STATE} and the web's
     * {@code /api/state} are this text, byte for byte.
     */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the board snapshot cannot be written as JSON", e);
        }
    }

    /**
     * Both clocks.
     *
     * @param running whose clock runs: {@code sente}, {@code gote} or {@code none}
     */
    @JsonPropertyOrder({"running", "sente", "gote"})
    public record Clocks(String running, SideClock sente, SideClock gote) {
        /** No time control: nothing runs and there are no figures ({@code "sente":null,"gote":null}). */
        public static final Clocks NONE = new Clocks("none", null, null);
    }

    /**
     * One side's clock.
     *
     * @param mainMs main time left
     * @param byoyomiMs time left in the current byoyomi period (the full period while main time lasts)
     * @param periods byoyomi periods left
     * @param considerUnits one-minute thinking units (考慮時間) left
     */
    @JsonPropertyOrder({"mainMs", "byoyomiMs", "periods", "considerUnits"})
    public record SideClock(long mainMs, long byoyomiMs, int periods, int considerUnits) {
    }

    /**
     * How the game ended.
     *
     * @param status the {@code GameStatus} name, e.g. {@code RESIGNATION}
     * @param winner {@code sente}, {@code gote} or null for none
     * @param reason the foul's reason (e.g. {@code TWO_PAWNS}), the arbiter's words, or null
     * @param ply the ply of the foul, else the plies played
     */
    @JsonPropertyOrder({"status", "winner", "reason", "ply"})
    public record Result(String status, String winner, String reason, int ply) {
    }

    /**
     * One thing the board waits for.
     *
     * @param kind {@code setup} (pieces to set up), {@code pieces} (pieces to put back or check), {@code promotion}
     *     (a promotion choice: PROMOTE or CONFIRM), {@code put-back} (an illegal move to undo on the board),
     *     {@code arbiter} (the arbiter to act), {@code opponent-move} (the remote side's move to be made on the
     *     board for it), {@code opponent-thinking} (the remote side is choosing its move)
     * @param squares the squares concerned, in USI
     * @param slots the komadai slots concerned, as {@code sente:P}
     * @param move the move concerned, in USI
     * @param detail one line for people
     * @param side the remote side ({@code opponent-move}, {@code opponent-thinking})
     * @param usi the remote side's move ({@code opponent-move})
     * @param from its from square, or the komadai slot of a drop ({@code gote:P})
     * @param to its target square
     * @param promote whether it promotes (the piece is to be turned over)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"kind", "squares", "slots", "move", "detail", "side", "usi", "from", "to", "promote"})
    public record Waiting(String kind, List<String> squares, List<String> slots, String move, String detail,
                          String side, String usi, String from, String to, Boolean promote) {
        /** What the board waits for from the players at the board. */
        public Waiting(String kind, List<String> squares, List<String> slots, String move, String detail) {
            this(kind, squares, slots, move, detail, null, null, null, null, null);
        }

        /** The words of one typed prompt, as the snapshot writes them (the web page's {@code /api/view} too). */
        public static Waiting of(BoardFacts.Prompt p) {
            return waitingOf(p);
        }
    }
}
