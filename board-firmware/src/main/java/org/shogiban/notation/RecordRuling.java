package org.shogiban.notation;

import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * An arbiter's ruling on a game record: how many moves were played, the position reached, the status, the winner
 * (null for none) and, for an illegal move, its reason and 1-based ply. The reason is null when the record names a
 * foul (反則負け, {@code %ILLEGAL_MOVE}, {@code %±ILLEGAL_ACTION}) without a move the rules can judge.
 */
public record RecordRuling(int plies, Position position, GameStatus status, Side winner, IllegalReason reason,
                           int ply) {

    public RecordRuling {
        if (position == null || status == null) {
            throw new IllegalArgumentException("a ruling needs a position and a status");
        }
        if (status != GameStatus.ILLEGAL_MOVE && (reason != null || ply != 0)) {
            throw new IllegalArgumentException("only an illegal-move ruling carries a reason and a ply");
        }
    }
}
