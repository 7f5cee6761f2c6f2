package org.shogiban.notation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.rules.Move;

/**
 * The move list of a record being read, shared by the KIF/KI2 and CSA readers: a move is held back until the next
 * one (or the end) because its time and comments follow it in the text, then kept with them. Comments before the
 * first move are the record's opening comments.
 */
public final class RecordMoves {
    private final List<String> startComments = new ArrayList<>();
    private final List<RecordedMove> moves = new ArrayList<>();
    private final List<String> pendingComments = new ArrayList<>();
    private Move pendingMove;
    private Duration pendingTime;

    /** The moves read so far, the one held back included. */
    public int plies() {
        return moves.size() + (pendingMove != null ? 1 : 0);
    }

    /** Whether no move was read yet (none kept, none held back). */
    public boolean isEmpty() {
        return moves.isEmpty() && pendingMove == null;
    }

    /** Whether a move is held back, waiting for its time and comments. */
    public boolean hasPending() {
        return pendingMove != null;
    }

    /** Keeps the move held back and holds this one back, with its time if the text gave it on the same line. */
    public void play(Move move, Duration time) {
        flush();
        pendingMove = move;
        pendingTime = time;
    }

    /** The time of the move held back (CSA's {@code T} line); ignored when none is held back. */
    public void timeOfPending(Duration time) {
        if (pendingMove != null) {
            pendingTime = time;
        }
    }

    /** A comment before the first move. */
    public void startComment(String text) {
        startComments.add(text);
    }

    /** A comment on the move held back (kept with it at the next {@link #flush()}). */
    public void pendingComment(String text) {
        pendingComments.add(text);
    }

    /** A comment on the last move kept, when none is held back (CSA's comment after a move's time line). */
    public void commentLastMove(String text) {
        RecordedMove m = moves.get(moves.size() - 1);
        List<String> c = new ArrayList<>(m.comments());
        c.add(text);
        moves.set(moves.size() - 1, new RecordedMove(m.move(), m.timeUsed(), c));
    }

    /**
     * Keeps the move held back with its time and comments; comments with no move to go with them become opening
     * comments.
     */
    public void flush() {
        if (pendingMove != null) {
            moves.add(new RecordedMove(pendingMove, pendingTime, pendingComments));
            pendingMove = null;
            pendingTime = null;
            pendingComments.clear();
        } else if (!pendingComments.isEmpty()) {
            startComments.addAll(pendingComments);
            pendingComments.clear();
        }
    }

    /** The opening comments. */
    public List<String> startComments() {
        return startComments;
    }

    /** The moves kept (call {@link #flush()} first for the last one). */
    public List<RecordedMove> moves() {
        return moves;
    }
}
