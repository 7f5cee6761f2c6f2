package org.shogiban.simulator.replay;

import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** A game as a record gives it: where it is from (file, and line for files of many games), start and moves. */
public record RecordedGame(String label, Position start, List<Move> moves) {
    public RecordedGame {
        moves = List.copyOf(moves);
    }
}
