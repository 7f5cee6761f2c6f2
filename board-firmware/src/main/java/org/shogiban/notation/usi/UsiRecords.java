package org.shogiban.notation.usi;

import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.Writers;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Position;

/**
 * Reads and writes USI records: {@code position startpos moves ...}, {@code position sfen ... moves ...}, the same
 * without {@code position}, and a bare SFEN. The moves are read as notation only (not checked against the board),
 * so the rules can judge moves from empty squares and drops of pieces not in hand as illegal moves.
 */
public final class UsiRecords {
    private UsiRecords() {
    }

    /** Reads the first game line of the text ({@code #} lines and blank lines are skipped; later lines are not read). */
    public static GameRecord read(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i).strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String first = t.split("\\s+", 2)[0];
            String line = first.equals("position") || first.equals("startpos") || first.equals("sfen") ? t
                    : "sfen " + t;
            try {
                UsiPositionLine usi = UsiPositionLine.parse(line);
                return GameRecord.of(usi.start(), usi.moves());
            } catch (NotationException e) {
                throw new RecordFormatException(i + 1, e.getMessage());
            }
        }
        throw new RecordFormatException(0, "the input holds no game; expected 'position startpos moves ...',"
                + " 'position sfen ... moves ...' or an SFEN");
    }

    public static String writeUsi(GameRecord record) {
        return new UsiPositionLine(record.start(), record.moves()).toUsi() + "\n";
    }

    /** The SFEN of the position the record's moves lead to (the moves are placed, not judged). */
    public static String writeSfen(GameRecord record) {
        RecordBoard board = new RecordBoard(record.start());
        List<Move> moves = record.moves();
        int plies = 0;
        for (int i = 0; i < moves.size(); i++) {
            String problem = board.problem(moves.get(i));
            if (problem != null && Writers.endsInFoul(record, i)) {
                break; // the foul the record ends with cannot be placed: the position before it
            }
            if (problem != null) {
                throw new RecordFormatException(0, "move " + (i + 1) + " (" + moves.get(i).usi() + ") " + problem);
            }
            board.apply(moves.get(i));
            plies++;
        }
        Position start = record.start();
        return board.sfen(start.moveNumber() + plies) + "\n";
    }
}
