package org.shogiban.session;

import org.shogiban.inference.CommitPolicy;

/**
 * What the board does when a player completes an illegal move (反則, hansoku).
 *
 * <p>{@link #LOSS} is the JSA tournament rule: an illegal move loses the game at once, whoever notices it; the board
 * is the arbiter, so the game ends with {@code ILLEGAL_MOVE} and the mover loses. {@link #PUT_BACK} is casual play:
 * the board signals the move (its squares in red, a long tone), does not count it, and waits for the players to put
 * the pieces back; the game goes on from the position before it.
 */
public enum IllegalMovePolicy {
    /** Tournament play: the mover loses (反則負け); the game ends. */
    LOSS,
    /** Casual play: the move is signalled and not counted; the players put the pieces back. */
    PUT_BACK;

    /**
     * The policy that goes with a commit policy: {@link CommitPolicy#CLOCK} (a move counts when the mover presses
     * the clock, as in a tournament) loses on an illegal move; {@link CommitPolicy#STABLE} (casual) puts it back.
     */
    public static IllegalMovePolicy forCommit(CommitPolicy commit) {
        return commit == CommitPolicy.CLOCK ? LOSS : PUT_BACK;
    }
}
