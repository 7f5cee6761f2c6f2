package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** {@code perft [--sfen "<sfen>"] [--divide] <depth>}: counts leaf nodes; the last line is the count alone. */
final class PerftCommand implements CliCommand {
    @Override
    public String name() {
        return "perft";
    }

    @Override
    public String usage() {
        return "perft [--sfen \"<sfen>\"] [--divide] <depth>   count leaf nodes of the legal move tree";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) {
        Position position = Position.startpos();
        boolean divide = false;
        Integer depth = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--sfen" -> {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("--sfen needs an SFEN argument");
                    }
                    position = Position.fromSfen(args.get(++i));
                }
                case "--divide" -> divide = true;
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown option '" + a + "'");
                    }
                    if (depth != null) {
                        throw new UsageException("one depth expected, got '" + depth + "' and '" + a + "'");
                    }
                    try {
                        depth = Integer.parseInt(a);
                    } catch (NumberFormatException e) {
                        throw new UsageException("depth '" + a + "' is not a number");
                    }
                    if (depth < 0 || depth > 12) {
                        throw new UsageException("depth " + depth + " is outside 0..12");
                    }
                }
            }
        }
        if (depth == null) {
            throw new UsageException("missing depth; usage: " + usage());
        }
        if (divide && depth > 0) {
            long total = 0;
            for (Map.Entry<Move, Long> e : position.perftDivide(depth).entrySet()) {
                out.println(e.getKey().usi() + ": " + e.getValue());
                total += e.getValue();
            }
            out.println(total);
        } else {
            out.println(position.perft(depth));
        }
        return 0;
    }
}
