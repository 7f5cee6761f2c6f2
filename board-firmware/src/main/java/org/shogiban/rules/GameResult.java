package org.shogiban.rules;

/**
 * How a game stands: its status, the winner (null for none), and for an illegal move its reason and the 1-based ply
 * of the offending move (0 otherwise).
 */
public record GameResult(GameStatus status, Side winner, IllegalReason reason, int ply) {
    /** A game still being played. */
    public static final GameResult ONGOING = new GameResult(GameStatus.ONGOING, null, null, 0);

    public GameResult {
        if (status == null) {
            throw new IllegalArgumentException("a result needs a status");
        }
        if ((status == GameStatus.ILLEGAL_MOVE) != (reason != null)) {
            throw new IllegalArgumentException("an illegal-move result, and only that, carries a reason");
        }
    }

    /** A finished game with a winner (or null for none). */
    public static GameResult of(GameStatus status, Side winner) {
        return new GameResult(status, winner, null, 0);
    }

    /** An illegal move at a ply: the mover loses. */
    public static GameResult illegal(Side mover, IllegalReason reason, int ply) {
        return new GameResult(GameStatus.ILLEGAL_MOVE, mover.opponent(), reason, ply);
    }

    public boolean isOver() {
        return status.isFinal();
    }
}
