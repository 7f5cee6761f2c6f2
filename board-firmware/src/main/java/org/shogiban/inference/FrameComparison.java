package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Square;

/**
 * Compares sensor frames with expected pictures. Captured pieces not yet put on the komadai (still in the player's
 * hand or at the board's edge) are tolerated: a slot may read up to {@code pending[slot]} fewer than expected. A slot
 * whose sensor failed ({@link SensorFrame#UNKNOWN}) matches any count.
 */
final class FrameComparison {
    private FrameComparison() {
    }

    static boolean matches(ExpectedFrame expected, int[] pending, SensorFrame frame, SensorKind kind) {
        for (int i = 0; i < 81; i++) {
            if (!expected.agrees(i, frame.square(i), kind)) {
                return false;
            }
        }
        return slotsMatch(expected, pending, frame);
    }

    static boolean slotsMatch(ExpectedFrame expected, int[] pending, SensorFrame frame) {
        Player[] players = Player.values();
        KomadaiSlot[] slots = KomadaiSlot.values();
        for (int i = 0; i < 14; i++) {
            int actual = frame.komadai(players[i / 7], slots[i % 7]);
            int want = expected.komadai(i);
            if (actual != SensorFrame.UNKNOWN && (actual > want || actual < want - pending[i])) {
                return false;
            }
        }
        return true;
    }

    /** Every square and slot that disagrees, in SFEN order then sente's slots then gote's. */
    static InferenceEvent.Discrepancy discrepancy(long time, ExpectedFrame expected, int[] pending, SensorFrame frame,
                                                 SensorKind kind) {
        List<SquareMismatch> squares = new ArrayList<>();
        for (int i = 0; i < 81; i++) {
            if (!expected.agrees(i, frame.square(i), kind)) {
                squares.add(new SquareMismatch(Square.ofIndex(i), expected.pieceAt(i), frame.square(i)));
            }
        }
        List<SlotMismatch> slots = new ArrayList<>();
        Player[] players = Player.values();
        KomadaiSlot[] kinds = KomadaiSlot.values();
        for (int i = 0; i < 14; i++) {
            int actual = frame.komadai(players[i / 7], kinds[i % 7]);
            int want = expected.komadai(i);
            if (actual != SensorFrame.UNKNOWN && (actual > want || actual < want - pending[i])) {
                slots.add(new SlotMismatch(players[i / 7], kinds[i % 7], want, actual));
            }
        }
        return new InferenceEvent.Discrepancy(time, squares, slots);
    }

    /** Lowers each pending count to what the frame still lacks, once pieces reach their komadai. */
    static void settlePending(ExpectedFrame expected, int[] pending, SensorFrame frame) {
        Player[] players = Player.values();
        KomadaiSlot[] slots = KomadaiSlot.values();
        for (int i = 0; i < 14; i++) {
            int actual = frame.komadai(players[i / 7], slots[i % 7]);
            if (actual != SensorFrame.UNKNOWN) {
                pending[i] = Math.max(0, Math.min(pending[i], expected.komadai(i) - actual));
            }
        }
    }
}
