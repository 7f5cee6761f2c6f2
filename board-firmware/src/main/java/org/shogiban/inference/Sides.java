package org.shogiban.inference;

import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Side;

/** Conversions between the rules' and the hardware's names for the same things. */
final class Sides {
    private Sides() {
    }

    static Player player(Side side) {
        return side == Side.SENTE ? Player.SENTE : Player.GOTE;
    }

    static Side side(Player player) {
        return player == Player.SENTE ? Side.SENTE : Side.GOTE;
    }

    /** The komadai slot of a hand kind (a promoted kind goes to the slot of its unpromoted kind). */
    static KomadaiSlot slot(PieceType kind) {
        return KomadaiSlot.values()[kind.unpromoted().handIndex()];
    }

    static PieceType kind(KomadaiSlot slot) {
        return PieceType.HAND_KINDS[slot.ordinal()];
    }

    /** The index of a player's slot among a frame's 14 komadai counts. */
    static int slotIndex(Side side, PieceType kind) {
        return side.ordinal() * 7 + kind.unpromoted().handIndex();
    }
}
