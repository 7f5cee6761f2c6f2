package org.shogiban.session;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The board's state as typed facts, made once per change by the session: what every part reads (the engine, the
 * USB link, the hall, the online site, the web page). The JSON snapshot ({@code state}, {@code STATE},
 * {@code /api/state}, the hall's {@code state}) is written from these at the edge ({@link BoardSnapshot#of}) and
 * never read back.
 *
 * @param phase setting up, playing, paused or over
 * @param plies moves played
 * @param position the position the board should show (the setup's target while setting up)
 * @param start the game's start position (the board's while no game is set)
 * @param moves the moves played (empty while setting up)
 * @param lastMove the last move, or null
 * @param inCheck whether the side to move is in check in a game being played
 * @param clock both clocks as of the facts' time (the full time control's before the first game)
 * @param clockRunning whose clock runs, or null (none, or the first turn waits for the players)
 * @param timeControl the game's time control, or null without one
 * @param result how the game ended, or null while it is on (or not started)
 * @param prompts what the board waits for, from the players and from a remote side (empty when nothing)
 * @param players who plays each side
 * @param gameId the game's record name (its start time), or null before the first game and while setting up
 * @param mode casual or tournament
 * @param sensors the kind of square sensors
 * @param arbiterCalled whether the board called the arbiter and waits for them
 * @param faults what is failing, for people ({@code chip (message) at address})
 * @param seq the number of the last event the facts show (0 until the runtime puts it in)
 * @param online the site's game of a game played on a site (lishogi), or null
 */
public record BoardFacts(BoardPhase phase, int plies, Position position, Position start, List<Move> moves,
                         Move lastMove, boolean inCheck, ClockState clock, Side clockRunning, TimeControl timeControl,
                         Outcome result, List<Prompt> prompts, Map<Side, Player> players, String gameId,
                         PlayMode mode, SensorKind sensors, boolean arbiterCalled, List<String> faults, long seq,
                         OnlineSeat online) {
    public BoardFacts {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(position, "position");
        Objects.requireNonNull(start, "start");
        moves = List.copyOf(moves);
        Objects.requireNonNull(clock, "clock");
        prompts = List.copyOf(prompts);
        players = players.isEmpty() ? Map.of() : java.util.Collections.unmodifiableMap(new EnumMap<>(players));
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(sensors, "sensors");
        faults = List.copyOf(faults);
    }

    /** The same facts with the number of the last event they show. */
    public BoardFacts withSeq(long newSeq) {
        return newSeq == seq ? this : new BoardFacts(phase, plies, position, start, moves, lastMove, inCheck, clock,
                clockRunning, timeControl, result, prompts, players, gameId, mode, sensors, arbiterCalled, faults,
                newSeq, online);
    }

    /** The side to move in {@link #position()}. */
    public Side toMove() {
        return position.sideToMove();
    }

    /** Whether a game is being played (not paused, not over, not setting up). */
    public boolean playing() {
        return phase == BoardPhase.PLAYING;
    }

    /** Who plays {@code side} (a human without a name when nobody was named). */
    public Player player(Side side) {
        return players.getOrDefault(side, Player.HUMAN);
    }

    /** The side played by a player of this kind, or null when neither is. */
    public Side sideOf(Player.Kind kind) {
        for (Side side : Side.values()) {
            if (player(side).kind() == kind) {
                return side;
            }
        }
        return null;
    }

    /** Whether the board waits for something of this kind. */
    public boolean waitsFor(Prompt.Kind kind) {
        for (Prompt p : prompts) {
            if (p.kind() == kind) {
                return true;
            }
        }
        return false;
    }

    /**
     * How a game ended.
     *
     * @param status how, e.g. {@code RESIGNATION}
     * @param winner who won, or null for none
     * @param reason the foul's reason (e.g. {@code TWO_PAWNS}), the arbiter's words, or null
     * @param ply the ply of the foul, else the plies played
     */
    public record Outcome(GameStatus status, Side winner, String reason, int ply) {
        public Outcome {
            Objects.requireNonNull(status, "status");
        }
    }

    /**
     * Who plays a side.
     *
     * @param kind a human at the board, a USI engine on the board, the host on the USB link (or another remote kind)
     * @param name the name given, or null
     * @param level an engine's level 1..10; 0 otherwise
     * @param rating a site's rating of the player (an online game), or null
     */
    public record Player(Kind kind, String name, int level, Integer rating) {
        /** A human nobody named. */
        public static final Player HUMAN = new Player(Kind.HUMAN, null, 0);

        public Player {
            Objects.requireNonNull(kind, "kind");
        }

        /** A player without a site's rating. */
        public Player(Kind kind, String name, int level) {
            this(kind, name, level, null);
        }

        /** The kinds of player; {@link #label()} is the word of the snapshot's {@code players}. */
        public enum Kind {
            HUMAN("human"), ENGINE(RemotePlayer.ENGINE), HOST(RemotePlayer.HOST), ONLINE(RemotePlayer.ONLINE);

            private final String label;

            Kind(String label) {
                this.label = label;
            }

            /** The snapshot's word. */
            public String label() {
                return label;
            }

            /** The kind of a remote player. */
            public static Kind of(RemotePlayer remote) {
                return remote.isHost() ? HOST : remote.isOnline() ? ONLINE : ENGINE;
            }
        }
    }

    /**
     * One thing the board waits for.
     *
     * @param kind what
     * @param squares the squares concerned, in USI (null when the snapshot writes none)
     * @param slots the komadai slots concerned, as {@code sente:P} (null when none is written)
     * @param move the move concerned (an illegal move to put back), or null
     * @param detail one line for people
     * @param side the remote side ({@link Kind#OPPONENT_MOVE}, {@link Kind#OPPONENT_THINKING}), or null
     * @param opponentMove the remote side's move to be made on the board ({@link Kind#OPPONENT_MOVE}), or null
     */
    public record Prompt(Kind kind, List<String> squares, List<String> slots, Move move, String detail, Side side,
                         Move opponentMove) {
        public Prompt {
            Objects.requireNonNull(kind, "kind");
            squares = squares == null ? null : List.copyOf(squares);
            slots = slots == null ? null : List.copyOf(slots);
        }

        /** The kinds of prompt; {@link #label()} is the snapshot's {@code waitingFor[].kind}. */
        public enum Kind {
            SETUP("setup"), PIECES("pieces"), PROMOTION("promotion"), PUT_BACK("put-back"), ARBITER("arbiter"),
            OPPONENT_MOVE("opponent-move"), OPPONENT_THINKING("opponent-thinking"),
            CONFIRM_NEW_GAME("confirm-new-game"), ONLINE_SEEKING("online-seeking");

            private final String label;

            Kind(String label) {
                this.label = label;
            }

            /** The snapshot's word. */
            public String label() {
                return label;
            }
        }
    }
}
