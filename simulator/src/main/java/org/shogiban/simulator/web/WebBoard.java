package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.shogiban.hal.Button;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Side;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.table.PieceTable;

/**
 * Port: what the web page needs from the simulated board, in the board's words. The page reads the game's snapshot,
 * the LEDs and the wooden pieces, follows what happens, and sends only what hands and fingers do (sensor changes and
 * button presses) and the commands a board takes from outside (new game, resign, declare, arbiter, records).
 *
 * <p>Every method may be called from any thread. Commands the firmware under the adapter cannot do yet throw
 * {@link UnsupportedOperationException} with a message saying so; a request that cannot be done (no piece to lift)
 * throws IllegalStateException, bad arguments IllegalArgumentException.
 */
public interface WebBoard extends AutoCloseable {

    /** What the board is built with and how games are played now. */
    Setup setup();

    /**
     * The board's state as one JSON document ({@code session.BoardSnapshot}), byte for byte what the console's
     * {@code state} and the USB link's {@code STATE} send.
     */
    String stateJson();

    /**
     * What only the page needs besides the snapshot: the one thing it asks the players for now, as the page words
     * it, or null: {@code {kind: setup|promotion|put-back|check|next-game, ...}}.
     */
    ObjectNode prompt();

    /** The board's arbiter PIN (the one the USB link checks too); empty: the arbiter's actions are off. */
    Optional<String> arbiterPin();

    /** What the LEDs show now. */
    LedFrame leds();

    /** Where the wooden pieces lie and which are held in the air. */
    PieceTable.TableView table();

    /** A hand lifts the piece at a place (a sensor change). */
    void lift(Place place);

    /** A hand puts a held piece down (a sensor change); {@code heldIndex} null for the usual one. */
    void put(Place place, Integer heldIndex);

    /** A hand turns a held piece over (no sensor sees it until it is put down). */
    void flipHeld(int heldIndex);

    /** The organiser puts every piece on the next game's start position (sensor changes, all at once). */
    void layOut();

    /** A finger presses and releases a board button. */
    void press(Button button);

    /** A player resigns. */
    void resign(Side loser);

    /** The side to move declares impasse (入玉宣言). */
    void declare();

    /** The engine's suggestion for the side to move, shown on the board (not played). */
    default void hint() {
        throw new UnsupportedOperationException("no engine gives hints on this board");
    }

    /**
     * An arbiter's action, the PIN already checked: the words after {@code arbiter} as
     * {@link org.shogiban.session.ArbiterCommands} reads them, already checked.
     */
    void arbiter(List<String> words);

    /**
     * Ends the game in progress (if any) and sets up a new one as asked; what is left out (null or blank) is the
     * board's own setting (the command line's).
     */
    void newGame(NewGame request);

    /** The games this board has records of, the current one first. */
    List<GameEntry> games();

    /** The record of a game listed by {@link #games()}, by its id; {@code current} names the game in progress. */
    Optional<GameRecord> record(String id);

    /** Starts telling a listener what happens; the returned handle stops it. */
    AutoCloseable subscribe(Listener listener);

    /** Stops the board. */
    @Override
    void close();

    /** What happens on the board, told as it happens on the board's threads: return quickly. */
    interface Listener {
        /** Something the page shows changed (state, LEDs, pieces). */
        void changed();

        /** A line for the page's log: {@code kind} is {@code event}, {@code sound}, {@code fault} or {@code error}. */
        void logged(String kind, String text);

        /** A log line with its words for the page's message tables (null when it has none). */
        default void logged(String kind, String text, PageWords words) {
            logged(kind, text);
        }
    }

    /**
     * How the board is built and plays.
     *
     * @param sensors the square sensors' kind
     * @param mode {@code casual} (commit stable, illegal moves put back) or {@code tournament} (commit clock, an
     *     illegal move loses)
     * @param time the time control text
     * @param start the start position's name ({@code startpos}, a handicap, or {@code sfen ...})
     */
    record Setup(SensorKind sensors, String mode, String time, String start) {
    }

    /**
     * A new game as the page asks for it.
     *
     * @param mode {@code casual} or {@code tournament}, or null for the board's
     * @param time a time control text such as {@code main=600,byoyomi=30}, or null for the board's
     * @param start {@code startpos}, a handicap name, or {@code sfen <SFEN>}, or null for the board's
     * @param layOut whether the pieces are put on the start position at once (else the players set them up)
     * @param sente sente's name (先手; 下手 in a handicap game), or null
     * @param gote gote's name (後手; 上手), or null
     * @param engine the side the engine plays ({@code sente} or {@code gote}), or null: both sides at the board
     * @param level the engine's level 1..10, or null for the default
     */
    record NewGame(String mode, String time, String start, boolean layOut, String sente, String gote, String engine,
                   String level, String online, String color, String rated, String user) {
        /** A new game at the board (no site). */
        public NewGame(String mode, String time, String start, boolean layOut, String sente, String gote,
                       String engine, String level) {
            this(mode, time, start, layOut, sente, gote, engine, level, null, null, null, null);
        }

        /** A new game without players' names. */
        public NewGame(String mode, String time, String start, boolean layOut) {
            this(mode, time, start, layOut, null, null);
        }

        /** A new game with both sides at the board. */
        public NewGame(String mode, String time, String start, boolean layOut, String sente, String gote) {
            this(mode, time, start, layOut, sente, gote, null, null);
        }
    }

    /**
     * A game with a record.
     *
     * @param id the id to download it by: {@code current}, or a stored record's file name
     * @param title one line for people
     * @param plies moves in the record
     * @param current whether it is the game on the board now
     * @param started when it started, {@code 2025-03-01 14:05:09} (the page says the rest in its language)
     * @param end how its record ends ({@code RESIGNATION}, ... as {@code EndKind}; {@code NONE}); null when unread
     */
    record GameEntry(String id, String title, int plies, boolean current, String started, String end) {
    }
}
