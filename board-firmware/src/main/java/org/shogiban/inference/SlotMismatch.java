package org.shogiban.inference;

import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;

/**
 * A komadai slot whose count disagrees with the expected position.
 *
 * @param player whose komadai
 * @param slot which slot (one per unpromoted kind)
 * @param expected how many pieces belong there
 * @param actual how many the sensor counts
 */
public record SlotMismatch(Player player, KomadaiSlot slot, int expected, int actual) {
    public SlotMismatch {
        if (player == null || slot == null) {
            throw new IllegalArgumentException("a slot mismatch needs a player and a slot");
        }
    }

    /** The slot as every surface names it: {@code sente:P} ({@link Places}). */
    public String place() {
        return Places.slot(player, slot);
    }

    /** {@code sente:P(expected 1, read 0)}, the slot written as in the trace format. */
    public String describe() {
        return place() + "(expected "
                + expected + ", read " + actual + ")";
    }
}
