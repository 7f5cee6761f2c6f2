package org.shogiban.testdata;

import java.util.function.LongConsumer;
import org.shogiban.app.PlayerHands;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** A player's hands on a board in memory, as the tests' rigs use them (the board's own {@link PlayerHands}). */
public final class Hands {
    private Hands() {
    }

    /** Puts every piece of a position on the board and the komadai at once. */
    public static void layOut(MemoryBoard hardware, SensorKind kind, Position position) {
        PlayerHands.layOut(hardware, kind, position);
    }

    /**
     * Makes {@code move} from {@code before} as a player does: a captured piece lifted to the mover's komadai first,
     * then the piece lifted (or taken from the komadai) and put down; {@code run} lets the board run that many
     * milliseconds between the steps (100 each; {@code settleMillis} after the piece is put down).
     */
    public static void move(MemoryBoard hardware, SensorKind kind, Position before, Move move, long settleMillis,
                            LongConsumer run) {
        PlayerHands.move(hardware, kind, before, move, 100, settleMillis, run);
    }
}
