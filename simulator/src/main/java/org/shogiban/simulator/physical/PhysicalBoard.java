package org.shogiban.simulator.physical;

import org.shogiban.hal.SquareReading;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Position;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.trace.TraceEvent;

/**
 * The wooden board and its two komadai as hands leave them: which squares hold a piece and with which face up, and
 * how many pieces lie in each komadai slot. Mutable; owned by whoever replays a trace.
 */
public final class PhysicalBoard {
    private static final byte EMPTY = 0;
    private static final byte UP = 1;
    private static final byte DOWN = 2;

    private final byte[] squares = new byte[81];
    private final int[] komadai = new int[14];

    /** The board as a position is set up on it. */
    public PhysicalBoard(Position start) {
        ExpectedFrame picture = ExpectedFrame.of(start);
        for (int i = 0; i < 81; i++) {
            squares[i] = switch (picture.reading(i, SensorKind.POLARITY)) {
                case EMPTY -> EMPTY;
                case FACE_DOWN -> DOWN;
                default -> UP;
            };
        }
        int[] counts = picture.toSensorFrame(0, SensorKind.POLARITY).komadaiCounts();
        System.arraycopy(counts, 0, komadai, 0, 14);
    }

    /** Applies a lift or put (presses do nothing); throws IllegalStateException when it cannot happen. */
    public void apply(TraceEvent event) {
        switch (event) {
            case TraceEvent.Lift lift -> lift(lift.place());
            case TraceEvent.Put put -> put(put.place(), put.faceDown());
            case TraceEvent.Press press -> {
                // buttons are not on the board
            }
        }
    }

    private void lift(Place place) {
        switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                if (squares[i] == EMPTY) {
                    throw new IllegalStateException("lift " + place.text() + ": no piece there");
                }
                squares[i] = EMPTY;
            }
            case Place.OnKomadai k -> {
                int i = k.player().ordinal() * 7 + k.slot().ordinal();
                if (komadai[i] == 0) {
                    throw new IllegalStateException("lift " + place.text() + ": the slot is empty");
                }
                komadai[i]--;
            }
        }
    }

    private void put(Place place, boolean faceDown) {
        switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                if (squares[i] != EMPTY) {
                    throw new IllegalStateException("place " + place.text() + ": a piece is already there");
                }
                squares[i] = faceDown ? DOWN : UP;
            }
            case Place.OnKomadai k -> komadai[k.player().ordinal() * 7 + k.slot().ordinal()]++;
        }
    }

    /** What a perfect sensor of a kind reads on a square now. */
    public SquareReading reading(int index, SensorKind kind) {
        return switch (squares[index]) {
            case EMPTY -> SquareReading.EMPTY;
            case DOWN -> kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED : SquareReading.FACE_DOWN;
            default -> kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED : SquareReading.FACE_UP;
        };
    }

    /** The count in a komadai slot, by its index among the 14 (sente's 7 then gote's). */
    public int komadai(int slotIndex) {
        return komadai[slotIndex];
    }

    /** Whether a square holds a piece. */
    public boolean occupied(int index) {
        return squares[index] != EMPTY;
    }
}
