package org.shogiban.simulator.replay;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * A recorded game as an arbiter rules its moves, played one by one with {@link Game}: the moves played, and where
 * play stopped. An illegal move (a foul, 反則) at ply K ends the game there and is not played: moves 1..K-1 are
 * played and the K-th is the {@link #foul()} with the rules' reason. A game decided by the position (checkmate,
 * sennichite, ...) ends at that ply. Record moves after the end are not part of the game.
 *
 * @param start the start position
 * @param played the moves played, in order (before the foul, if any)
 * @param foul the illegal move play stopped at, or null
 * @param result the game's result after the last move considered (ONGOING when the record simply ends)
 * @param recordPlies how many moves the record gives
 */
public record ArbiterRuling(Position start, List<Move> played, Move foul, GameResult result, int recordPlies) {

    public ArbiterRuling {
        if (start == null || result == null) {
            throw new IllegalArgumentException("a ruling needs a start position and a result");
        }
        played = List.copyOf(played);
        if ((foul != null) != (result.status() == GameStatus.ILLEGAL_MOVE)) {
            throw new IllegalArgumentException("a foul, and only a foul, ends the game with an illegal move");
        }
    }

    /** Plays a record's moves as an arbiter would, stopping at a foul or the end of the game. */
    public static ArbiterRuling of(Position start, List<Move> recordMoves) {
        Game game = new Game(start);
        Move foul = null;
        for (Move move : recordMoves) {
            if (game.isOver()) {
                break;
            }
            if (game.play(move).status() == GameStatus.ILLEGAL_MOVE) {
                foul = move;
            }
        }
        return new ArbiterRuling(start, game.moves(), foul, game.result(), recordMoves.size());
    }

    /** The rules' reason for the foul, or null without one. */
    public IllegalReason reason() {
        return result.reason();
    }

    /** The moves hands make on the board: those played, then the foul if there is one. */
    public List<Move> handled() {
        if (foul == null) {
            return played;
        }
        List<Move> moves = new ArrayList<>(played);
        moves.add(foul);
        return List.copyOf(moves);
    }

    /** The position the foul was made in (the position after the moves played). */
    public Position positionBeforeFoul() {
        Position p = start;
        for (Move m : played) {
            p = p.play(m);
        }
        return p;
    }

    /** Whether the arbiter stops before the record's last move: at a foul, or with a game already over. */
    public boolean stopsEarly() {
        return foul != null || played.size() < recordPlies;
    }

    /**
     * {@code ply 83 (2h1g) is illegal: LEAVES_KING_IN_CHECK}, {@code the game ends at ply 156: CHECKMATE} or
     * {@code all 120 moves played}.
     */
    public String describe() {
        if (foul != null) {
            return "ply " + result.ply() + " (" + foul.usi() + ") is illegal: " + result.reason();
        }
        if (result.isOver()) {
            return "the game ends at ply " + played.size() + ": " + result.status();
        }
        return "all " + played.size() + " moves played";
    }
}
