package org.shogiban.inference;

import java.util.List;

/**
 * How far the board is from the position being set up.
 *
 * @param squares squares still wrong, with what belongs there
 * @param slots komadai slots still wrong
 * @param ready whether the board has matched for the settle time, so the game can start
 */
public record SetupStatus(List<SquareMismatch> squares, List<SlotMismatch> slots, boolean ready) {
    public SetupStatus {
        squares = List.copyOf(squares);
        slots = List.copyOf(slots);
    }

    /** Whether every square and slot is right (it may not have been still long enough yet). */
    public boolean matches() {
        return squares.isEmpty() && slots.isEmpty();
    }
}
