package org.shogiban.inference;

import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Side;

/**
 * Conversions between the rules' and the hardware's names for the same things, said once: the rules call a player
 * {@link Side} and the hardware (which knows no rules) calls the owner of a komadai {@link Player}; a hand kind is a
 * {@link PieceType} to the rules and a {@link KomadaiSlot} to the sensors. The application, the inference and the
 * simulator all convert here.
 */
public final class Sides {
    private Sides() {
    }

    /** The hardware's name of a side. */
    public static Player player(Side side) {
        return side == Side.SENTE ? Player.SENTE : Player.GOTE;
    }

    /** The rules' name of a komadai's owner. */
    public static Side side(Player player) {
        return player == Player.SENTE ? Side.SENTE : Side.GOTE;
    }

    /** The komadai slot of a hand kind (a promoted kind goes to the slot of its unpromoted kind). */
    public static KomadaiSlot slot(PieceType kind) {
        return KomadaiSlot.values()[kind.unpromoted().handIndex()];
    }

    /** The hand kind a komadai slot holds. */
    public static PieceType kind(KomadaiSlot slot) {
        return PieceType.HAND_KINDS[slot.ordinal()];
    }

    /** The index of a player's slot among a frame's 14 komadai counts. */
    public static int slotIndex(Side side, PieceType kind) {
        return side.ordinal() * 7 + kind.unpromoted().handIndex();
    }
}
