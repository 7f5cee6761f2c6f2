package org.shogiban.session;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.SideClock;
import org.shogiban.rules.Side;

/**
 * Everything needed to resume a game after a power cut, as one JSON line: each journal entry carries the whole state
 * after its change, so the last whole entry is enough to resume (and compaction may keep only the last).
 *
 * @param version the format's version (1)
 * @param phase {@code SETUP}, {@code PLAYING}, {@code PAUSED} or {@code OVER}
 * @param startWallMillis when the game started (epoch ms; names its record), 0 while setting up
 * @param startSfen the game's start position
 * @param timeControl the time control's spec ({@code none} without a limit)
 * @param moves the moves played, in USI
 * @param moveMillis the time each move took, as recorded
 * @param comments the record's comments per move (the arbiter's notes)
 * @param startComments the record's comments before the first move
 * @param result the result, or null while the game is on
 * @param clock both clocks at the journalled instant, or null before the game
 * @param arbiterCalled whether the board waits for the arbiter
 * @param mode the game's mode, {@code casual} or {@code tournament} (null in journals written before it was kept:
 *     the board's mode)
 * @param asked what the game was asked to be (players, time, start, mode), or null for the board's settings
 * @param turnClocks per ply, the clock of the side to move when that ply's turn began ({@code [mainMs, byoyomiMs,
 *                   periods, considerUnits, considerMs]}, null when not known), one more than the moves while the
 *                   game is on: what an undo or a takeback puts back; empty in a journal written before it existed
 */
public record SessionState(int version, String phase, long startWallMillis, String startSfen, String timeControl,
                           List<String> moves, List<Long> moveMillis, List<List<String>> comments,
                           List<String> startComments, Result result, Clocks clock, boolean arbiterCalled,
                           String mode, Asked asked, List<List<Long>> turnClocks) {
    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public SessionState {
        moves = moves == null ? List.of() : List.copyOf(moves);
        moveMillis = moveMillis == null ? List.of() : List.copyOf(moveMillis);
        comments = comments == null ? List.of() : comments.stream().map(List::copyOf).toList();
        startComments = startComments == null ? List.of() : List.copyOf(startComments);
        turnClocks = turnClocks == null ? List.of()
                : turnClocks.stream().map(c -> c == null ? null : List.copyOf(c)).toList();
    }

    /** A turn's start clock as journalled in {@link #turnClocks}, or null. */
    static List<Long> turnClock(SideClock c) {
        return c == null ? null : List.of(c.mainMs(), c.byoyomiMs(), (long) c.periods(), (long) c.considerUnits(),
                c.considerMs());
    }

    /** The clock of a {@link #turnClocks} item; null for null or an item that is not five numbers &ge; 0. */
    static SideClock sideClock(List<Long> c) {
        if (c == null || c.size() != 5 || c.stream().anyMatch(v -> v == null || v < 0)) {
            return null;
        }
        return new SideClock(c.get(0), c.get(1), Math.toIntExact(c.get(2)), Math.toIntExact(c.get(3)), false,
                c.get(4));
    }

    /** Whether the state is a game being played (or paused): one to resume. */
    public boolean inGame() {
        return phase.equals("PLAYING") || phase.equals("PAUSED");
    }

    /** One JSON line. */
    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("session state cannot be written as JSON", e);
        }
    }

    /** Reads a JSON line written by {@link #toJson()}; a bad text is an IllegalArgumentException naming it. */
    public static SessionState fromJson(String json) {
        try {
            SessionState state = JSON.readValue(json, SessionState.class);
            if (state.phase() == null || state.startSfen() == null) {
                throw new IllegalArgumentException("session state without phase or start: " + json);
            }
            return state;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("session state is not readable JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * What a new game was asked to be (a {@link GameRequest}); each null where the board's setting was kept.
     *
     * @param sente sente's name
     * @param gote gote's name
     * @param time the time control's spec
     * @param start the start position's SFEN
     * @param mode {@code casual} or {@code tournament}
     * @param engine the side an engine plays ({@code sente}/{@code gote}), or null
     * @param level the engine's level, or null
     * @param host the side the host on the USB link plays ({@code sente}/{@code gote}), or null
     * @param onlineSide the side the site's opponent plays, or null
     * @param online the site's game, or null
     */
    public record Asked(String sente, String gote, String time, String start, String mode, String engine,
                        Integer level, String host,
                        @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String onlineSide,
                        @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) OnlineSeat online) {
        /** Asked with an engine or the host (no site). */
        public Asked(String sente, String gote, String time, String start, String mode, String engine,
                     Integer level, String host) {
            this(sente, gote, time, start, mode, engine, level, host, null, null);
        }

        /** Asked with both sides at the board. */
        public Asked(String sente, String gote, String time, String start, String mode) {
            this(sente, gote, time, start, mode, null, null, null, null, null);
        }
    }

    /** A finished game's result, as journalled. */
    public record Result(String status, String winner, String reason, int ply, String note) {
    }

    /** Both clocks as journalled ({@link ClockState} in plain fields). */
    public record Clocks(String running, boolean paused, SideState sente, SideState gote, long turnMs) {
        static Clocks of(ClockState s) {
            return new Clocks(s.running() == null ? null : s.running().name(), s.paused(), SideState.of(s.sente()),
                    SideState.of(s.gote()), s.turnMs());
        }

        ClockState toClockState() {
            Side side = running == null ? null : Side.read(running).orElseThrow(() -> new IllegalArgumentException(
                    "journalled clock running " + running + " is not a side"));
            return new ClockState(side, paused, sente.toSideClock(), gote.toSideClock(), turnMs);
        }
    }

    /** One side's clock as journalled. */
    public record SideState(long mainMs, long byoyomiMs, int periods, int considerUnits, boolean timeUp,
                            long considerMs) {
        static SideState of(SideClock c) {
            return new SideState(c.mainMs(), c.byoyomiMs(), c.periods(), c.considerUnits(), c.timeUp(),
                    c.considerMs());
        }

        SideClock toSideClock() {
            return new SideClock(mainMs, byoyomiMs, periods, considerUnits, timeUp, considerMs);
        }
    }
}
