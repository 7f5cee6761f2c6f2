package org.shogiban.notation;

import org.shogiban.rules.GameResult;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Side;

/**
 * How a record says its game ended. {@code side} is the side the ending concerns: the one who resigned, was
 * checkmated, gave perpetual check, declared an impasse win, committed the foul or ran out of time; null for
 * draws, aborts and {@link EndKind#NONE}. {@code reason} is the foul's reason when the record knows it (the
 * board's own records do; KIF, CSA and JKF have no place for it), else null.
 */
public record RecordEnd(EndKind kind, Side side, IllegalReason reason) {
    /** A record that does not say how the game ended. */
    public static final RecordEnd NONE = new RecordEnd(EndKind.NONE, null, null);

    public RecordEnd {
        if (kind == null) {
            throw new IllegalArgumentException("a record end needs a kind");
        }
        if (kind.concernsSide() != (side != null)) {
            throw new IllegalArgumentException(kind + (kind.concernsSide() ? " needs" : " takes no") + " side");
        }
        if (reason != null && kind != EndKind.ILLEGAL_MOVE) {
            throw new IllegalArgumentException("only an illegal-move ending carries a reason, not " + kind);
        }
    }

    /** An ending that concerns a side (resignation, checkmate, time up, declaration, foul, perpetual check). */
    public static RecordEnd of(EndKind kind, Side side) {
        return new RecordEnd(kind, side, null);
    }

    /** An ending that concerns no side (repetition, draws, abort, none). */
    public static RecordEnd of(EndKind kind) {
        return new RecordEnd(kind, null, null);
    }

    /** How the board records the result the rules engine ruled, e.g. after {@code Game.play} or a resignation. */
    public static RecordEnd fromResult(GameResult result, Side sideToMove) {
        return switch (result.status()) {
            case ONGOING -> NONE;
            // an arbiter may rule a checkmate: the side it names is the loser, whoever is to move
            case CHECKMATE, NO_LEGAL_MOVES -> of(EndKind.CHECKMATE,
                    result.winner() == null ? sideToMove : result.winner().opponent());
            case ILLEGAL_MOVE -> new RecordEnd(EndKind.ILLEGAL_MOVE, result.winner().opponent(), result.reason());
            case REPETITION_DRAW -> of(EndKind.REPETITION);
            case PERPETUAL_CHECK -> of(EndKind.PERPETUAL_CHECK, result.winner().opponent());
            case IMPASSE_DECLARATION -> result.winner() == null ? of(EndKind.IMPASSE_DRAW)
                    : of(EndKind.IMPASSE_DECLARATION, result.winner());
            case RESIGNATION -> of(EndKind.RESIGNATION, result.winner().opponent());
            case TIME_UP -> of(EndKind.TIME_UP, result.winner().opponent());
            case ABORTED -> of(EndKind.ABORTED);
        };
    }

    /** The same ending without the foul's reason: what KIF, KI2, CSA and JKF can carry. */
    public RecordEnd withoutReason() {
        return reason == null ? this : new RecordEnd(kind, side, null);
    }
}
