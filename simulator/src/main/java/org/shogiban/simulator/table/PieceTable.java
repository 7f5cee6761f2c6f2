package org.shogiban.simulator.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryKomadaiSensors;
import org.shogiban.hal.memory.MemorySquareSensors;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.simulator.trace.Place;

/**
 * The wooden pieces as the page's hands move them: which piece lies on each square with which face up, how many
 * pieces lie in each komadai slot, and the pieces lifted and held in the air. Every change is written at once to the
 * simulated sensors, as the real sensors would read it: an occupancy board sees only that a square is occupied, a
 * polarity board also which face is up, a komadai slot only its count. The page never tells the firmware more.
 *
 * <p>Thread-safe: requests from several pages arrive on the server's threads.
 */
public final class PieceTable {
    /** More pieces in the air than a game has is a page gone wrong, not a player. */
    static final int MAX_HELD = 40;

    private final SensorKind kind;
    private final MemorySquareSensors squareSensors;
    private final MemoryKomadaiSensors komadaiSensors;
    private final Piece[] squares = new Piece[81];
    /** Pieces in the air, index 0 the last lifted; a piece's face is its kind (a promoted kind has that face up). */
    private final List<Piece> held = new ArrayList<>();
    private final int[] komadai = new int[14];

    public PieceTable(SensorKind kind, MemorySquareSensors squares, MemoryKomadaiSensors komadai) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.squareSensors = Objects.requireNonNull(squares, "squares");
        this.komadaiSensors = Objects.requireNonNull(komadai, "komadai");
    }

    /** What the sensors can tell. */
    public SensorKind kind() {
        return kind;
    }

    /** Puts every piece where a position has it and empties the hands (the organiser sets the board up). */
    public synchronized void layOut(Position position) {
        held.clear();
        for (int i = 0; i < 81; i++) {
            squares[i] = position.pieceAt(Square.ofIndex(i));
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

    /** Lifts the piece at a place into the air; IllegalStateException when there is none. */
    public synchronized Piece lift(Place place) {
        if (held.size() >= MAX_HELD) {
            throw new IllegalStateException("the hands hold " + MAX_HELD + " pieces already: put one down first");
        }
        Piece piece = switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                Piece p = squares[i];
                if (p == null) {
                    throw new IllegalStateException("there is no piece on " + place.text());
                }
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
                yield Piece.of(side(k.player()), PieceType.HAND_KINDS[k.slot().ordinal()]);
            }
        };
        held.add(0, piece);
        return piece;
    }

    /**
     * Puts a held piece down at a place: on a square with the face it has in the air, in a komadai slot (which it then
     * counts in, whatever its kind) face up and owned by that komadai's player. {@code index} chooses the held piece
     * (0 = the last lifted); null takes the last lifted, or for a komadai slot the last lifted piece of the slot's kind.
     */
    public synchronized Piece put(Place place, Integer index) {
        if (held.isEmpty()) {
            throw new IllegalStateException("no piece is held: lift one first");
        }
        int which = index != null ? checkedHeld(index) : place instanceof Place.OnKomadai k ? heldOfKind(k.slot()) : 0;
        return switch (place) {
            case Place.OnSquare s -> {
                int i = s.square().index();
                if (squares[i] != null) {
                    throw new IllegalStateException("there is already a piece on " + place.text());
                }
                Piece p = held.remove(which);
                squares[i] = p;
                writeSquare(i);
                yield p;
            }
            case Place.OnKomadai k -> {
                if (held.get(which).type() == PieceType.KING) {
                    throw new IllegalStateException("a king has no komadai slot");
                }
                Piece p = held.remove(which);
                int i = slotIndex(k.player(), k.slot());
                komadai[i]++;
                writeSlot(i);
                yield Piece.of(side(k.player()), p.type().unpromoted());
            }
        };
    }

    /**
     * Puts a held piece down as the console's {@code place} does: on a square the last lifted piece, its promoted
     * side up when {@code promotedSideUp} (else its unpromoted side); in a komadai slot the last lifted piece of that
     * slot's kind (else the last lifted).
     */
    public synchronized Piece put(Place place, boolean promotedSideUp) {
        if (held.isEmpty()) {
            throw new IllegalStateException("no piece is held: lift one first");
        }
        if (place instanceof Place.OnSquare s) {
            Piece p = held.get(0);
            PieceType base = p.type().unpromoted();
            if (promotedSideUp && !base.canPromote()) {
                throw new IllegalStateException("a " + base.name().toLowerCase(Locale.ROOT) + " has no promoted side");
            }
            if (squares[s.square().index()] == null) {
                held.set(0, Piece.of(p.side(), promotedSideUp ? base.promoted() : base));
            }
        }
        return put(place, (Integer) null);
    }

    /** The piece on a square (SFEN index) as it lies, or null. */
    public synchronized Piece at(int index) {
        return squares[index];
    }

    /** The count in a komadai slot. */
    public synchronized int komadai(Player player, KomadaiSlot slot) {
        return komadai[slotIndex(player, slot)];
    }

    /** Turns a held piece over in the air; no sensor sees it until it is put down. */
    public synchronized Piece flipHeld(int index) {
        int i = checkedHeld(index);
        Piece p = held.get(i);
        PieceType base = p.type().unpromoted();
        if (!base.canPromote()) {
            throw new IllegalStateException("a " + base.name().toLowerCase(Locale.ROOT) + " has no promoted side");
        }
        Piece flipped = Piece.of(p.side(), p.type().isPromoted() ? base : base.promoted());
        held.set(i, flipped);
        return flipped;
    }

    /** What lies where now. */
    public synchronized TableView view() {
        int[] counts = komadai.clone();
        return new TableView(squares.clone(), counts, List.copyOf(held));
    }

    private int checkedHeld(int index) {
        if (index < 0 || index >= held.size()) {
            throw new IllegalArgumentException("held piece " + index + " does not exist; "
                    + held.size() + " held");
        }
        return index;
    }

    private int heldOfKind(KomadaiSlot slot) {
        PieceType kind = PieceType.HAND_KINDS[slot.ordinal()];
        for (int i = 0; i < held.size(); i++) {
            if (held.get(i).type().unpromoted() == kind) {
                return i;
            }
        }
        return 0;
    }

    private void writeSquare(int i) {
        Piece p = squares[i];
        SquareReading reading = p == null ? SquareReading.EMPTY
                : kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED
                : p.type().isPromoted() ? SquareReading.FACE_DOWN : SquareReading.FACE_UP;
        squareSensors.set(i, reading);
    }

    private void writeSlot(int i) {
        komadaiSensors.set(Player.values()[i / 7], KomadaiSlot.values()[i % 7], komadai[i]);
    }

    static int slotIndex(Player player, KomadaiSlot slot) {
        return player.ordinal() * 7 + slot.ordinal();
    }

    private static Side side(Player player) {
        return player == Player.SENTE ? Side.SENTE : Side.GOTE;
    }

    /**
     * The table at one moment.
     *
     * @param squares the piece on each square in SFEN order (null when empty), as it lies
     * @param komadai the count of each slot: sente's seven then gote's, in {@link KomadaiSlot} order
     * @param held the pieces in the air, the last lifted first
     */
    public record TableView(Piece[] squares, int[] komadai, List<Piece> held) {
        public TableView {
            squares = squares.clone();
            komadai = komadai.clone();
            held = List.copyOf(held);
        }

        /** The piece on a square, or null. */
        public Piece at(Square square) {
            return squares[square.index()];
        }

        /** The count in a slot. */
        public int count(Player player, KomadaiSlot slot) {
            return komadai[slotIndex(player, slot)];
        }

        @Override
        public Piece[] squares() {
            return squares.clone();
        }

        @Override
        public int[] komadai() {
            return komadai.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TableView t && java.util.Arrays.equals(squares, t.squares)
                    && java.util.Arrays.equals(komadai, t.komadai) && held.equals(t.held);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(squares) * 31 + java.util.Arrays.hashCode(komadai) + held.hashCode();
        }

        @Override
        public String toString() {
            return "TableView[" + held.size() + " held]";
        }
    }
}
