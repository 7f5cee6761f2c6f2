package org.shogiban.link;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.shogiban.notation.GameRecord;

/**
 * What the USB link needs from the board, in the board's words: its state, what happens on it, its games, and the
 * commands a host may give. The link never touches the game itself; every command goes through this port, and the
 * board's runtime serialises it with the scan loop and the buttons. One adapter implements it over the board's
 * runtime ({@code org.shogiban.port.PortLinkedBoard}, over a part's port).
 */
public interface LinkedBoard {

    /** The board's state as one JSON document (the same snapshot the console and the web page show). Any thread. */
    String stateJson();

    /**
     * Starts delivering what happens on the board, as link events numbered by the board on its own thread (with
     * {@link EventLog#reserve}, so that its snapshot can say the number of the last event it shows), in the order it
     * happens. The listener is called on the board's thread and must return at once (the link keeps the events in the
     * log, forced to the disk, before they go out).
     *
     * @return what stops the delivery
     */
    AutoCloseable subscribe(Consumer<LoggedEvent> listener);

    /** The games the board keeps, oldest first, the current one included. */
    List<StoredGame> games();

    /**
     * The record of a game: by its id (from {@link #games()} or a {@code GAME} event), or {@code current} for the game
     * being played or last played; empty when there is no such game.
     */
    Optional<GameRecord> record(String gameId);

    /** Asks for a new game; the answer says whether the board accepted and what follows. */
    BoardAnswer newGame(NewGameOptions options);


    /**
     * An arbiter's command, the words after {@code arbiter} as {@link org.shogiban.session.ArbiterCommands} reads
     * them (the link has checked the PIN and the words); the answer is the board's verdict.
     */
    BoardAnswer arbiter(List<String> words);

    /**
     * The host's move in a game whose side it plays ({@code NEW ... host=gote}): refused when the host plays no side
     * or it is not its turn, {@link BoardAnswer#illegal} when the move breaks a rule; else the board shows it and
     * waits for the player to make it on the board.
     */
    default BoardAnswer play(String usi) {
        return BoardAnswer.refused("this board takes no moves from the link");
    }

    /** What the clock display shows when the host keeps the time (remaining milliseconds, the byoyomi). */
    default BoardAnswer clocks(long senteMs, long goteMs, long byoyomiMs) {
        return BoardAnswer.refused("this board shows no host clocks");
    }

    /** The host ends its game for a reason only it knows ({@code GAMEOVER gote TIME_UP}). */
    default BoardAnswer gameOver(String winner, String status) {
        return BoardAnswer.refused("this board takes no result from the link");
    }
}
