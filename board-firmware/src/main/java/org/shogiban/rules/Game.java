package org.shogiban.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A game as an arbiter follows it: a start position and the moves played, with what the position decides after
 * each (check, checkmate, no legal move, sennichite, perpetual check). An illegal move ends the game there and is
 * not played. The one mutable owner of a game's history and of its result: a resignation, an abort, an arbiter's
 * ruling and an overruled foul all go through it. Others read it as a {@link GameHistory}. Not thread-safe.
 */
public final class Game implements GameHistory {
    private final Position start;
    private final List<Move> moves = new ArrayList<>();
    /** positions.get(i) is the position after i plies; positions.get(0) is the start. */
    private final List<Position> positions = new ArrayList<>();
    private final Map<String, List<Integer>> occurrences = new HashMap<>();
    private GameResult result = GameResult.ONGOING;
    /** The arbiter's words on a result they ruled ({@link #adjudicate}), or null. */
    private String resultNote;

    public Game(Position start) {
        this.start = start;
        positions.add(start);
        occurrences.computeIfAbsent(start.repetitionKey(), k -> new ArrayList<>()).add(0);
        result = evaluateEnd();
    }

    /** A game from the even-game start position. */
    public static Game fromStart() {
        return new Game(Position.startpos());
    }

    @Override
    public Position start() {
        return start;
    }

    /** The position now. */
    @Override
    public Position current() {
        return positions.get(positions.size() - 1);
    }

    /** The position after a number of plies, 0 being the start. */
    @Override
    public Position positionAfter(int plies) {
        return positions.get(plies);
    }

    /** The moves played, in order. */
    @Override
    public List<Move> moves() {
        return Collections.unmodifiableList(moves);
    }

    /** How many moves have been played. */
    @Override
    public int plies() {
        return moves.size();
    }

    @Override
    public GameResult result() {
        return result;
    }

    /** The arbiter's words on the result they ruled, or null (any other result, or none). */
    public String resultNote() {
        return resultNote;
    }

    public boolean isOver() {
        return result.isOver();
    }

    /**
     * Plays the next move. An illegal move ends the game with {@link GameStatus#ILLEGAL_MOVE} (the mover loses) and
     * is not added. Returns the result after the move.
     */
    public GameResult play(Move move) {
        requireOngoing();
        return play(move, current().verdict(move));
    }

    /**
     * Plays the next move as already ruled on the current position (by the move inference, which reads this game):
     * the move is not judged a second time. An illegal verdict ends the game with {@link GameStatus#ILLEGAL_MOVE}.
     */
    public GameResult play(Move move, Verdict verdict) {
        requireOngoing();
        Position before = current();
        if (!verdict.isLegal()) {
            result = GameResult.illegal(before.sideToMove(), verdict.reason(), moves.size() + 1);
            return result;
        }
        Position after = before.playUnchecked(move);
        moves.add(move);
        positions.add(after);
        occurrences.computeIfAbsent(after.repetitionKey(), k -> new ArrayList<>()).add(moves.size());
        result = evaluateEnd();
        return result;
    }

    /** Takes back the last move (待った), reopening the game if that move had ended it. */
    public Move takeBack() {
        if (moves.isEmpty()) {
            throw new IllegalStateException("no move to take back");
        }
        Position last = positions.remove(positions.size() - 1);
        List<Integer> seen = occurrences.get(last.repetitionKey());
        seen.remove(seen.size() - 1);
        if (seen.isEmpty()) {
            occurrences.remove(last.repetitionKey());
        }
        Move move = moves.remove(moves.size() - 1);
        result = evaluateEnd();
        resultNote = null;
        return move;
    }

    /**
     * The arbiter rules a result, whatever the game's was (a game over may be ruled again), with their words (null
     * for none).
     */
    public GameResult adjudicate(GameResult ruled, String note) {
        if (!ruled.isOver()) {
            throw new IllegalArgumentException("the arbiter rules a final result, not " + ruled.status());
        }
        result = ruled;
        resultNote = note;
        return result;
    }

    /**
     * The arbiter overrules the foul that ended the game (a piece slid, a sensor failed): the game goes on from the
     * position before it.
     */
    public GameResult overrule() {
        if (result.status() != GameStatus.ILLEGAL_MOVE) {
            throw new IllegalStateException("there is no foul to overrule: " + result.status());
        }
        result = evaluateEnd();
        resultNote = null;
        return result;
    }

    /** The side to move declares an impasse win (入玉宣言); an invalid declaration loses as an illegal move. */
    public GameResult declareImpasse(ImpasseRule rule) {
        requireOngoing();
        Side declarer = current().sideToMove();
        result = switch (Impasse.judge(current(), declarer, rule)) {
            case WIN -> GameResult.of(GameStatus.IMPASSE_DECLARATION, declarer);
            case DRAW -> GameResult.of(GameStatus.IMPASSE_DECLARATION, null);
            case LOSE -> GameResult.illegal(declarer, IllegalReason.INVALID_DECLARATION, moves.size() + 1);
        };
        return result;
    }

    /** A player resigns (投了). */
    public GameResult resign(Side loser) {
        requireOngoing();
        result = GameResult.of(GameStatus.RESIGNATION, loser.opponent());
        return result;
    }

    /** A player's time ran out. */
    public GameResult timeUp(Side loser) {
        requireOngoing();
        result = GameResult.of(GameStatus.TIME_UP, loser.opponent());
        return result;
    }

    /** The game is stopped without a result. */
    public GameResult abort() {
        requireOngoing();
        result = GameResult.of(GameStatus.ABORTED, null);
        return result;
    }

    private void requireOngoing() {
        if (result.isOver()) {
            throw new IllegalStateException("the game is over: " + result.status());
        }
    }

    private GameResult evaluateEnd() {
        Position now = current();
        List<Integer> seen = occurrences.get(now.repetitionKey());
        if (seen.size() >= 4) {
            return repetitionResult(seen.get(seen.size() - 4), moves.size());
        }
        if (now.hasNoLegalMove()) {
            Side winner = now.sideToMove().opponent();
            return GameResult.of(now.isInCheck() ? GameStatus.CHECKMATE : GameStatus.NO_LEGAL_MOVES, winner);
        }
        return GameResult.ONGOING;
    }

    /** Sennichite between plies first and last: a draw unless one side checked with every move in between. */
    private GameResult repetitionResult(int first, int last) {
        for (Side checker : Side.values()) {
            if (checkedThroughout(checker, first, last)) {
                return GameResult.of(GameStatus.PERPETUAL_CHECK, checker.opponent());
            }
        }
        return GameResult.of(GameStatus.REPETITION_DRAW, null);
    }

    private boolean checkedThroughout(Side checker, int first, int last) {
        boolean any = false;
        for (int ply = first + 1; ply <= last; ply++) {
            Position after = positions.get(ply);
            // the move of ply was made by the side not to move after it
            if (after.sideToMove().opponent() == checker) {
                if (!after.isInCheck()) {
                    return false;
                }
                any = true;
            }
        }
        return any;
    }
}
