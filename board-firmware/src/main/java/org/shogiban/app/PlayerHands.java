package org.shogiban.app;

import java.util.function.LongConsumer;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.Sides;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.Position;

/**
 * A player's hands on a board in memory: laying out a position, making a move as a person does. The board's rehearsal
 * ({@link Rehearsal}) plays with them, and so do the tests' rigs.
 */
public final class PlayerHands {
    private PlayerHands() {
    }

    /** Puts every piece of a position on the board and the komadai at once (one change). */
    public static void layOut(MemoryBoard hardware, SensorKind kind, Position position) {
        ExpectedFrame picture = ExpectedFrame.of(position);
        for (int i = 0; i < 81; i++) {
            hardware.squares.set(i, picture.reading(i, kind));
        }
        for (Player p : Player.values()) {
            for (KomadaiSlot slot : KomadaiSlot.values()) {
                hardware.komadai.set(p, slot, picture.komadai(p, slot));
            }
        }
    }

    /**
     * Makes {@code move} from {@code before} as a player does: a captured piece lifted to the mover's komadai first,
     * then the piece lifted (or taken from the komadai) and put down; {@code run} lets the board run that many
     * milliseconds between the steps ({@code stepMillis} each; {@code settleMillis} after the piece is put down).
     */
    public static void move(MemoryBoard hardware, SensorKind kind, Position before, Move move, long stepMillis,
                            long settleMillis, LongConsumer run) {
        Player player = Sides.player(before.sideToMove());
        Piece captured = move.isDrop() ? null : before.pieceAt(move.to());
        if (captured != null) {
            hardware.squares.set(move.to().index(), SquareReading.EMPTY);
            run.accept(stepMillis);
            KomadaiSlot slot = Sides.slot(captured.type().unpromoted());
            hardware.komadai.set(player, slot, hardware.komadai.get(player, slot) + 1);
            run.accept(stepMillis);
        }
        if (move.isDrop()) {
            KomadaiSlot slot = Sides.slot(move.drop());
            hardware.komadai.set(player, slot, hardware.komadai.get(player, slot) - 1);
        } else {
            hardware.squares.set(move.from().index(), SquareReading.EMPTY);
        }
        run.accept(stepMillis);
        ExpectedFrame picture = ExpectedFrame.of(before.play(move));
        hardware.squares.set(move.to().index(), picture.reading(move.to().index(), kind));
        run.accept(settleMillis);
    }
}
