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
 * asks the "engine" for a move next); the other side is the program's own (the host's).
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
                throw new NotationException("position: '" + words[i] + "' where 'moves' was expected");
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
}
