package org.shogiban.notation.formats;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * A record as KIF, KI2, CSA and JKF can say its ending. Their words for a resignation, a time-up, an impasse
 * declaration and a checkmate (投了 / {@code %TORYO}, 切れ負け / {@code %TIME_UP}, 入玉勝ち / {@code %KACHI},
 * 詰み / {@code %TSUMI}) name no side: every reader takes them as the side to move's. The board lets a player resign
 * on the opponent's turn (right after their own move, or while the engine's reply is lit), and a clock can run out
 * for the side that moved but has not pressed yet; written as it is, such a record names the wrong winner. Such an
 * ending is written on the side's own turn: its last move leaves the move list and becomes a comment
 * ({@code 終局前の着手：▲７六歩}), so the written record ends where that side was to move. With no move to take
 * back, the start is written with that side to move.
 */
public final class EndOnTurn {
    /** The comment that keeps the move the written record leaves out. */
    static final String MOVE_BEFORE_END = "終局前の着手：";

    private EndOnTurn() {
    }

    /** The record as the formats can say it: unchanged unless its ending names the side that is not to move. */
    public static GameRecord writable(GameRecord record) {
        RecordEnd end = record.end();
        if (!readAsMovers(end.kind()) || end.side() == sideToMoveAtEnd(record)) {
            return record;
        }
        List<RecordedMove> moves = record.recordedMoves();
        if (moves.isEmpty()) {
            return new GameRecord(withSideToMove(record.start(), end.side()), record.header(),
                    record.startComments(), moves, end);
        }
        RecordedMove last = moves.get(moves.size() - 1);
        List<String> kept = new ArrayList<>();
        kept.add(MOVE_BEFORE_END + words(record, moves.size() - 1));
        kept.addAll(last.comments());
        List<RecordedMove> shorter = new ArrayList<>(moves.subList(0, moves.size() - 1));
        List<String> startComments = record.startComments();
        if (shorter.isEmpty()) {
            startComments = concat(startComments, kept);
        } else {
            RecordedMove before = shorter.get(shorter.size() - 1);
            shorter.set(shorter.size() - 1, new RecordedMove(before.move(), before.timeUsed(),
                    concat(before.comments(), kept)));
        }
        return new GameRecord(record.start(), record.header(), startComments, shorter, end);
    }

    /** The endings whose words every reader takes as the side to move's. */
    private static boolean readAsMovers(EndKind kind) {
        return kind == EndKind.RESIGNATION || kind == EndKind.TIME_UP || kind == EndKind.IMPASSE_DECLARATION
                || kind == EndKind.CHECKMATE;
    }

    private static Side sideToMoveAtEnd(GameRecord record) {
        Side first = record.start().sideToMove();
        return record.recordedMoves().size() % 2 == 0 ? first : first.opponent();
    }

    /** The move at an index in kifu words, e.g. {@code ▲７六歩}; its USI when it cannot be placed on the board. */
    private static String words(GameRecord record, int index) {
        RecordBoard board = new RecordBoard(record.start());
        Square lastTo = null;
        for (int i = 0; i < index; i++) {
            Move m = record.recordedMoves().get(i).move();
            if (board.problem(m) != null) {
                return record.recordedMoves().get(index).move().usi();
            }
            board.play(m);
            lastTo = m.to();
        }
        Move m = record.recordedMoves().get(index).move();
        if (board.problem(m) != null) {
            return m.usi();
        }
        Side side = board.sideToMove();
        PieceType kind = m.isDrop() ? m.drop() : board.at(m.from()).type();
        return (side == Side.SENTE ? "▲" : "△") + KifWriter.ki2Text(board, m, kind, side, lastTo)
                .replace("\u3000", "");
    }

    private static Position withSideToMove(Position start, Side side) {
        String[] fields = start.toSfen().split(" ");
        fields[1] = side == Side.SENTE ? "b" : "w";
        return Position.fromSfen(String.join(" ", fields));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
