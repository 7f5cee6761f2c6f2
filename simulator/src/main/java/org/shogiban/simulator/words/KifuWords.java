package org.shogiban.simulator.words;

import java.util.List;
import java.util.Optional;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardEvent;

/** A move in kifu words as players write it ({@code ☗７六歩}, {@code ☖同銀}), for the page's and the console's logs. */
public final class KifuWords {
    private KifuWords() {
    }

    /** The move just played in kifu words; empty when the game no longer holds it (a takeback since). */
    public static Optional<String> of(Optional<? extends GameHistory> game, BoardEvent.MovePlayed m) {
        if (game.isEmpty() || game.get().plies() < m.ply()) {
            return Optional.empty();
        }
        Position before = game.get().positionAfter(m.ply() - 1);
        Square lastTo = m.ply() >= 2 ? game.get().moves().get(m.ply() - 2).to() : null;
        return words(before, m.move(), m.mover(), lastTo);
    }

    /**
     * A move not (yet) played, from the game's position now, in kifu words: a hint, an illegal move the board saw.
     * Empty when there is no game or the move cannot be made at all there (its piece is not on its square).
     */
    public static Optional<String> ofNext(Optional<? extends GameHistory> game, Move move, Side mover) {
        if (game.isEmpty()) {
            return Optional.empty();
        }
        List<Move> moves = game.get().moves();
        return words(game.get().current(), move, mover, moves.isEmpty() ? null : moves.get(moves.size() - 1).to());
    }

    private static Optional<String> words(Position before, Move move, Side mover, Square lastTo) {
        RecordBoard board = new RecordBoard(before);
        PieceType kind;
        if (move.isDrop()) {
            kind = move.drop();
        } else if (board.at(move.from()) != null && board.at(move.from()).side() == mover) {
            kind = board.at(move.from()).type();
        } else {
            return Optional.empty();
        }
        String ki2 = KifWriter.ki2Text(board, move, kind, mover, lastTo);
        return Optional.of((mover == Side.SENTE ? "☗" : "☖") + ki2.replace("\u3000", ""));
    }
}
