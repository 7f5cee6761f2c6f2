package org.shogiban.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;

/**
 * {@code convert --to kif|kifu|ki2|csa|usi|sfen|jkf <file|->}: reads a game record in any format the board knows and
 * writes it to stdout in the chosen one (Shift_JIS for {@code kif}, UTF-8 for the others).
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
        out.write(GameRecords.encode(record, format));
        out.flush();
        return 0;
    }
}
