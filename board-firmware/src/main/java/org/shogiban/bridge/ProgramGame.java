package org.shogiban.bridge;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;

/**
 * The game as the shogi program sees it, from its last USI {@code position} command: the start, every move in order
 * (each checked legal) and the position they lead to. The side to move at the end is the board's player (the program
 * asks the "engine" for a move next); the other side is the program's own (the host's). It also says how the board's
 * game stands to it: the same game, one that goes on into it, or another.
 *
 * @param start the start position
 * @param moves the moves played from it
 * @param positions the position before each move, then the final one ({@code moves.size() + 1} entries)
 */
public record ProgramGame(Position start, List<Move> moves, List<Position> positions) {

    public ProgramGame {
        moves = List.copyOf(moves);
        positions = List.copyOf(positions);
    }

    /**
     * Reads the words after {@code position}: {@code startpos [moves ...]} or {@code sfen <4 fields> [moves ...]}.
     *
     * @throws NotationException naming the bad part (an unreadable SFEN, an unreadable or illegal move and its ply)
     */
    public static ProgramGame parse(String arguments) {
        String[] words = arguments.strip().split("\\s+");
        int i;
        Position start;
        if (words.length > 0 && words[0].equals("startpos")) {
            start = Position.startpos();
            i = 1;
        } else if (words.length >= 5 && words[0].equals("sfen")) {
            start = Position.fromSfen(String.join(" ", words[1], words[2], words[3], words[4]));
            i = 5;
        } else {
            throw new NotationException("position needs 'startpos' or 'sfen <board> <side> <hands> <move number>'");
        }
        List<Move> moves = new ArrayList<>();
        List<Position> positions = new ArrayList<>(List.of(start));
        if (i < words.length) {
            if (!words[i].equals("moves")) {
                throw new NotationException("position: '" + UsiOutput.quote(words[i]) + "' where 'moves' was expected");
            }
            Position p = start;
            for (int m = i + 1; m < words.length; m++) {
                Move move = Move.parseUsi(words[m]);
                Verdict verdict = p.verdict(move);
                if (!verdict.isLegal()) {
                    throw new NotationException("position: move " + (moves.size() + 1) + " " + words[m]
                            + " is illegal (" + verdict + ")");
                }
                p = p.play(move);
                moves.add(move);
                positions.add(p);
            }
        }
        return new ProgramGame(start, moves, positions);
    }

    /** The position the moves lead to. */
    public Position end() {
        return positions.get(positions.size() - 1);
    }

    /** The side the board's player plays: the one to move at the end. */
    public Side boardSide() {
        return end().sideToMove();
    }

    /** The program's side (the host's on the link). */
    public Side hostSide() {
        return boardSide().opponent();
    }

    /** The side that played move {@code index} (0-based). */
    public Side moverOf(int index) {
        return positions.get(index).sideToMove();
    }

    /** The moves in USI. */
    public List<String> usiMoves() {
        return moves.stream().map(Move::usi).toList();
    }

    /**
     * Whether the board plays this game: the same start, the host on the program's side, and the moves the same as
     * far as both go (the board may lack host moves still to be made, or have the player's next move already).
     */
    public boolean isOn(BoardGame board) {
        return sameStart(board) && board.hostSide().filter(hostSide().label()::equals).isPresent()
                && samePrefix(board);
    }

    /**
     * Whether this game goes on from the board's (or is the one being set up): {@link #isOn} a game not over, where
     * every move the board lacks is the host's and the board is at most one move (the player's) ahead.
     */
    public boolean followedBy(BoardGame board) {
        int k = board.moves().size();
        if (board.over() || k > moves.size() + 1 || !isOn(board)) {
            return false;
        }
        if (k <= moves.size() && !sameSquares(positions.get(k).toSfen(), board.sfen())) {
            return false;
        }
        for (int i = k; i < moves.size(); i++) {
            if (moverOf(i) != hostSide()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the board's own game (no host, not over) can become this one as it stands: the same start, and its
     * moves the program's first ones or all of the program's and the player's next (a move made at once after
     * {@code go}, before the board heard of the program's game).
     */
    public boolean canAdopt(BoardGame board) {
        return !board.over() && "PLAYING".equals(board.phase()) && board.hostSide().isEmpty() && sameStart(board)
                && board.moves().size() <= moves.size() + 1 && samePrefix(board);
    }

    /**
     * The link's {@code GAMEOVER} for the program's {@code gameover win|lose|draw}, as the board can tell it:
     * {@code win} the host resigned; {@code lose} checkmate when the program's last position is mate, else the host's
     * time; {@code draw} a repetition.
     */
    public String gameOverCommand(String outcome) {
        return switch (outcome) {
            case "win" -> "GAMEOVER " + boardSide().label() + " RESIGNATION";
            case "lose" -> "GAMEOVER " + hostSide().label() + (end().isCheckmate() ? " CHECKMATE" : " TIME_UP");
            case "draw" -> "GAMEOVER none REPETITION_DRAW";
            default -> throw new IllegalArgumentException("gameover '" + outcome + "' is not win, lose or draw");
        };
    }

    /**
     * The program's answer to a game the board ended on the board player's turn: {@code win} for a declaration
     * (入玉宣言) the host did not win, {@code resign} for a loss of the board's player; empty while the game goes
     * on, and for an abort or the board player's win (no move to give).
     */
    public java.util.Optional<String> endAnswer(BoardGame board) {
        if (!board.over()) {
            return java.util.Optional.empty();
        }
        String status = board.resultStatus().orElseThrow();
        String winner = board.resultWinner().orElse("none");
        if (status.equals("IMPASSE_DECLARATION") && !winner.equals(hostSide().label())) {
            return java.util.Optional.of("win");
        }
        return !winner.equals(boardSide().label()) && !status.equals("ABORTED") ? java.util.Optional.of("resign")
                : java.util.Optional.empty();
    }

    /** The link's {@code NEW} for this game from {@code startSfen}, the host on the program's side, named. */
    public String newGameCommand(String startSfen, PlayerNames names) {
        return "NEW host=" + hostSide().label() + " time=none mode=casual sfen=\"" + startSfen + "\""
                + names.newGameWords(hostSide());
    }

    /** The start the board is asked to set up: the program's, or where the program is if the board player moved. */
    public String startOfNewGame() {
        for (int i = 0; i < moves.size(); i++) {
            if (moverOf(i) == boardSide()) {
                return end().toSfen();
            }
        }
        return start.toSfen();
    }

    private boolean sameStart(BoardGame board) {
        return !board.startSfen().isEmpty() && sameSquares(start.toSfen(), board.startSfen());
    }

    private boolean samePrefix(BoardGame board) {
        int n = Math.min(moves.size(), board.moves().size());
        for (int i = 0; i < n; i++) {
            if (!moves.get(i).usi().equals(board.moves().get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether two SFENs have the same board, side to move and hands (the move number aside). */
    static boolean sameSquares(String a, String b) {
        String[] x = a.split(" ");
        String[] y = b.split(" ");
        return x.length >= 3 && y.length >= 3 && x[0].equals(y[0]) && x[1].equals(y[1]) && x[2].equals(y[2]);
    }
}
