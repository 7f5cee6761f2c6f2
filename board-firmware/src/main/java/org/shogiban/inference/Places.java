package org.shogiban.inference;

import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.rules.Square;

/**
 * The one way places on the board are written, everywhere the board names one (the snapshot's {@code waitingFor},
 * the link's {@code DISCREPANCY}, the console, the web page's hooks, handling traces): a square in USI coordinates
 * ({@code 7g}) or a komadai slot as its owner and the SFEN letter of the kind it holds ({@code sente:P},
 * {@code gote:R}).
 */
public final class Places {
    private Places() {
    }

    /** {@code 7g}. */
    public static String square(Square square) {
        return square.usi();
    }

    /** {@code sente:P}. */
    public static String slot(Player player, KomadaiSlot slot) {
        return Sides.side(player).label() + ":" + Sides.kind(slot).letter();
    }
}
