package org.shogiban.simulator.console;

import java.util.List;
import java.util.Locale;
import org.shogiban.session.BoardView;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.StatusLed;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.simulator.table.PieceTable;

/**
 * Draws the console board as text: both komadai, the 81 squares with the pieces as they physically lie (SFEN letters:
 * sente upper case, gote lower case, {@code +} for a promoted face), the LED colours as markers around each square
 * and slot, the status LEDs, the game's state and the last events.
 */
final class BoardDrawing {
    /** The LED legend, in the order the markers are drawn. */
    static final String LEGEND = "LEDs: (x) last move  ?x? wrong square/slot  !x! illegal move  <x> promotion?"
            + "  {x} the engine's move to make  ^x^ hint";

    private BoardDrawing() {
    }

    static String draw(PieceTable table, LedFrame leds, BoardView view, List<String> lastEvents) {
        StringBuilder sb = new StringBuilder();
        sb.append("  gote komadai : ").append(komadai(table, leds, Player.GOTE)).append('\n');
        sb.append("   ");
        for (int file = 9; file >= 1; file--) {
            sb.append("  ").append(file).append(' ');
        }
        sb.append('\n');
        String rule = "  +" + "-".repeat(36) + "+\n";
        sb.append(rule);
        for (int rank = 1; rank <= 9; rank++) {
            sb.append("  |");
            for (int file = 9; file >= 1; file--) {
                int index = (rank - 1) * 9 + (9 - file);
                String[] marks = marks(leds.square(index));
                sb.append(marks[0]).append(piece(table.at(index))).append(marks[1]);
            }
            sb.append("| ").append((char) ('a' + rank - 1)).append('\n');
        }
        sb.append(rule);
        sb.append("  sente komadai: ").append(komadai(table, leds, Player.SENTE)).append('\n');
        StringBuilder hand = new StringBuilder();
        for (Piece p : table.view().held()) {
            hand.append(hand.isEmpty() ? "" : " ").append(p.sfen());
        }
        if (!hand.isEmpty()) {
            sb.append("  in your hand: ").append(hand).append('\n');
        }
        sb.append("  status LEDs  : ").append(status(leds)).append('\n');
        sb.append("  game         : ").append(state(view)).append('\n');
        flipAsked(table, view).ifPresent(sq -> sb.append("  turn it over : the piece on ").append(sq)
                .append(" promoted side up (this board cannot see it): lift ").append(sq).append(", place ")
                .append(sq).append(" down\n"));
        for (String e : lastEvents) {
            sb.append("  | ").append(e).append('\n');
        }
        return sb.toString();
    }

    /**
     * The square whose piece the player must turn over: on an occupancy board the last move promoted (成 was pressed)
     * and the piece on its square still lies unpromoted side up.
     */
    static java.util.Optional<String> flipAsked(PieceTable table, BoardView view) {
        if (table.kind() != org.shogiban.hal.SensorKind.OCCUPANCY
                || view.phase() != org.shogiban.session.BoardPhase.PLAYING || view.lastMove() == null
                || !view.lastMove().promote()) {
            return java.util.Optional.empty();
        }
        Piece lying = table.at(view.lastMove().to().index());
        return lying != null && !lying.type().isPromoted() ? java.util.Optional.of(view.lastMove().to().usi())
                : java.util.Optional.empty();
    }

    private static String piece(Piece p) {
        if (p == null) {
            return " .";
        }
        String s = p.sfen();
        return s.length() == 1 ? " " + s : s;
    }

    private static String komadai(PieceTable table, LedFrame leds, Player player) {
        StringBuilder sb = new StringBuilder();
        for (int k = KomadaiSlot.values().length - 1; k >= 0; k--) {
            KomadaiSlot slot = KomadaiSlot.values()[k];
            String letter = String.valueOf(PieceType.HAND_KINDS[k].letter());
            if (player == Player.GOTE) {
                letter = letter.toLowerCase(Locale.ROOT);
            }
            String[] marks = marks(leds.komadai(player, slot));
            sb.append(marks[0]).append(letter).append(table.komadai(player, slot)).append(marks[1]);
        }
        return sb.toString();
    }

    /** The two characters drawn around a square or slot for its LED colour. */
    static String[] marks(Colour colour) {
        if (!colour.isLit()) {
            return new String[] {" ", " "};
        }
        if (colour.equals(LedPlanner.ILLEGAL)) {
            return new String[] {"!", "!"};
        }
        if (colour.equals(LedPlanner.WRONG)) {
            return new String[] {"?", "?"};
        }
        if (colour.equals(LedPlanner.PROMOTION)) {
            return new String[] {"<", ">"};
        }
        if (colour.equals(LedPlanner.OPPONENT_MOVE)) {
            return new String[] {"{", "}"};
        }
        if (colour.equals(LedPlanner.HINT)) {
            return new String[] {"^", "^"};
        }
        if (colour.equals(LedPlanner.LAST_MOVE)) {
            return new String[] {"(", ")"};
        }
        return new String[] {"*", "*"};
    }

    private static String status(LedFrame leds) {
        StringBuilder sb = new StringBuilder();
        for (StatusLed led : StatusLed.values()) {
            Colour c = leds.status(led);
            String name = led.name().toLowerCase(Locale.ROOT).replace('_', ' ');
            sb.append(c.isLit() ? "[" + name + "] " : "");
        }
        return sb.isEmpty() ? "(all off)" : sb.toString().strip();
    }

    private static String state(BoardView view) {
        return switch (view.phase()) {
            case SETTING_UP -> "setting up (" + (view.wrongSquares().size() + view.wrongSlots().size())
                    + " squares/slots wrong), " + view.position().sideToMove().label() + " moves first";
            case PAUSED -> "paused by the arbiter at ply " + view.plies() + ", " + view.position().sideToMove().label()
                    + " to move";
            case PLAYING -> "ply " + view.plies() + (view.lastMove() == null ? "" : ", last " + view.lastMove().usi())
                    + ", " + view.position().sideToMove().label() + " to move"
                    + (view.position().isInCheck() ? " (in check)" : "");
            case OVER -> "over after " + view.plies() + " plies: "
                    + view.result().status().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + (view.result().winner() == null ? ", no winner" : ", " + view.result().winner().label()
                    + " wins") + " (press menu for the next game)";
        };
    }
}
