package org.shogiban.simulator.console;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.inference.Sides;
import org.shogiban.rules.Side;
import org.shogiban.simulator.trace.Place;

/**
 * The wooden board, both komadai and the player's hand as the console's user handles them: which piece lies on each
 * square with which face up, how many pieces are in each komadai slot, and the pieces lifted and not yet put down.
 * Every change is written at once to the {@link MemoryBoard}'s sensors, as a real board's sensors would read it.
 * Owned by the console thread.
 */
final class ConsoleTable {
    private final MemoryBoard sensors;
    private final SensorKind kind;
    private final Piece[] squares = new Piece[81];
    private final int[] komadai = new int[14];
    /** Lifted pieces, the last lifted first. */
    private final Deque<Piece> held = new ArrayDeque<>();

    ConsoleTable(MemoryBoard sensors, SensorKind kind) {
        this.sensors = sensors;
        this.kind = kind;
    }

    /** Puts every piece where a position has it; the hand is emptied. */
    void layOut(Position position) {
        held.clear();
        for (int i = 0; i < 81; i++) {
            squares[i] = position.pieceAt(org.shogiban.rules.Square.ofIndex(i));
            writeSquare(i);
        }
        for (Side side : Side.values()) {
            int[] counts = position.hand(side).counts();
            for (int k = 0; k < 7; k++) {
                komadai[side.ordinal() * 7 + k] = counts[k];
                writeSlot(side.ordinal() * 7 + k);
            }
        }
    }

    /** Lifts the piece at a place into the hand; throws IllegalStateException when there is none. */
    Piece lift(Place place) {
        Piece piece = switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                if (squares[i] == null) {
                    throw new IllegalStateException("there is no piece on " + place.text());
                }
                Piece p = squares[i];
                squares[i] = null;
                writeSquare(i);
                yield p;
            }
            case Place.OnKomadai k -> {
                int i = slotIndex(k.player(), k.slot());
                if (komadai[i] == 0) {
                    throw new IllegalStateException("the komadai slot " + place.text() + " is empty");
                }
                komadai[i]--;
                writeSlot(i);
                yield Piece.of(Sides.side(k.player()), PieceType.HAND_KINDS[k.slot().ordinal()]);
            }
        };
        held.push(piece);
        return piece;
    }

    /**
     * Puts a held piece down: on a square the last lifted piece, with its promoted face up when {@code faceDown}; in a
     * komadai slot the last lifted piece of that slot's kind (else the last lifted), which joins that komadai.
     */
    Piece put(Place place, boolean faceDown) {
        if (held.isEmpty()) {
            throw new IllegalStateException("you hold no piece: lift one first");
        }
        return switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                if (squares[i] != null) {
                    throw new IllegalStateException("there is already a piece on " + place.text());
                }
                Piece p = held.peek();
                PieceType base = p.type().unpromoted();
                if (faceDown && !base.canPromote()) {
                    throw new IllegalStateException("a " + base.name().toLowerCase(java.util.Locale.ROOT)
                            + " has no promoted side");
                }
                held.pop();
                squares[i] = Piece.of(p.side(), faceDown ? base.promoted() : base);
                writeSquare(i);
                yield squares[i];
            }
            case Place.OnKomadai k -> {
                PieceType kind = PieceType.HAND_KINDS[k.slot().ordinal()];
                Piece p = takeHeld(kind);
                int i = slotIndex(k.player(), k.slot());
                komadai[i]++;
                writeSlot(i);
                yield Piece.of(Sides.side(k.player()), p.type().unpromoted());
            }
        };
    }

    private Piece takeHeld(PieceType kind) {
        for (Iterator<Piece> it = held.iterator(); it.hasNext(); ) {
            Piece p = it.next();
            if (p.type().unpromoted() == kind) {
                it.remove();
                return p;
            }
        }
        return held.pop();
    }

    /** The piece on a square (SFEN index) as it lies, or null. */
    Piece at(int index) {
        return squares[index];
    }

    /** The count in a komadai slot. */
    int komadai(Player player, KomadaiSlot slot) {
        return komadai[slotIndex(player, slot)];
    }

    /** The pieces in the hand, the last lifted first. */
    Iterable<Piece> held() {
        return held;
    }

    private void writeSquare(int i) {
        Piece p = squares[i];
        SquareReading reading = p == null ? SquareReading.EMPTY
                : kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED
                : p.type().isPromoted() ? SquareReading.FACE_DOWN : SquareReading.FACE_UP;
        sensors.squares.set(i, reading);
    }

    private void writeSlot(int i) {
        sensors.komadai.set(Player.values()[i / 7], KomadaiSlot.values()[i % 7], komadai[i]);
    }

    private static int slotIndex(Player player, KomadaiSlot slot) {
        return player.ordinal() * 7 + slot.ordinal();
    }
}
