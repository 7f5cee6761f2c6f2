package org.shogiban.simulator.words;

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
        Move move = m.move();
        PieceType kind = move.isDrop() ? move.drop() : before.pieceAt(move.from()).type();
        String ki2 = KifWriter.ki2Text(new RecordBoard(before), move, kind, m.mover(), lastTo);
        return Optional.of((m.mover() == Side.SENTE ? "☗" : "☖") + ki2.replace("\u3000", ""));
    }
}
