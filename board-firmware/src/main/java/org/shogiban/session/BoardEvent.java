package org.shogiban.session;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.shogiban.hal.FaultEvent;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * What the {@link GameSession} tells the runtime's listeners (journal, records, LEDs and sounds, console, link): one
 * thing that happened at one time.
 */
public sealed interface BoardEvent {

    /** When it happened, in the scan clock's milliseconds. */
    long timeMillis();

    /** One line for people, e.g. {@code ply 1: sente played 7g7f}. */
    String describe();

    /** The players should set up this position; the game starts when the board shows it. */
    record SetupStarted(long timeMillis, Position target) implements BoardEvent {
        @Override
        public String describe() {
            return "set up " + target.toSfen();
        }
    }

    /** The board showed the start position long enough: the game is on. */
    record GameStarted(long timeMillis, Position start) implements BoardEvent {
        @Override
        public String describe() {
            return "game started, " + start.sideToMove().label() + " to move";
        }
    }

    /** A legal move was counted and played in the game. */
    record MovePlayed(long timeMillis, int ply, Side mover, Move move) implements BoardEvent {
        @Override
        public String describe() {
            return "ply " + ply + ": " + mover.label() + " played " + move.usi();
        }
    }

    /**
     * The remote side (an engine) chose its move: the board lights it and waits for the player to make it for them.
     *
     * @param words the move in kifu words, e.g. {@code ☖３四歩}
     */
    record OpponentMoved(long timeMillis, int ply, Side mover, Move move, String words) implements BoardEvent {
        @Override
        public String describe() {
            return "ply " + ply + ": " + mover.label() + " chose " + move.usi() + " " + words
                    + ": make it on the board";
        }
    }

    /** A move suggested to the side to move at {@code ply} (the engine's hint), shown, not played. */
    record HintShown(long timeMillis, int ply, Move move) implements BoardEvent {
        @Override
        public String describe() {
            return "ply " + ply + ": hint " + move.usi();
        }
    }

    /** A player completed an illegal move; what follows depends on the policy. */
    record IllegalMove(long timeMillis, int ply, Side mover, Move move, IllegalReason reason,
                       IllegalMovePolicy policy) implements BoardEvent {
        @Override
        public String describe() {
            return "ply " + ply + ": illegal move " + move.usi() + " by " + mover.label() + " ("
                    + reason.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")"
                    + (policy == IllegalMovePolicy.LOSS ? ": " + mover.label() + " loses"
                    : ": put the pieces back");
        }
    }

    /** On an occupancy board, an optional promotion waits for PROMOTE or CONFIRM. */
    record PromotionAsked(long timeMillis, Square square, Move withoutPromotion) implements BoardEvent {
        @Override
        public String describe() {
            return "promote on " + square.usi() + "? press promote (成) or confirm (不成)";
        }
    }

    /** The players took moves back (待った); the undone moves are listed last first. */
    record MovesTakenBack(long timeMillis, List<Move> undone, Position restored) implements BoardEvent {
        public MovesTakenBack {
            undone = List.copyOf(undone);
        }

        @Override
        public String describe() {
            return "takeback of " + undone.stream().map(Move::usi).collect(Collectors.joining(" "));
        }
    }

    /** The board shows something no move explains. */
    record DiscrepancySeen(long timeMillis, InferenceEvent.Discrepancy discrepancy) implements BoardEvent {
        @Override
        public String describe() {
            return "board differs: " + discrepancy.describe();
        }
    }

    /** After a discrepancy or an illegal move (put back), the board shows the game's position again. */
    record BackInSync(long timeMillis) implements BoardEvent {
        @Override
        public String describe() {
            return "board back in sync";
        }
    }

    /** The game ended. */
    record GameOver(long timeMillis, GameResult result) implements BoardEvent {
        @Override
        public String describe() {
            String winner = result.winner() == null ? "no winner" : result.winner().label() + " wins";
            return "game over: " + result.status().name().toLowerCase(Locale.ROOT).replace('_', ' ') + ", " + winner
                    + (result.reason() == null ? "" : " (ply " + result.ply() + ", " + result.reason() + ")");
        }
    }

    /** A hardware fault began or ended. */
    record FaultChanged(long timeMillis, FaultEvent fault) implements BoardEvent {
        @Override
        public String describe() {
            return (fault.type() == FaultEvent.Type.FAILED ? "fault: " : "recovered: ") + fault.chip() + " at "
                    + fault.address() + ": " + fault.message();
        }
    }

    /** The board calls the arbiter (立会人): a foul in a tournament game, or the ARBITER button. */
    record ArbiterCalled(long timeMillis, String why) implements BoardEvent {
        @Override
        public String describe() {
            return "arbiter called: " + why;
        }
    }

    /** The arbiter acted (pause, resume, adjust, result, undo, overrule, abort); recorded in the record. */
    record ArbiterActed(long timeMillis, SessionInput.Arbiter action) implements BoardEvent {
        @Override
        public String describe() {
            return "arbiter: " + action.describe();
        }
    }

    /**
     * The game goes on from a position the pieces may not show (after an undo, an overrule or a restart): the
     * players check the pieces; the wrong squares are lit until the board shows the position.
     */
    record CheckPieces(long timeMillis, Position position, String why) implements BoardEvent {
        @Override
        public String describe() {
            return "check the pieces (" + why + "): the board should show " + position.toSfen();
        }
    }

    /** A command or button that does not apply now (e.g. declare after the game); nothing changed. */
    record Refused(long timeMillis, String what, String why) implements BoardEvent {
        @Override
        public String describe() {
            return "refused " + what + ": " + why;
        }
    }

    /**
     * The board looks for an opponent on a site ({@code seeking}: a seek in the lobby, or a challenge to
     * {@code user}), or stopped looking.
     */
    record OnlineSeeking(long timeMillis, boolean seeking, String site, String user) implements BoardEvent {
        @Override
        public String describe() {
            return seeking ? (user == null ? "seeking an opponent on " + site : "challenging " + user + " on "
                    + site) : "no longer seeking an opponent on " + site;
        }
    }

    /** A player's time ran out (at the exact instant); the game ends with TIME_UP, the other side wins. */
    record TimeUp(long timeMillis, Side side) implements BoardEvent {
        @Override
        public String describe() {
            return "time up: " + side.label();
        }
    }

    /** The clock beeps at a mark (short) or at time up (long). Sounds only; nothing changes. */
    record ClockBeep(long timeMillis, Side side, long remainingMs, boolean longTone) implements BoardEvent {
        @Override
        public String describe() {
            return side.label() + "'s clock beeps (" + remainingMs / 1000 + " s left)";
        }
    }

    /**
     * A clock press that switched the clock without a move counting now (tournament play): gote starting sente's
     * time before the first move, or a player's press after a forgotten press was made up.
     *
     * @param running whose time runs now
     * @param elapsedMs the time charged to the presser on this turn (0 for a restart)
     */
    record ClockPressed(long timeMillis, Side running, long elapsedMs) implements BoardEvent {
        @Override
        public String describe() {
            return running.label() + "'s clock runs";
        }
    }

    /**
     * The board started again in the middle of a game (after a power cut or a crash) and resumed it from the
     * journal; the players check the pieces before it goes on.
     */
    record GameResumed(long timeMillis, int plies, Position position) implements BoardEvent {
        @Override
        public String describe() {
            return "game resumed after " + plies + " plies: check the pieces, the board should show "
                    + position.toSfen();
        }
    }
}
