package org.shogiban.simulator.trace;

import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.inference.Sides;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/** Where a hand lifts or puts a piece: a square of the board or a slot of a komadai (駒台, piece stand). */
public sealed interface Place {

    /** The trace format's text: {@code 7g} or {@code sente:P}. */
    String text();

    /** A square in USI coordinates. */
    record OnSquare(Square square) implements Place {
        @Override
        public String text() {
            return org.shogiban.inference.Places.square(square);
        }
    }

    /** One slot of a player's komadai, one per unpromoted kind. */
    record OnKomadai(Player player, KomadaiSlot slot) implements Place {
        @Override
        public String text() {
            return org.shogiban.inference.Places.slot(player, slot);
        }
    }

    /** Reads {@code 7g}, {@code sente:P} or {@code gote:R}; throws IllegalArgumentException saying what is wrong. */
    static Place parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0) {
            if (text.length() != 2 || text.charAt(0) < '1' || text.charAt(0) > '9' || text.charAt(1) < 'a'
                    || text.charAt(1) > 'i') {
                throw new IllegalArgumentException("'" + text + "' is neither a square (like 7g) nor a komadai slot"
                        + " (like sente:P)");
            }
            return new OnSquare(Square.parse(text));
        }
        Player player = Side.read(text.substring(0, colon)).map(Sides::player).orElseThrow(() ->
                new IllegalArgumentException("komadai '" + text + "': the player is sente or gote"));
        String kind = text.substring(colon + 1);
        PieceType type = kind.length() == 1 ? PieceType.fromLetter(kind.charAt(0)) : null;
        if (type == null || type == PieceType.KING) {
            throw new IllegalArgumentException("komadai '" + text + "': the slot is one of P L N S G B R");
        }
        return new OnKomadai(player, KomadaiSlot.values()[type.handIndex()]);
    }
}
