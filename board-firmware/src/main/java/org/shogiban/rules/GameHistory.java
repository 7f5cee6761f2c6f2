package org.shogiban.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A read-only view of a game's history (the agreed one, owned by a {@link Game}): the start, the moves played, the
 * position after each, and the result. What the move inference reads to know where the game stands; it cannot play,
 * take back or end the game through it.
 */
public interface GameHistory {

    /** The position the game started from. */
    Position start();

    /** The agreed position now. */
    Position current();

    /** The position after a number of plies, 0 being the start. */
    Position positionAfter(int plies);

    /** The moves played, in order (an unmodifiable view). */
    List<Move> moves();

    /** How many moves have been played. */
    int plies();

    /** How the game stands. */
    GameResult result();

    /**
     * The latest positions, oldest first: the last {@code count} positions (fewer at the start of the game), the
     * current one last.
     */
    default List<Position> recentPositions(int count) {
        int first = Math.max(0, plies() + 1 - count);
        List<Position> recent = new ArrayList<>(plies() + 1 - first);
        for (int ply = first; ply <= plies(); ply++) {
            recent.add(positionAfter(ply));
        }
        return recent;
    }
}
