package org.shogiban.inference;

import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.rules.Verdict;

/** What the move inference tells the rest of the firmware about the players' handling of the pieces. */
public sealed interface InferenceEvent {

    /** When the board saw it, in the scan clock's milliseconds. */
    long timeMillis();

    /**
     * A move was made. A legal move is now part of the game; an illegal one is not (the game stays where it was and
     * the board waits for the position to be restored), and the verdict says which rule it breaks. A drop of a
     * piece taken from the opponent's komadai, or put down with its promoted side up, is such an illegal move
     * (written as the plain drop, e.g. {@code P*5e}).
     */
    record MoveCompleted(long timeMillis, Move move, Verdict verdict) implements InferenceEvent {
        /** Whether the rules accepted the move. */
        public boolean isLegal() {
            return verdict.isLegal();
        }
    }

    /** On an occupancy-only board, a move that may promote or not is waiting for the player's choice. */
    record PromotionPending(long timeMillis, Square square, Move withoutPromotion) implements InferenceEvent {
    }

    /** A takeback (待った, matta): the players restored an earlier position; the listed moves are undone, last first. */
    record TakeBack(long timeMillis, List<Move> undone, Position restored) implements InferenceEvent {
        public TakeBack {
            undone = List.copyOf(undone);
        }
    }

    /**
     * The board has stayed in a state that no move explains: exactly which squares and komadai slots differ from the
     * expected position, and what belongs there.
     */
    record Discrepancy(long timeMillis, List<SquareMismatch> squares, List<SlotMismatch> slots)
            implements InferenceEvent {
        public Discrepancy {
            squares = List.copyOf(squares);
            slots = List.copyOf(slots);
        }

        /** Every mismatch, squares first, separated by spaces: {@code 7g(expected P, read empty) sente:P(...)}. */
        public String describe() {
            StringBuilder sb = new StringBuilder();
            for (SquareMismatch m : squares) {
                sb.append(sb.isEmpty() ? "" : " ").append(m.describe());
            }
            for (SlotMismatch m : slots) {
                sb.append(sb.isEmpty() ? "" : " ").append(m.describe());
            }
            return sb.toString();
        }

        /** Whether both lists are empty (never reported: an empty discrepancy is no discrepancy). */
        public boolean isEmpty() {
            return squares.isEmpty() && slots.isEmpty();
        }
    }

    /** After a discrepancy or an illegal move, the board agrees with the expected position again. */
    record BackInSync(long timeMillis, Position position) implements InferenceEvent {
    }
}
