package org.shogiban.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordJudge;
import org.shogiban.notation.RecordRuling;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.ImpasseRule;

/**
 * {@code judge <file|->}: rules on a game record (KIF, KI2, CSA, JKF or USI, told apart by content) as an arbiter
 * and prints one JSON line with the verdict; impasse declarations are judged by the 27-point rule.
 */
final class JudgeCommand implements CliCommand {
    @Override
    public String name() {
        return "judge";
    }

    @Override
    public String usage() {
        return "judge <file|->   rule on a game record (KIF, KI2, CSA, JKF or USI) and print the verdict as JSON";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws IOException {
        if (args.size() != 1) {
            throw new UsageException("expected one file or '-', got " + args.size() + " arguments");
        }
        if (args.get(0).startsWith("-") && !args.get(0).equals("-")) {
            throw new UsageException("unknown option '" + args.get(0) + "'");
        }
        GameRecord record = read(args.get(0), in);
        out.println(JudgeJson.format(RecordJudge.rule(record, ImpasseRule.POINTS_27)));
        return 0;
    }

    /**
     * Reads the record a command is given; errors in a file's record name the file ({@code game.kif: line 3: ...}),
     * errors in standard input do not.
     */
    static GameRecord read(String name, InputStream in) {
        byte[] bytes = RecordInput.read(name, in);
        try {
            return GameRecords.read(bytes);
        } catch (RecordFormatException e) {
            if (name.equals("-")) {
                throw e;
            }
            throw new UsageException(name + ": " + e.getMessage());
        }
    }

    /** Formats the verdict line. */
    static final class JudgeJson {
        private JudgeJson() {
        }

        static String format(RecordRuling ruling) {
            StringBuilder sb = new StringBuilder("{");
            sb.append("\"plies\":").append(ruling.plies());
            sb.append(",\"sfen\":\"").append(ruling.position().toSfen()).append('"');
            sb.append(",\"status\":\"").append(ruling.status()).append('"');
            sb.append(",\"winner\":\"").append(ruling.winner() == null ? "none" : ruling.winner().label())
                    .append('"');
            if (ruling.status() == GameStatus.ILLEGAL_MOVE) {
                // a foul the record names without a move the rules can judge has no reason of its own
                sb.append(",\"reason\":\"").append(ruling.reason() == null ? "UNSPECIFIED" : ruling.reason())
                        .append('"');
                sb.append(",\"ply\":").append(ruling.ply());
            }
            return sb.append('}').toString();
        }
    }
}
