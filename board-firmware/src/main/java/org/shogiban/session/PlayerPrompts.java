package org.shogiban.session;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.session.BoardFacts.Prompt.Kind;
import java.util.Locale;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.PositionSetup;
import org.shogiban.inference.SetupStatus;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;

/**
 * What the board asks of the players (and the arbiter) now: the pieces to set up or to check, a discrepancy to put
 * right, an illegal move to put back, a promotion to choose, the arbiter to come. The session sets these as it rules;
 * the view's wrong squares and the snapshot's {@code waitingFor} are read from here. Not thread-safe.
 */
final class PlayerPrompts {
    /** How far the pieces stand from the start position while setting up (null before a frame). */
    private SetupStatus setupStatus;
    /** While not null, the pieces are being checked against the game's position (after an undo or a restart). */
    private PositionSetup guide;
    private SetupStatus guideStatus;
    private InferenceEvent.Discrepancy discrepancy;
    private Move illegalMove;
    private Square promotionSquare;
    private boolean arbiterCalled;
    /** After an overrule, the foul's pieces are put back: an illegal move is signalled, not ruled, until in sync. */
    private boolean puttingBack;

    /** A new setup: nothing asked of the players but the setup. */
    void clear() {
        setupStatus = null;
        stopChecking();
        settled();
        arbiterCalled = false;
    }

    /** How the pieces stand against the start position while setting up (null: the game started). */
    void setupShows(SetupStatus status) {
        setupStatus = status;
    }

    /** The players check the pieces against {@code position} until they show it. */
    void checkAgainst(Position position, InferenceConfig config) {
        guide = new PositionSetup(position, config);
        guideStatus = null;
    }

    /** Compares a frame with the position the pieces are checked against; ready once they show it for long enough. */
    SetupStatus check(SensorFrame frame) {
        guideStatus = guide.onFrame(frame);
        return guideStatus;
    }

    /** Whether the pieces are being checked against the game's position. */
    boolean checking() {
        return guide != null;
    }

    /** The pieces are no longer checked. */
    void stopChecking() {
        guide = null;
        guideStatus = null;
    }

    /** A move waits for the promotion choice on {@code square}. */
    void askPromotion(Square square) {
        promotionSquare = square;
    }

    /** Whether a promotion choice is awaited. */
    boolean promotionAsked() {
        return promotionSquare != null;
    }

    /** No promotion choice is awaited any more (the game ended). */
    void promotionDropped() {
        promotionSquare = null;
    }

    /** The board shows what no move explains: these squares and slots are lit. */
    void differs(InferenceEvent.Discrepancy seen) {
        discrepancy = seen;
    }

    /** An illegal move is signalled until its pieces are put back (or for good when it lost). */
    void illegal(Move move) {
        illegalMove = move;
        promotionSquare = null;
    }

    /** Whether an overruled foul's pieces are being put back (an illegal move then is signalled, not ruled). */
    boolean puttingBack() {
        return puttingBack;
    }

    /** The arbiter overruled a foul: its pieces are put back. */
    void putBack() {
        puttingBack = true;
    }

    /** Moves counted or taken back: the board's wrong squares, illegal move and promotion question are over. */
    void boardMoved() {
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
    }

    /** The board agrees with the game again: nothing on it is wrong, an overruled foul is put back. */
    void settled() {
        boardMoved();
        puttingBack = false;
    }

    /** Whether the board waits for the arbiter. */
    boolean arbiterCalled() {
        return arbiterCalled;
    }

    /** The board calls the arbiter (or, {@code false}, the arbiter acted). */
    void arbiterCalled(boolean called) {
        arbiterCalled = called;
    }

    /** The illegal move signalled, or null. */
    Move illegalMove() {
        return illegalMove;
    }

    /** The square of a move waiting for a promotion choice, or null. */
    Square promotionSquare() {
        return promotionSquare;
    }

    /** The squares that differ from the position the board should show. */
    List<SquareMismatch> wrongSquares(BoardPhase phase) {
        if (phase == BoardPhase.SETTING_UP) {
            return setupStatus == null ? List.of() : setupStatus.squares();
        }
        return guideStatus != null ? guideStatus.squares() : discrepancy == null ? List.of() : discrepancy.squares();
    }

    /** The komadai slots that differ, likewise. */
    List<SlotMismatch> wrongSlots(BoardPhase phase) {
        if (phase == BoardPhase.SETTING_UP) {
            return setupStatus == null ? List.of() : setupStatus.slots();
        }
        return guideStatus != null ? guideStatus.slots() : discrepancy == null ? List.of() : discrepancy.slots();
    }

    /** The facts' prompts (the snapshot's {@code waitingFor}): what the board waits for, as of the view. */
    List<BoardFacts.Prompt> waitingFor(BoardView v) {
        List<BoardFacts.Prompt> waiting = new ArrayList<>(2);
        // the facts are made again every 100 ms while a clock runs: nothing wrong (the usual case) makes no text
        boolean allRight = v.wrongSquares().isEmpty() && v.wrongSlots().isEmpty();
        List<String> squares = allRight ? List.of() : v.wrongSquares().stream().map(SquareMismatch::place).toList();
        List<String> slots = allRight ? List.of() : v.wrongSlots().stream().map(SlotMismatch::place).toList();
        String both = allRight ? "" : (String.join(" ", v.wrongSquares().stream().map(SquareMismatch::describe)
                .toList()) + " " + String.join(" ", v.wrongSlots().stream().map(SlotMismatch::describe).toList()))
                .strip();
        if (v.phase() == BoardPhase.SETTING_UP) {
            waiting.add(new BoardFacts.Prompt(Kind.SETUP, squares, slots, null, both.isEmpty()
                    ? "the start position is set up" : both, null, null));
        } else if (v.phase() != BoardPhase.OVER) {
            if (!squares.isEmpty() || !slots.isEmpty()) {
                waiting.add(new BoardFacts.Prompt(Kind.PIECES, squares, slots, null, both, null, null));
            } else if (guide != null) {
                waiting.add(new BoardFacts.Prompt(Kind.PIECES, List.of(), List.of(), null,
                        "the pieces show the position; hold still", null, null));
            }
            if (v.illegalMove() != null) {
                waiting.add(new BoardFacts.Prompt(Kind.PUT_BACK, null, null, v.illegalMove(),
                        "put the pieces of the illegal move back", null, null));
            }
            if (v.promotionSquare() != null) {
                waiting.add(new BoardFacts.Prompt(Kind.PROMOTION, List.of(v.promotionSquare().usi()), null, null,
                        "promote on " + v.promotionSquare().usi() + "? press promote or confirm", null, null));
            }
        }
        if (arbiterCalled) {
            waiting.add(new BoardFacts.Prompt(Kind.ARBITER, null, null, null, "the arbiter is called", null, null));
        }
        return waiting;
    }
}
