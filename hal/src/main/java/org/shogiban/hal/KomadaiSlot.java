package org.shogiban.hal;

/** The seven slots of a komadai (駒台, the piece stand beside the board): one per kind a piece in hand can be. */
public enum KomadaiSlot {
    PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK
}
