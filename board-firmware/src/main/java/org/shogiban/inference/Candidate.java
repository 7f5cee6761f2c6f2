package org.shogiban.inference;

import org.shogiban.rules.Move;
import org.shogiban.rules.Verdict;

/**
 * A move that explains the board, with the rules' verdict on it. {@code optional} marks a legal move that may
 * promote or not, shown without promotion, whose choice the sensors cannot see.
 *
 * @param picture what the sensors should read after it
 * @param pendingAfter the captured pieces owed to each komadai slot after it
 */
record Candidate(Move move, Verdict verdict, boolean optional, ExpectedFrame picture, int[] pendingAfter) {

    /** Whether the move counts as made once seen: legal, or legal whichever promotion is chosen. */
    boolean playable() {
        return optional || verdict.isLegal();
    }

    /** The same move with its promotion already chosen (a move inside a sequence): nothing is left to choose. */
    Candidate settled() {
        return new Candidate(move, Verdict.LEGAL, false, picture, pendingAfter);
    }
}
