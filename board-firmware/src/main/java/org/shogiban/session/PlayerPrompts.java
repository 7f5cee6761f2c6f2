package org.shogiban.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.PositionSetup;
import org.shogiban.inference.SetupStatus;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Square;

/**
 * What the board asks of the players (and the arbiter) now: the pieces to set up or to check, a discrepancy to put
 * right, an illegal move to put back, a promotion to choose, the arbiter to come. The session sets these as it rules;
 * the view's wrong squares and the snapshot's {@code waitingFor} are read from here. Not thread-safe.
 */
final class PlayerPrompts {
    /** How far the pieces stand from the start position while setting up (null before a frame). */
    SetupStatus setupStatus;
    /** While not null, the pieces are being checked against the game's position (after an undo or a restart). */
    PositionSetup guide;
    SetupStatus guideStatus;
    InferenceEvent.Discrepancy discrepancy;
    Move illegalMove;
    Square promotionSquare;
    boolean arbiterCalled;
    /** After an overrule, the foul's pieces are put back: an illegal move is signalled, not ruled, until in sync. */
    boolean puttingBack;

    /** A new setup: nothing asked of the players but the setup. */
    void clear() {
        setupStatus = null;
        guide = null;
        guideStatus = null;
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        arbiterCalled = false;
        puttingBack = false;
    }

    /** A move counted (or the board is back in sync): what was wrong on the board is settled. */
    void settled() {
        discrepancy = null;
        illegalMove = null;
        promotionSquare = null;
        puttingBack = false;
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

    /** The snapshot's {@code waitingFor}: what the board waits for, as of the view. */
    List<BoardSnapshot.Waiting> waitingFor(BoardView v) {
        List<BoardSnapshot.Waiting> waiting = new ArrayList<>(2);
        List<String> squares = v.wrongSquares().stream().map(m -> m.square().usi()).toList();
        List<String> slots = v.wrongSlots().stream().map(m -> m.player().name().toLowerCase(Locale.ROOT)
                + ":" + slotLetter(m.slot())).toList();
        String detail = String.join(" ", v.wrongSquares().stream().map(SquareMismatch::describe).toList());
        String slotDetail = String.join(" ", v.wrongSlots().stream().map(SlotMismatch::describe).toList());
        String both = (detail + " " + slotDetail).strip();
        if (v.phase() == BoardPhase.SETTING_UP) {
            waiting.add(new BoardSnapshot.Waiting("setup", squares, slots, null, both.isEmpty()
                    ? "the start position is set up" : both));
        } else if (v.phase() != BoardPhase.OVER) {
            if (!squares.isEmpty() || !slots.isEmpty()) {
                waiting.add(new BoardSnapshot.Waiting("pieces", squares, slots, null, both));
            } else if (guide != null) {
                waiting.add(new BoardSnapshot.Waiting("pieces", List.of(), List.of(), null,
                        "the pieces show the position; hold still"));
            }
            if (v.illegalMove() != null) {
                waiting.add(new BoardSnapshot.Waiting("put-back", null, null, v.illegalMove().usi(),
                        "put the pieces of the illegal move back"));
            }
            if (v.promotionSquare() != null) {
                waiting.add(new BoardSnapshot.Waiting("promotion", List.of(v.promotionSquare().usi()), null, null,
                        "promote on " + v.promotionSquare().usi() + "? press promote or confirm"));
            }
        }
        if (arbiterCalled) {
            waiting.add(new BoardSnapshot.Waiting("arbiter", null, null, null, "the arbiter is called"));
        }
        return waiting;
    }

    private static char slotLetter(KomadaiSlot slot) {
        return PieceType.HAND_KINDS[slot.ordinal()].letter();
    }
}
