package org.shogiban.session;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.clock.SideClock;
import org.shogiban.clock.TimeControl;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;

/**
 * The ply log of the game on the board: the one record of what was played. It owns the {@link Game} (start, moves,
 * positions, result: every move, takeback and result goes through it, and only it holds the mutable game; others
 * read the {@link GameHistory}) and beside each ply what the record and the
 * clock keep of it: the time it took, the arbiter's comments written after it, and the clock of the side to move
 * when its turn began (what an undo or a takeback puts back). When the game started and ended (calendar time), and
 * the comments before the first move, are here too. Not thread-safe.
 */
final class PlyLog {
    private static final DateTimeFormatter KIF_TIME = DateTimeFormatter.ofPattern("yyyy/MM/dd HH:mm:ss");

    /** What the log keeps beside one ply's move. */
    private static final class Ply {
        /** The time the move took, as recorded; null when not known. */
        private Long millis;
        private final List<String> comments = new ArrayList<>(0);
        /** The clock of the side to move when this ply's turn began; null when not known. */
        private final SideClock turnClock;
        /** The turn clock as the journal writes it, made once: the journal writes every ply's at every change. */
        private final List<Long> journalledClock;

        Ply(Long millis, SideClock turnClock) {
            this.millis = millis;
            this.turnClock = turnClock;
            this.journalledClock = SessionState.turnClock(turnClock);
        }
    }

    private final Game game;
    private final Instant startedAt;
    private Instant endedAt;
    private final List<String> startComments = new ArrayList<>();
    /** One per move of the game, in order. */
    private final List<Ply> plies = new ArrayList<>();
    /** The clock of the side to move when the turn in progress began; null when not known. */
    private SideClock turnClock;

    /**
     * @param start the game's start position
     * @param startedAt when the game started (calendar time; names its record)
     * @param firstTurn the first mover's clock as the game starts (null when not known)
     */
    PlyLog(Position start, Instant startedAt, SideClock firstTurn) {
        this.game = new Game(start);
        this.startedAt = Objects.requireNonNull(startedAt, "startedAt");
        this.turnClock = firstTurn;
    }

    /** The game's history, read-only: what the rules, the inference and the projections read. */
    GameHistory history() {
        return game;
    }

    /** The arbiter's words on the result they ruled, or null. */
    String resultNote() {
        return game.resultNote();
    }

    /** A player resigns. */
    void resign(Side side) {
        game.resign(side);
    }

    /** The side to move declares an impasse under {@code rule}; the result. */
    GameResult declare(ImpasseRule rule) {
        return game.declareImpasse(rule);
    }

    /** A player's time ran out. */
    void timeUp(Side side) {
        game.timeUp(side);
    }

    /** The game stops without a result (a new game asked for during it). */
    void abort() {
        game.abort();
    }

    /** The arbiter (or the remote side) rules a result, with their words (null for none). */
    void adjudicate(GameResult ruled, String note) {
        game.adjudicate(ruled, note);
    }

    /** The arbiter overrules the foul that ended the game. */
    void overrule() {
        game.overrule();
    }

    /** When the game started, in calendar time. */
    Instant startedAt() {
        return startedAt;
    }

    /** When the game ended, in calendar time; null while it is on. */
    Instant endedAt() {
        return endedAt;
    }

    /** The game ended now (or was ruled again). */
    void end(Instant at) {
        endedAt = at;
    }

    /** The game goes on again (an undo or an overrule after its end). */
    void reopen() {
        endedAt = null;
    }

    /**
     * Plays a move as the inference (or the forgotten-press search) ruled it on the game's position; a legal move is
     * logged with the time it took and the clock the next turn begins with.
     *
     * @param millis the time the move took (null when not known)
     * @param nextTurn the clock of the side to move after it, as their turn begins (null when not known)
     */
    GameResult play(Move move, Verdict verdict, Long millis, SideClock nextTurn) {
        int before = game.plies();
        GameResult after = game.play(move, verdict);
        if (game.plies() > before) {
            plies.add(new Ply(millis, turnClock));
            turnClock = nextTurn;
        }
        return after;
    }

    /** The last move's time, as the presser's late press charged it. */
    void setLastMillis(long millis) {
        if (!plies.isEmpty()) {
            plies.get(plies.size() - 1).millis = millis;
        }
    }

    /**
     * Takes back the last {@code count} moves; the arbiter's comments on them stay in the record, on the move before.
     *
     * @return the clocks as they stood when the turn now to play began: the side to move's (its turn's start) and
     *     the opponent's (as its following turn began); either null when not known
     */
    TurnClocks takeBack(int count) {
        int to = game.plies() - count;
        SideClock mover = turnClockAt(to);
        SideClock opponent = turnClockAt(to + 1);
        for (int i = 0; i < count; i++) {
            game.takeBack();
            Ply undone = plies.remove(plies.size() - 1);
            currentComments().addAll(undone.comments);
            turnClock = undone.turnClock;
        }
        return new TurnClocks(mover, opponent);
    }

    /** The clocks an undo or a takeback puts back (null when not known). */
    record TurnClocks(SideClock mover, SideClock opponent) {
        boolean known() {
            return mover != null && opponent != null;
        }
    }

    private SideClock turnClockAt(int ply) {
        return ply < plies.size() ? plies.get(ply).turnClock : ply == plies.size() ? turnClock : null;
    }

    /** Writes a comment in the record, after the last move (before the first while none was played). */
    void comment(String text) {
        currentComments().add(text);
    }

    private List<String> currentComments() {
        return plies.isEmpty() ? startComments : plies.get(plies.size() - 1).comments;
    }

    // ------------------------------------------------------------------------------------------------ views

    /** The record of the game so far (its end once it is over), with the players' names and the time control. */
    GameRecord record(GameRequest.Players players, TimeControl control, ZoneId zone) {
        List<RecordedMove> moves = new ArrayList<>(game.plies());
        for (int i = 0; i < game.plies(); i++) {
            Ply ply = plies.get(i);
            moves.add(new RecordedMove(game.moves().get(i), ply.millis == null ? null : Duration.ofMillis(ply.millis),
                    ply.comments));
        }
        RecordHeader header = RecordHeader.EMPTY
                .with(RecordHeader.START_TIME, KIF_TIME.format(startedAt.atZone(zone)))
                .with(RecordHeader.SITE, "ShogiBan");
        if (players.sente() != null) {
            header = header.with(RecordHeader.SENTE, players.sente());
        }
        if (players.gote() != null) {
            header = header.with(RecordHeader.GOTE, players.gote());
        }
        header = RecordTimes.write(header, control);
        if (endedAt != null) {
            header = header.with(RecordHeader.END_TIME, KIF_TIME.format(endedAt.atZone(zone)));
        }
        return new GameRecord(game.start(), header, startComments, moves,
                RecordEnd.fromResult(game.result(), game.current().sideToMove()));
    }

    /** The moves' times as journalled: up to the first move whose time is not known. */
    List<Long> moveMillis() {
        List<Long> millis = new ArrayList<>(plies.size());
        for (Ply ply : plies) {
            if (ply.millis == null) {
                break;
            }
            millis.add(ply.millis);
        }
        return millis;
    }

    /** The comments per move, as journalled. */
    List<List<String>> comments() {
        return plies.stream().map(p -> p.comments).toList();
    }

    /** The comments before the first move. */
    List<String> startComments() {
        return startComments;
    }

    /** {@link #turnClocks()} as the journal writes them ({@link SessionState#turnClock}). */
    List<List<Long>> journalledTurnClocks() {
        List<List<Long>> clocks = new ArrayList<>(plies.size() + 1);
        for (Ply ply : plies) {
            clocks.add(ply.journalledClock);
        }
        clocks.add(SessionState.turnClock(turnClock));
        return clocks;
    }

    /** Per ply, the clock of the side to move as its turn began, the turn in progress last (null when not known). */
    List<SideClock> turnClocks() {
        List<SideClock> clocks = new ArrayList<>(plies.size() + 1);
        for (Ply ply : plies) {
            clocks.add(ply.turnClock);
        }
        clocks.add(turnClock);
        return clocks;
    }

    // ------------------------------------------------------------------------------------------------ restore

    /**
     * The log of a journalled game: its moves replayed (each ruled as it is played), their times, comments and turn
     * clocks as journalled.
     *
     * @throws IllegalArgumentException when a journalled move is illegal or the moves end the game
     */
    static PlyLog restore(SessionState state) {
        boolean turnClocksKnown = state.turnClocks().size() == state.moves().size() + 1;
        PlyLog log = new PlyLog(Position.fromSfen(state.startSfen()), Instant.ofEpochMilli(state.startWallMillis()),
                turnClocksKnown ? SessionState.sideClock(state.turnClocks().get(0)) : null);
        for (int i = 0; i < state.moves().size(); i++) {
            String usi = state.moves().get(i);
            Move move = Move.parseUsi(usi);
            Verdict verdict = log.game.current().verdict(move);
            if (!verdict.isLegal()) {
                throw new IllegalArgumentException("journalled move " + usi + " is illegal at ply " + (i + 1));
            }
            log.play(move, verdict, i < state.moveMillis().size() ? state.moveMillis().get(i) : null,
                    turnClocksKnown ? SessionState.sideClock(state.turnClocks().get(i + 1)) : null);
            if (i < state.comments().size()) {
                log.plies.get(i).comments.addAll(state.comments().get(i));
            }
        }
        if (log.game.result().isOver()) {
            throw new IllegalArgumentException("the journalled moves end the game (" + log.game.result().status()
                    + ") though the journal has it in progress");
        }
        log.startComments.addAll(state.startComments());
        return log;
    }
}
