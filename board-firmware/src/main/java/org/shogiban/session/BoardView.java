package org.shogiban.session;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;

/**
 * What the board application knows at one moment, as an immutable snapshot for the LEDs, a UI or a test.
 *
 * @param phase setting up, playing or over
 * @param position the position the board should show: the set-up target, or the game's position
 * @param plies moves played in the game
 * @param lastMove the game's last move, or null
 * @param wrongSquares squares that differ from {@code position}: while setting up, or as the last discrepancy reported
 * @param wrongSlots komadai slots that differ, likewise
 * @param illegalMove the illegal move being signalled (until the pieces are put back, or for good when it lost), or
 *     null
 * @param promotionSquare the square of a move waiting for a promotion choice, or null
 * @param result the game's result ({@code ONGOING} until it ends)
 * @param failingDevices hardware reported failing, as {@code chip at address}
 * @param arbiterCalled whether the board called the arbiter (a foul in a tournament, the ARBITER button) and the
 *     arbiter has not acted yet
 * @param opponentMove the remote side's move waiting to be made on the board for it, or null
 * @param hint a move suggested to the side to move (shown, not played), or null
 */
public record BoardView(BoardPhase phase, Position position, int plies, Move lastMove,
                        List<SquareMismatch> wrongSquares, List<SlotMismatch> wrongSlots, Move illegalMove,
                        Square promotionSquare, GameResult result, Set<String> failingDevices,
                        boolean arbiterCalled, Move opponentMove, Move hint) {

    public BoardView {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(result, "result");
        wrongSquares = List.copyOf(wrongSquares);
        wrongSlots = List.copyOf(wrongSlots);
        failingDevices = Set.copyOf(failingDevices);
    }

    /** A view with no remote move nor hint. */
    public BoardView(BoardPhase phase, Position position, int plies, Move lastMove, List<SquareMismatch> wrongSquares,
                     List<SlotMismatch> wrongSlots, Move illegalMove, Square promotionSquare, GameResult result,
                     Set<String> failingDevices, boolean arbiterCalled) {
        this(phase, position, plies, lastMove, wrongSquares, wrongSlots, illegalMove, promotionSquare, result,
                failingDevices, arbiterCalled, null, null);
    }

    /** A view with no arbiter called. */
    public BoardView(BoardPhase phase, Position position, int plies, Move lastMove, List<SquareMismatch> wrongSquares,
                     List<SlotMismatch> wrongSlots, Move illegalMove, Square promotionSquare, GameResult result,
                     Set<String> failingDevices) {
        this(phase, position, plies, lastMove, wrongSquares, wrongSlots, illegalMove, promotionSquare, result,
                failingDevices, false);
    }

    /**
     * Whether the board asks for attention: a wrong square, an illegal move or a promotion question while the game
     * is on, or the arbiter called at any time.
     */
    public boolean needsAttention() {
        return arbiterCalled || (phase != BoardPhase.OVER && (!wrongSquares.isEmpty() || !wrongSlots.isEmpty()
                || illegalMove != null || promotionSquare != null || opponentMove != null));
    }
}
