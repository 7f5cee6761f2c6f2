package org.shogiban.notation.usi;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.notation.RecordText;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Position;

/**
 * A USI {@code position} command: {@code position startpos moves 7g7f ...} or {@code position sfen <sfen> moves ...}.
 * The moves are read as notation only; whether they are legal is for the rules to say.
 */
public record UsiPositionLine(Position start, List<Move> moves) {

    public UsiPositionLine {
        moves = List.copyOf(moves);
    }

    /** Reads one line; throws {@link NotationException} naming the token that is wrong. */
    public static UsiPositionLine parse(String line) {
        String[] tokens = line.trim().split("\\s+");
        int i = 0;
        if (tokens.length > 0 && tokens[0].equals("position")) {
            i++;
        }
        if (i >= tokens.length || tokens[i].isEmpty()) {
            throw new NotationException("USI position line is empty; expected 'startpos' or 'sfen <sfen>'");
        }
        Position start;
        if (tokens[i].equals("startpos")) {
            start = Position.startpos();
            i++;
        } else if (tokens[i].equals("sfen")) {
            if (tokens.length < i + 5 && !hasMovesAt(tokens, i + 4)) {
                throw new NotationException("USI position line: 'sfen' must be followed by board, side, hands"
                        + " and move number");
            }
            int end = i + 1;
            while (end < tokens.length && !tokens[end].equals("moves") && end < i + 5) {
                end++;
            }
            start = Position.fromSfen(String.join(" ", java.util.Arrays.copyOfRange(tokens, i + 1, end)));
            i = end;
        } else {
            throw new NotationException("USI position line: expected 'startpos' or 'sfen' at token " + (i + 1)
                    + ", found " + RecordText.quote(tokens[i]));
        }
        List<Move> moves = new ArrayList<>();
        if (i < tokens.length) {
            if (!tokens[i].equals("moves")) {
                throw new NotationException("USI position line: expected 'moves' at token " + (i + 1) + ", found "
                        + RecordText.quote(tokens[i]));
            }
            for (int m = i + 1; m < tokens.length; m++) {
                try {
                    moves.add(Move.parseUsi(tokens[m]));
                } catch (NotationException e) {
                    throw new NotationException("USI position line: move " + (m - i) + ": " + e.getMessage());
                }
            }
        }
        return new UsiPositionLine(start, moves);
    }

    private static boolean hasMovesAt(String[] tokens, int index) {
        return index < tokens.length && tokens[index].equals("moves");
    }

    /** Writes the line back: {@code position startpos moves ...} or {@code position sfen ... moves ...}. */
    public String toUsi() {
        StringBuilder sb = new StringBuilder("position ");
        if (start.equals(Position.startpos())) {
            sb.append("startpos");
        } else {
            sb.append("sfen ").append(start.toSfen());
        }
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (Move m : moves) {
                sb.append(' ').append(m.usi());
            }
        }
        return sb.toString();
    }
}
