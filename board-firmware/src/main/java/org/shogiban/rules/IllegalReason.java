package org.shogiban.rules;

/** Why a candidate move is illegal; shown to players and arbiters, so each kind is distinct. */
public enum IllegalReason {
    /** Not the mover's piece, not how the piece moves, blocked, own piece on the target, or a drop on a piece. */
    INVALID_MOVEMENT,
    /** A drop of a kind the mover does not hold. */
    NOT_IN_HAND,
    /** Nifu: a pawn dropped on a file that already has an unpromoted pawn of the same side. */
    TWO_PAWNS,
    /** Uchifuzume: a pawn dropped to give immediate checkmate. */
    PAWN_DROP_MATE,
    /** A pawn, lance or knight dropped or left unpromoted where it could never move again. */
    DEAD_PIECE,
    /** Promotion outside the zone, or of a gold, king or already promoted piece. */
    INVALID_PROMOTION,
    /** The move leaves (or puts) the mover's own king in check. */
    LEAVES_KING_IN_CHECK,
    /** An impasse (入玉) declaration that does not meet the rule's conditions; not a move, but ruled like one. */
    INVALID_DECLARATION
}
