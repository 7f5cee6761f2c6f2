package org.shogiban.notation;

import java.time.Duration;
import java.util.List;
import org.shogiban.rules.Move;

/** One move of a record: the move, the time its player used (null when the record has none), and comments. */
public record RecordedMove(Move move, Duration timeUsed, List<String> comments) {

    public RecordedMove {
        if (move == null) {
            throw new IllegalArgumentException("a recorded move needs a move");
        }
        if (timeUsed != null && timeUsed.isNegative()) {
            throw new IllegalArgumentException("time used cannot be negative: " + timeUsed);
        }
        comments = List.copyOf(comments);
    }

    /** A move without time or comments. */
    public static RecordedMove of(Move move) {
        return new RecordedMove(move, null, List.of());
    }

    /** A move with the time used. */
    public static RecordedMove of(Move move, Duration timeUsed) {
        return new RecordedMove(move, timeUsed, List.of());
    }
}
