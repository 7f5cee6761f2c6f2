package org.shogiban.notation;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * A game record (棋譜, kifu): where the game started, its header, each move with its time and comments, and how the
 * record says it ended. It holds the moves as written; whether they are legal is for the rules to judge (an arbiter
 * replays them with {@code org.shogiban.rules.Game}).
 *
 * @param start          the start position (even game, a handicap, or any position)
 * @param header         players, event, times and other named fields
 * @param startComments  comments before the first move
 * @param recordedMoves  the moves of the main line, in order
 * @param end            how the record says the game ended
 */
public record GameRecord(Position start, RecordHeader header, List<String> startComments,
                         List<RecordedMove> recordedMoves, RecordEnd end) {

    public GameRecord {
        if (start == null || header == null || end == null) {
            throw new IllegalArgumentException("a game record needs a start position, a header and an end");
        }
        startComments = List.copyOf(startComments);
        recordedMoves = List.copyOf(recordedMoves);
    }

    /** A bare record: a start and moves, no header, times or comments, no end. */
    public static GameRecord of(Position start, List<Move> moves) {
        List<RecordedMove> recorded = new ArrayList<>(moves.size());
        for (Move m : moves) {
            recorded.add(RecordedMove.of(m));
        }
        return new GameRecord(start, RecordHeader.EMPTY, List.of(), recorded, RecordEnd.NONE);
    }

    /** The moves alone, in order. */
    public List<Move> moves() {
        List<Move> moves = new ArrayList<>(recordedMoves.size());
        for (RecordedMove m : recordedMoves) {
            moves.add(m.move());
        }
        return List.copyOf(moves);
    }

    /** The standard start (even game or a handicap) this record begins from, if it is one. */
    public Optional<Handicap> handicap() {
        return Handicap.of(start);
    }

    /** This record with another ending. */
    public GameRecord withEnd(RecordEnd newEnd) {
        return new GameRecord(start, header, startComments, recordedMoves, newEnd);
    }

    /** This record with another header. */
    public GameRecord withHeader(RecordHeader newHeader) {
        return new GameRecord(start, newHeader, startComments, recordedMoves, end);
    }
}
