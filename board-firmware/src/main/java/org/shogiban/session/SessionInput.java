package org.shogiban.session;

import java.util.Objects;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Side;

/**
 * Everything the {@link GameSession} is told, each with the scan clock's time: a debounced sensor frame, a button
 * press, a hardware fault, the passing of time, or a command from a person (a player, the arbiter, a console, the
 * USB link or the web page).
 */
public sealed interface SessionInput {

    /** When it happened, in the scan clock's milliseconds. */
    long timeMillis();

    /** A debounced sensor frame from the scan loop. */
    record Frame(SensorFrame frame) implements SessionInput {
        public Frame {
            Objects.requireNonNull(frame, "frame");
        }

        @Override
        public long timeMillis() {
            return frame.timeMillis();
        }
    }

    /** A button press or release. */
    record Press(ButtonEvent event) implements SessionInput {
        public Press {
            Objects.requireNonNull(event, "event");
        }

        @Override
        public long timeMillis() {
            return event.timeMillis();
        }
    }

    /** A hardware fault began or ended. */
    record Fault(FaultEvent fault) implements SessionInput {
        @Override
        public long timeMillis() {
            return fault.timeMillis();
        }
    }

    /** Time passes with nothing else happening (timers: settle, promotion window, the clock running out). */
    record Tick(long timeMillis) implements SessionInput {
    }

    /** What a person asks of the board, by name (from the console, the USB link or the web page). */
    sealed interface Command extends SessionInput {
    }

    /** A player resigns (投了). */
    record Resign(long timeMillis, Side side) implements Command {
        public Resign {
            Objects.requireNonNull(side, "side");
        }
    }

    /** The side to move declares an impasse win (入玉宣言). */
    record Declare(long timeMillis) implements Command {
    }

    /**
     * Sets up a new game as asked (players, time control, start, mode; the board's settings for what is not asked).
     * A game still going is aborted, or the request refused, as the request says.
     */
    record NewGame(long timeMillis, GameRequest request) implements Command {
        public NewGame {
            Objects.requireNonNull(request, "request");
        }

        /** A new game with the board's settings (a game still going is aborted). */
        public NewGame(long timeMillis) {
            this(timeMillis, GameRequest.BOARD_SETTINGS);
        }
    }

    /**
     * What a side played from elsewhere (a USI engine) tells the board; see {@link RemoteMoves}. Each names the ply
     * it answers (the moves played when it was asked): an answer to a position the game has left is ignored.
     */
    sealed interface Remote extends Command {
    }

    /**
     * The remote side chose its move (USI text as it came, not yet read): the board shows it, the player makes it
     * on the board for them. An unreadable or illegal move is that side's loss by an illegal move.
     */
    record OpponentMove(long timeMillis, Side side, int ply, String usi) implements Remote {
        public OpponentMove {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(usi, "usi");
        }
    }

    /** The remote side is ready, under this name (an engine's {@code id name}), written in the record's header. */
    record OpponentReady(long timeMillis, Side side, String name) implements Remote {
        public OpponentReady {
            Objects.requireNonNull(side, "side");
        }
    }

    /** The remote side cannot play (an engine that failed three times): the game is paused and says why. */
    record OpponentFailed(long timeMillis, Side side, String why) implements Remote {
        public OpponentFailed {
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * The game ended for a reason only the remote side knows (the host program's own clock, its opponent's
     * resignation on a server): the result as it says, unless the board has one already.
     */
    record OpponentResult(long timeMillis, GameStatus status, Side winner, String note) implements Remote {
        public OpponentResult {
            Objects.requireNonNull(status, "status");
        }

        /** A result without words of its own (noted as {@code remote: <status>}). */
        public OpponentResult(long timeMillis, GameStatus status, Side winner) {
            this(timeMillis, status, winner, null);
        }
    }

    /**
     * A site refused what the board asked (a seek, a challenge, a move) or says something a player must read
     * (wait: too many requests), in words; {@code endsSeek}: the seek for an opponent is over.
     */
    record SiteRefused(long timeMillis, String what, String why, boolean endsSeek) implements Remote {
        public SiteRefused {
            Objects.requireNonNull(what, "what");
            Objects.requireNonNull(why, "why");
        }
    }

    /** A suggestion for the side to move at {@code ply} (an engine's hint), shown in its own colour, not played. */
    record Hint(long timeMillis, int ply, String usi) implements Remote {
        public Hint {
            Objects.requireNonNull(usi, "usi");
        }
    }

    /** What the arbiter (立会人) does; each is recorded in the record with the time. */
    sealed interface Arbiter extends Command {
        /** The action as the console writes it, e.g. {@code adjust sente +30}. */
        String describe();
    }

    /** Stops the clocks and the game until {@link Resume}. */
    record Pause(long timeMillis) implements Arbiter {
        @Override
        public String describe() {
            return "pause";
        }
    }

    /** Goes on after a pause: the clocks run again. */
    record Resume(long timeMillis) implements Arbiter {
        @Override
        public String describe() {
            return "resume";
        }
    }

    /** Adds (or with a negative amount takes away) time on a side's clock. */
    record Adjust(long timeMillis, Side side, long deltaMillis) implements Arbiter {
        public Adjust {
            Objects.requireNonNull(side, "side");
        }

        @Override
        public String describe() {
            return "adjust " + side.label() + " " + (deltaMillis >= 0 ? "+" : "-") + Math.abs(deltaMillis) / 1000
                    + (Math.abs(deltaMillis) % 1000 == 0 ? "" : "." + String.format("%03d", Math.abs(deltaMillis)
                    % 1000)) + "s";
        }
    }

    /** Ends the game with a result the arbiter rules, with a reason for the record (may be empty). */
    record SetResult(long timeMillis, GameStatus status, Side winner, String reason) implements Arbiter {
        public SetResult {
            Objects.requireNonNull(status, "status");
            if (!status.isFinal()) {
                throw new IllegalArgumentException("the arbiter sets a final result, not " + status);
            }
            reason = reason == null ? "" : reason.strip();
            boolean needsWinner = switch (status) {
                case REPETITION_DRAW, ABORTED -> false;
                case IMPASSE_DECLARATION -> winner != null;
                default -> true;
            };
            if (needsWinner != (winner != null)) {
                throw new IllegalArgumentException("a result " + status + (needsWinner ? " needs a winner"
                        : " has no winner"));
            }
        }

        @Override
        public String describe() {
            return "result " + status + " " + (winner == null ? "none" : winner.label())
                    + (reason.isEmpty() ? "" : " (" + reason + ")");
        }
    }

    /** Takes back the last move (the game goes back one ply; the pieces are guided back). */
    record Undo(long timeMillis) implements Arbiter {
        @Override
        public String describe() {
            return "undo";
        }
    }

    /**
     * The board's foul was wrong (a piece slid, a sensor failed): the game goes back to the position before the
     * foul, the pieces are guided back, the clocks go on.
     */
    record Overrule(long timeMillis) implements Arbiter {
        @Override
        public String describe() {
            return "overrule";
        }
    }

    /** Stops the game without a result (中断). */
    record Abort(long timeMillis) implements Arbiter {
        @Override
        public String describe() {
            return "abort";
        }
    }
}
