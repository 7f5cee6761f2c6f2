package org.shogiban.session;

import java.util.Objects;
import java.util.Optional;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Position;

/**
 * What a new game is asked to be (by a host on the USB link, the web page or the console): the players' names, the
 * time control, the start position (even or a handicap) and the mode. What is left empty is the board's own setting.
 *
 * @param sente sente's player (先手; 下手 in a handicap game), written in the record's header
 * @param gote gote's player (後手; 上手)
 * @param timeControl the clock's time control
 * @param start the position the players set up
 * @param mode casual or tournament
 * @param whilePlaying what a request does to a game being played: ends it (aborted), or is refused
 * @param remote a side played from elsewhere (an engine, with its level), or empty: both sides at the board
 */
public record GameRequest(Optional<String> sente, Optional<String> gote, Optional<TimeControl> timeControl,
                          Optional<Position> start, Optional<PlayMode> mode, WhilePlaying whilePlaying,
                          Optional<RemotePlayer> remote) {
    /** The longest player's name, in characters. */
    public static final int MAX_NAME = 64;

    /** The board's settings; a game being played is aborted. */
    public static final GameRequest BOARD_SETTINGS = new GameRequest(Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), WhilePlaying.ABORT, Optional.empty());

    /** What a new game asked for during a game does to it. */
    public enum WhilePlaying {
        /** The game being played ends, aborted (中断), and the new one is set up (the web page's new game). */
        ABORT,
        /**
         * The request is refused while a game is played or paused (the USB link's {@code NEW}); a game with no move
         * yet is not being played: it ends (aborted, its empty record dropped) and the new one is set up.
         */
        REFUSE,
        /**
         * The game being played ends when the players confirm (the MENU button) and the new one is set up; at once
         * when no move has been played yet (a program behind the USI bridge starting its game).
         */
        CONFIRM,
        /**
         * The game being played is kept and becomes the asked one as it stands (its moves, its clock; the players and
         * the remote side asked) when it has no side played from elsewhere (or the same host) and the same start,
         * time control and mode; otherwise as {@link #CONFIRM}. A program behind the USI bridge whose game the
         * board's own game already is (a move made at once, before the board heard of the program's game).
         */
        ADOPT
    }

    public GameRequest {
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(whilePlaying, "whilePlaying");
        Objects.requireNonNull(remote, "remote");
        sente = Objects.requireNonNull(sente, "sente").map(n -> checkName("sente", n));
        gote = Objects.requireNonNull(gote, "gote").map(n -> checkName("gote", n));
    }

    /** A request with both sides at the board. */
    public GameRequest(Optional<String> sente, Optional<String> gote, Optional<TimeControl> timeControl,
                       Optional<Position> start, Optional<PlayMode> mode, WhilePlaying whilePlaying) {
        this(sente, gote, timeControl, start, mode, whilePlaying, Optional.empty());
    }

    /** The same request once the players confirmed it on the board: the game being played ends (aborted). */
    public GameRequest confirmed() {
        return new GameRequest(sente, gote, timeControl, start, mode, WhilePlaying.ABORT, remote);
    }

    /** The same request with a side played from elsewhere (or, empty, none). */
    public GameRequest withRemote(Optional<RemotePlayer> player) {
        return new GameRequest(sente, gote, timeControl, start, mode, whilePlaying, player);
    }

    /**
     * A player's name as it goes into a record: stripped, 1 to {@value #MAX_NAME} characters, no control characters
     * (a tab or a line end would break the record's header and the link's {@code GAMES} lines).
     *
     * @throws IllegalArgumentException naming the side and the name
     */
    public static String checkName(String side, String name) {
        String n = name.strip();
        if (n.isEmpty()) {
            throw new IllegalArgumentException(side + "'s name is empty");
        }
        if (n.codePointCount(0, n.length()) > MAX_NAME) {
            throw new IllegalArgumentException(side + "'s name '" + n.substring(0, 20) + "…' is longer than "
                    + MAX_NAME + " characters");
        }
        if (n.codePoints().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException(side + "'s name '" + n.replaceAll("\\p{Cntrl}", "?")
                    + "' holds a control character (tab, line end ...)");
        }
        return n;
    }

    /** The settings of the game asked for: the board's, with what is asked in place. */
    public GameSettings applyTo(GameSettings board) {
        GameSettings s = board;
        if (start.isPresent()) {
            s = new GameSettings(start.get(), s.inference(), s.illegalMoves(), s.impasse(), s.timeControl(),
                    s.beeps());
        }
        if (timeControl.isPresent()) {
            s = s.withTime(timeControl.get());
        }
        return mode.isPresent() ? mode.get().applyTo(s) : s;
    }

    /** The players' names asked for (empty where none is). */
    public Players players() {
        return new Players(sente.orElse(null), gote.orElse(null));
    }

    /**
     * The players' names of a game; null where none is known.
     *
     * @param sente 先手 (下手 in a handicap game)
     * @param gote 後手 (上手)
     */
    public record Players(String sente, String gote) {
        /** No names. */
        public static final Players NONE = new Players(null, null);
    }
}
