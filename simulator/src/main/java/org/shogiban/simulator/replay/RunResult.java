package org.shogiban.simulator.replay;

import java.util.List;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** What the board recorded from a replayed trace: the game and every event the inference reported. */
public record RunResult(Position start, List<Move> moves, List<InferenceEvent> events) {
    public RunResult {
        moves = List.copyOf(moves);
        events = List.copyOf(events);
    }

    /** The illegal moves the board reported, in order (none of them is part of the game). */
    public List<InferenceEvent.MoveCompleted> illegalMoves() {
        return events.stream().filter(e -> e instanceof InferenceEvent.MoveCompleted m && !m.isLegal())
                .map(e -> (InferenceEvent.MoveCompleted) e).toList();
    }

    /** The game as a USI position: {@code position startpos moves 7g7f ...} or {@code position sfen ... moves ...}. */
    public String usiPosition() {
        StringBuilder sb = new StringBuilder("position ");
        sb.append(start.equals(Position.startpos()) ? "startpos" : "sfen " + start.toSfen());
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (Move m : moves) {
                sb.append(' ').append(m.usi());
            }
        }
        return sb.toString();
    }
}
