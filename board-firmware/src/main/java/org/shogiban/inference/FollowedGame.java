package org.shogiban.inference;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * The game's history as the inference reads it. The record is the {@link Game} (the one owner of moves and
 * positions), read as a {@link GameHistory} when its owner records it; the inference keeps only what it reported
 * and the game has not taken yet:
 *
 * <ul>
 *   <li>following a game someone else records (the session): the moves reported during one input, until the owner
 *       records them, and how many plies a takeback it reported undoes. At the next input the game must show exactly
 *       that; when it shows something else (an arbiter's undo, a late clock press played by the owner, a move the
 *       owner did not take because the mover's time ran out) the inference starts over from the game as it is;</li>
 *   <li>recording its own game (the replay harness, tests): each move goes into the game at once; only moves seen
 *       after the game ended (the rules' record takes none) stay here.</li>
 * </ul>
 *
 * Mutable, owned by the inference.
 */
final class FollowedGame {
    /** The game read: the owner's (following) or the inference's own (recording). */
    private GameHistory game;
    /** The inference's own game when it records the moves itself, else null: the one it plays into. */
    private final Game recorded;
    private final boolean recording;
    /** How many of the game's plies the inference agrees with (fewer while a takeback is not applied yet). */
    private int gamePlies;
    /** Moves reported after those plies, not in the game yet, and the positions after them. */
    private final List<Move> reported = new ArrayList<>(2);
    private final List<Position> reportedPositions = new ArrayList<>(2);
    /** The position now and what the sensors should read in it (computed once per ply). */
    private Position current;
    private ExpectedFrame picture;

    private FollowedGame(GameHistory game, Game recorded) {
        this.game = game;
        this.recorded = recorded;
        this.recording = recorded != null;
        restart();
    }

    /** A game the inference only reads; its owner records what the inference reports. */
    static FollowedGame following(GameHistory game) {
        return new FollowedGame(game, null);
    }

    /** A game the inference records itself. */
    static FollowedGame recording(Game game) {
        return new FollowedGame(game, game);
    }

    /** Agrees with the game as it is now. */
    private void restart() {
        gamePlies = game.plies();
        reported.clear();
        reportedPositions.clear();
        current = game.current();
        picture = ExpectedFrame.of(current);
    }

    GameHistory game() {
        return game;
    }

    /**
     * At each input: whether the game shows what the inference left it with (after its owner recorded what it
     * reported). When not, the inference agrees with the game as it is and returns false: it must start over.
     */
    boolean stillFollows() {
        if (recording) {
            return true;
        }
        if (reported.isEmpty() && gamePlies == game.plies()) {
            Position now = game.current();
            if (now == current) {
                return true;
            }
            if (now.equals(current)) {
                current = now; // recorded again (an overruled game replayed): the same position and picture
                return true;
            }
        } else if (game.plies() == gamePlies + reported.size()
                && game.moves().subList(gamePlies, game.plies()).equals(reported)
                && game.current().equals(current)) {
            gamePlies = game.plies();
            reported.clear();
            reportedPositions.clear();
            current = game.current();
            return true;
        }
        restart();
        return false;
    }

    /** Follows another game object holding the same history (the owner replaced it); else starts over. */
    boolean follow(GameHistory replacement) {
        this.game = replacement;
        return stillFollows();
    }

    Position start() {
        return game.start();
    }

    /** The position agreed now. */
    Position current() {
        return current;
    }

    /** What the sensors should read in the position agreed now. */
    ExpectedFrame picture() {
        return picture;
    }

    /** The number of plies agreed. */
    int plies() {
        return gamePlies + reported.size();
    }

    /** The position a number of plies before the agreed one (0: the agreed one). */
    Position back(int plies) {
        int at = plies() - plies;
        return at <= gamePlies ? game.positionAfter(at) : reportedPositions.get(at - gamePlies - 1);
    }

    /** The move a number of plies before the last (0: the last move). */
    Move moveBack(int plies) {
        int at = plies() - 1 - plies;
        return at < gamePlies ? game.moves().get(at) : reported.get(at - gamePlies);
    }

    /** The moves agreed, in order. */
    List<Move> moves() {
        if (reported.isEmpty() && gamePlies == game.plies()) {
            return game.moves();
        }
        List<Move> all = new ArrayList<>(game.moves().subList(0, gamePlies));
        all.addAll(reported);
        return Collections.unmodifiableList(all);
    }

    /** A move the rules found legal was made: recorded in the game (when recording) or kept until the owner does. */
    void played(Move move) {
        if (recording && reported.isEmpty() && !recorded.isOver()) {
            recorded.play(move);
            gamePlies++;
            current = game.current();
        } else {
            current = current.play(move);
            reported.add(move);
            reportedPositions.add(current);
        }
        picture = ExpectedFrame.of(current);
    }

    /** The last moves were taken back; returns them, the last first. */
    List<Move> takeBack(int plies) {
        List<Move> undone = new ArrayList<>(plies);
        for (int k = 0; k < plies; k++) {
            if (!reported.isEmpty()) {
                reportedPositions.remove(reportedPositions.size() - 1);
                undone.add(reported.remove(reported.size() - 1));
            } else if (recording) {
                undone.add(recorded.takeBack());
                gamePlies--;
            } else {
                undone.add(game.moves().get(gamePlies - 1));
                gamePlies--;
            }
        }
        current = back(0);
        picture = ExpectedFrame.of(current);
        return undone;
    }
}
