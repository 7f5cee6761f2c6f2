package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import java.util.Arrays;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * What a position should look like to the sensors: the piece on each square (so a discrepancy can say what belongs
 * there) and the count in each komadai slot. Also models a move physically, legal or not: the piece goes from one
 * square to another, a captured piece to its capturer's komadai in the slot of its unpromoted kind.
 */
public final class ExpectedFrame {
    private final Piece[] pieces;
    private final int[] komadai;

    private ExpectedFrame(Piece[] pieces, int[] komadai) {
        this.pieces = pieces;
        this.komadai = komadai;
    }

    /** The picture of a position. */
    public static ExpectedFrame of(Position position) {
        Piece[] p = new Piece[81];
        for (int i = 0; i < 81; i++) {
            p[i] = position.pieceAt(Square.ofIndex(i));
        }
        int[] k = new int[14];
        for (Side side : Side.values()) {
            int[] counts = position.hand(side).counts();
            System.arraycopy(counts, 0, k, side.ordinal() * 7, 7);
        }
        return new ExpectedFrame(p, k);
    }

    /** The piece that belongs on a square (SFEN index), or null for an empty square. */
    public Piece pieceAt(int index) {
        return pieces[index];
    }

    /** How many pieces belong in a slot of a player's komadai. */
    public int komadai(Player player, KomadaiSlot slot) {
        return komadai[player.ordinal() * 7 + slot.ordinal()];
    }

    int komadai(int slotIndex) {
        return komadai[slotIndex];
    }

    /** What a sensor of a kind should read on a square. */
    public SquareReading reading(int index, SensorKind kind) {
        Piece p = pieces[index];
        if (p == null) {
            return SquareReading.EMPTY;
        }
        if (kind == SensorKind.OCCUPANCY) {
            return SquareReading.OCCUPIED;
        }
        return p.type().isPromoted() ? SquareReading.FACE_DOWN : SquareReading.FACE_UP;
    }

    /** Whether a sensor reading agrees with what belongs on a square (a face-blind OCCUPIED matches either face). */
    boolean agrees(int index, SquareReading actual, SensorKind kind) {
        Piece p = pieces[index];
        if (p == null || actual == SquareReading.EMPTY) {
            return p == null && actual == SquareReading.EMPTY;
        }
        if (kind == SensorKind.OCCUPANCY || actual == SquareReading.OCCUPIED) {
            return true;
        }
        return (actual == SquareReading.FACE_DOWN) == p.type().isPromoted();
    }

    /** The sensor frame a perfect board of a kind would produce for this picture at a time. */
    public SensorFrame toSensorFrame(long timeMillis, SensorKind kind) {
        SquareReading[] s = new SquareReading[81];
        for (int i = 0; i < 81; i++) {
            s[i] = reading(i, kind);
        }
        return new SensorFrame(timeMillis, s, komadai);
    }

    /**
     * The picture after a board move made with the piece on {@code move.from()}, whoever owns it (a move of the
     * opponent's piece is modelled too, for the rules to reject), or null when it cannot be made physically: no
     * piece to move, a piece of the same owner or a king on the target, or promoting a kind that cannot.
     */
    ExpectedFrame afterBoardMove(Move move) {
        int from = move.from().index();
        int to = move.to().index();
        Piece moving = pieces[from];
        if (moving == null) {
            return null;
        }
        Piece captured = pieces[to];
        if (captured != null && (captured.side() == moving.side() || captured.type() == PieceType.KING)) {
            return null;
        }
        if (move.promote() && !moving.type().canPromote()) {
            return null;
        }
        Piece[] p = pieces.clone();
        int[] k = komadai;
        p[from] = null;
        p[to] = move.promote() ? Piece.of(moving.side(), moving.type().promoted()) : moving;
        if (captured != null) {
            k = komadai.clone();
            k[Sides.slotIndex(moving.side(), captured.type())]++;
        }
        return new ExpectedFrame(p, k);
    }

    /**
     * The picture after a piece of a kind is taken from a side's komadai and put on a square, face up or with its
     * promoted side up ({@code promotedFace}), whoever's turn it is (a drop from the wrong komadai or face down is
     * modelled too, for the rules to reject). Null when it cannot be made physically: the slot is empty, the square
     * is not, or the kind has no promoted side to show.
     */
    ExpectedFrame afterDrop(Side slotOwner, PieceType kind, Square to, boolean promotedFace) {
        int slot = Sides.slotIndex(slotOwner, kind);
        if (komadai[slot] == 0 || pieces[to.index()] != null || (promotedFace && !kind.canPromote())) {
            return null;
        }
        Piece[] p = pieces.clone();
        int[] k = komadai.clone();
        p[to.index()] = Piece.of(slotOwner, promotedFace ? kind.promoted() : kind);
        k[slot]--;
        return new ExpectedFrame(p, k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExpectedFrame e && Arrays.equals(pieces, e.pieces) && Arrays.equals(komadai, e.komadai);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(pieces) * 31 + Arrays.hashCode(komadai);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ExpectedFrame ");
        for (int i = 0; i < 81; i++) {
            sb.append(pieces[i] == null ? "." : pieces[i].sfen());
            if (i % 9 == 8 && i < 80) {
                sb.append('/');
            }
        }
        return sb.append(" komadai ").append(Arrays.toString(komadai)).toString();
    }
}
