package org.shogiban.app;

import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.StatusLed;
import org.shogiban.session.BoardView;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.inference.Sides;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;

/**
 * What the LEDs show for a {@link BoardView}: a pure function, the whole frame at once.
 *
 * <ul>
 *   <li>the last move's from and to squares: {@link #LAST_MOVE} (blue);
 *   <li>every wrong square and komadai slot (setting up, or a discrepancy): {@link #WRONG} (orange);
 *   <li>an illegal move's squares (and the komadai slot of an illegal drop): {@link #ILLEGAL} (red);
 *   <li>the square of a move waiting for a promotion choice: {@link #PROMOTION} (magenta, steady);
 *   <li>status: the side to move {@link #TO_MOVE} (green), attention {@link #ATTENTION} (yellow) while the board
 *       asks for something, fault {@link #FAULT} (red) while a device fails; when the game is over the winner's
 *       side LED (both for a draw) is {@link #WINNER} (white).
 *   <li>the remote side's (an engine's) move waiting to be made on the board: its from square (or the komadai slot
 *       of a drop) and its to square {@link #OPPONENT_MOVE} (cyan); a promoting move's to square
 *       {@link #PROMOTION} (turn the piece over);
 *   <li>a hint for the side to move: its squares {@link #HINT} (green).
 * </ul>
 * Later items win on the same LED: illegal over wrong over promotion over the remote move over the hint over the
 * last move.
 */
public final class LedPlanner {
    public static final Colour LAST_MOVE = Colour.BLUE;
    public static final Colour WRONG = Colour.ORANGE;
    public static final Colour ILLEGAL = Colour.RED;
    public static final Colour PROMOTION = new Colour(255, 0, 255);
    public static final Colour TO_MOVE = Colour.GREEN;
    public static final Colour ATTENTION = Colour.YELLOW;
    public static final Colour FAULT = Colour.RED;
    public static final Colour WINNER = Colour.WHITE;
    public static final Colour OPPONENT_MOVE = new Colour(0, 255, 255);
    public static final Colour HINT = Colour.GREEN;

    private LedPlanner() {
    }

    /** The LED frame for a view. */
    public static LedFrame plan(BoardView view) {
        LedFrame.Builder leds = LedFrame.builder();
        Move last = view.lastMove();
        if (last != null) {
            paint(leds, last, LAST_MOVE, null);
        }
        if (view.hint() != null) {
            paint(leds, view.hint(), HINT, view.position().sideToMove());
        }
        if (view.opponentMove() != null) {
            paint(leds, view.opponentMove(), OPPONENT_MOVE, view.position().sideToMove());
            if (view.opponentMove().promote()) {
                leds.square(view.opponentMove().to().index(), PROMOTION);
            }
        }
        if (view.promotionSquare() != null) {
            leds.square(view.promotionSquare().index(), PROMOTION);
        }
        for (SquareMismatch m : view.wrongSquares()) {
            leds.square(m.square().index(), WRONG);
        }
        for (SlotMismatch m : view.wrongSlots()) {
            leds.komadai(m.player(), m.slot(), WRONG);
        }
        if (view.illegalMove() != null) {
            paint(leds, view.illegalMove(), ILLEGAL, view.position().sideToMove());
        }
        switch (view.phase()) {
            case SETTING_UP, PLAYING, PAUSED -> leds.status(statusOf(view.position().sideToMove()), TO_MOVE);
            case OVER -> {
                Side winner = view.result().winner();
                if (winner == null) {
                    leds.status(StatusLed.SENTE_TO_MOVE, WINNER).status(StatusLed.GOTE_TO_MOVE, WINNER);
                } else {
                    leds.status(statusOf(winner), WINNER);
                }
            }
        }
        if (view.needsAttention()) {
            leds.status(StatusLed.ATTENTION, ATTENTION);
        }
        if (!view.failingDevices().isEmpty()) {
            leds.status(StatusLed.FAULT, FAULT);
        }
        return leds.build();
    }

    /** A move's squares; a drop lights its target and, when the dropper is known, their komadai slot. */
    private static void paint(LedFrame.Builder leds, Move move, Colour colour, Side dropper) {
        if (move.isDrop()) {
            if (dropper != null) {
                leds.komadai(Sides.player(dropper), KomadaiSlot.values()[move.drop().handIndex()],
                        colour);
            }
        } else {
            leds.square(move.from().index(), colour);
        }
        leds.square(move.to().index(), colour);
    }

    private static StatusLed statusOf(Side side) {
        return side == Side.SENTE ? StatusLed.SENTE_TO_MOVE : StatusLed.GOTE_TO_MOVE;
    }

}
