package org.shogiban.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordJudge;
import org.shogiban.notation.RecordRuling;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Side;

/**
 * {@code convert --to kif|kifu|ki2|csa|usi|sfen|jkf <file|->}: reads a game record in any format the board knows and
 * writes it to stdout in the chosen one (Shift_JIS for {@code kif}, UTF-8 for the others). It rules as the arbiter
 * does ({@code judge}): a record whose move is illegal is written up to the move before it, with the foul as its
 * ending (the mover's foul: KIF 反則負け, CSA {@code %ILLEGAL_MOVE}, JKF {@code ILLEGAL_MOVE}), and one warning line goes to
 * stderr, so that other programs never read the illegal move as an ordinary one.
 */
final class ConvertCommand implements CliCommand {
    @Override
    public String name() {
        return "convert";
    }

    @Override
    public String usage() {
        return "convert --to kif|kifu|ki2|csa|usi|sfen|jkf <file|->   write a game record in another format";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws IOException {
        return run(args, in, out, new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) throws IOException {
        RecordFormat format = null;
        String input = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String value = null;
            if (a.equals("--to")) {
                if (i + 1 >= args.size()) {
                    throw new UsageException("--to needs a format: kif, kifu, ki2, csa, usi, sfen or jkf");
                }
                value = args.get(++i);
            } else if (a.startsWith("--to=")) {
                value = a.substring("--to=".length());
            } else if (a.startsWith("-") && !a.equals("-")) {
                throw new UsageException("unknown option '" + a + "'");
            } else if (input != null) {
                throw new UsageException("one file or '-' expected, got '" + input + "' and '" + a + "'");
            } else {
                input = a;
            }
            if (value != null) {
                try {
                    format = RecordFormat.fromName(value);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(e.getMessage());
                }
            }
        }
        if (format == null || input == null) {
            throw new UsageException("usage: " + usage());
        }
        GameRecord record = JudgeCommand.read(input, in);
        RecordRuling ruling = RecordJudge.rule(record, ImpasseRule.POINTS_27);
        // the rules stopped play before the record's last move: that move is the foul
        if (ruling.status() == GameStatus.ILLEGAL_MOVE && ruling.plies() < record.recordedMoves().size()) {
            Side fouler = ruling.winner().opponent();
            err.println("convert: warning: move " + ruling.ply() + " is illegal (" + ruling.reason()
                    + "): written up to move " + (ruling.ply() - 1) + ", ending in " + fouler.label() + "'s foul");
            record = new GameRecord(record.start(), record.header(), record.startComments(),
                    record.recordedMoves().subList(0, ruling.ply() - 1),
                    RecordEnd.of(EndKind.ILLEGAL_MOVE, fouler));
        }
        out.write(GameRecords.encode(record, format));
        out.flush();
        return 0;
    }
}
