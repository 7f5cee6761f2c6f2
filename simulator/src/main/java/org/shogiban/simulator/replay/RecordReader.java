package org.shogiban.simulator.replay;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.usi.UsiPositionLine;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Position;
import org.shogiban.simulator.InputFiles;

/**
 * Reads the games of a record file for the replay harness: files of USI lines ({@code position startpos|sfen ...
 * moves ...}, or bare USI moves from the start position, one game per line like the lishogi collection), and any
 * single record the board reads (KIF, KI2, CSA, JKF, USI) through {@link GameRecords}.
 */
public final class RecordReader {
    private RecordReader() {
    }

    /** The games of a file, labelled {@code file} (one game) or {@code file:line} (several). */
    public static List<RecordedGame> read(Path file) throws IOException {
        byte[] bytes = InputFiles.bytes(file);
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (looksLikeUsiLines(text)) {
            return read(text, file.toString());
        }
        try {
            GameRecord record = GameRecords.read(bytes);
            return List.of(new RecordedGame(file.toString(), record.start(), record.moves()));
        } catch (RuntimeException e) {
            throw new NotationException(file + ": not a game record the board reads: " + e.getMessage());
        }
    }

    /** Whether every line that is not blank or a comment starts like a USI position line or a USI move. */
    static boolean looksLikeUsiLines(String text) {
        boolean any = false;
        for (String line : text.split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            any = true;
            if (!(l.startsWith("position ") || l.startsWith("startpos") || l.startsWith("sfen ")
                    || l.matches("([1-9][a-i][1-9][a-i]\\+?|[PLNSGBR]\\*[1-9][a-i])(\\s.*)?"))) {
                return false;
            }
        }
        return any;
    }

    static List<RecordedGame> read(String text, String name) {
        List<RecordedGame> games = new ArrayList<>();
        String[] lines = text.split("\\R");
        List<Integer> numbers = new ArrayList<>();
        List<UsiPositionLine> parsed = new ArrayList<>();
        for (int n = 1; n <= lines.length; n++) {
            String line = lines[n - 1].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                parsed.add(parseLine(line));
            } catch (NotationException e) {
                throw new NotationException(name + ":" + n + ": not a USI game: " + e.getMessage());
            }
            numbers.add(n);
        }
        for (int i = 0; i < parsed.size(); i++) {
            String label = parsed.size() == 1 ? name : name + ":" + numbers.get(i);
            games.add(new RecordedGame(label, parsed.get(i).start(), parsed.get(i).moves()));
        }
        return games;
    }

    private static UsiPositionLine parseLine(String line) {
        if (line.startsWith("position") || line.startsWith("startpos") || line.startsWith("sfen")) {
            return UsiPositionLine.parse(line);
        }
        List<Move> moves = new ArrayList<>();
        for (String token : line.split("\\s+")) {
            moves.add(Move.parseUsi(token));
        }
        return new UsiPositionLine(Position.startpos(), moves);
    }
}
