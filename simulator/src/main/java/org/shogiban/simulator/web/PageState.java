package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.StatusLed;
import org.shogiban.rules.Piece;
import org.shogiban.rules.Square;
import org.shogiban.simulator.table.PieceTable;

/**
 * Everything one page draws, as one JSON object: the board's snapshot ({@code state}), the wooden pieces as they lie
 * with the LED under each square and slot, the status LEDs and the pieces held in the air. Sent whole on every change:
 * a page never has to merge.
 */
final class PageState {
    private PageState() {
    }

    /** The page's view of a board now. */
    static ObjectNode of(WebBoard board) {
        ObjectNode page = JsonNodeFactory.instance.objectNode();
        // the snapshot's own text, as the board wrote it: the page embeds it, nothing here reads it back
        page.putRawValue("state", new com.fasterxml.jackson.databind.util.RawValue(board.stateJson()));
        page.set("prompt", board.prompt());
        WebBoard.Setup setup = board.setup();
        ObjectNode s = page.putObject("setup");
        s.put("sensors", setup.sensors().name().toLowerCase(Locale.ROOT));
        s.put("mode", setup.mode());
        s.put("time", setup.time());
        s.put("start", setup.start());

        LedFrame leds = board.leds();
        PieceTable.TableView table = board.table();
        ObjectNode squares = page.putObject("squares");
        for (int i = 0; i < 81; i++) {
            Square sq = Square.ofIndex(i);
            ObjectNode o = squares.putObject(sq.usi());
            Piece p = table.at(sq);
            o.put("piece", p == null ? "" : p.sfen());
            o.put("led", name(leds.square(i)));
        }
        ObjectNode komadai = page.putObject("komadai");
        for (Player player : Player.values()) {
            for (KomadaiSlot slot : KomadaiSlot.values()) {
                ObjectNode o = komadai.putObject(slotName(player, slot));
                o.put("count", table.count(player, slot));
                o.put("led", name(leds.komadai(player, slot)));
            }
        }
        ObjectNode status = page.putObject("status");
        for (StatusLed led : StatusLed.values()) {
            status.put(led.name().toLowerCase(Locale.ROOT).replace('_', '-'), name(leds.status(led)));
        }
        ArrayNode held = page.putArray("held");
        for (Piece p : table.held()) {
            held.add(p.sfen());
        }
        return page;
    }

    /** {@code sente:P}, the trace format's and the page's name of a komadai slot. */
    static String slotName(Player player, KomadaiSlot slot) {
        return org.shogiban.inference.Places.slot(player, slot);
    }

    /**
     * The page's word for an LED colour: {@code off}, {@code blue}, {@code red}, {@code orange}, {@code magenta},
     * {@code green}, {@code white} or {@code yellow}; another colour gets the nearest of these.
     */
    static String name(Colour c) {
        if (!c.isLit()) {
            return "off";
        }
        String best = "white";
        long bestDistance = Long.MAX_VALUE;
        for (Named n : Named.values()) {
            long dr = c.red() - n.colour.red();
            long dg = c.green() - n.colour.green();
            long db = c.blue() - n.colour.blue();
            long d = dr * dr + dg * dg + db * db;
            if (d < bestDistance) {
                bestDistance = d;
                best = n.name().toLowerCase(Locale.ROOT);
            }
        }
        return best;
    }

    /** The colours the page knows by name. */
    private enum Named {
        BLUE(Colour.BLUE), RED(Colour.RED), ORANGE(Colour.ORANGE), MAGENTA(new Colour(255, 0, 255)),
        GREEN(Colour.GREEN), WHITE(Colour.WHITE), YELLOW(Colour.YELLOW), CYAN(new Colour(0, 255, 255));

        private final Colour colour;

        Named(Colour colour) {
            this.colour = colour;
        }
    }
}
