package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.shogiban.hal.config.ConfigCheck;
import org.shogiban.hal.config.ConfigException;

/**
 * {@code check-config FILE}: checks a board configuration without opening any hardware. Prints {@code ok} and exits
 * 0 when it is valid; otherwise one line per problem (file, key, value, what is allowed) and exit code 2.
 */
final class CheckConfigCommand implements CliCommand {
    @Override
    public String name() {
        return "check-config";
    }

    @Override
    public String usage() {
        return "check-config FILE   check a board configuration (one line per problem) without starting anything";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) {
        if (args.size() != 1 || args.get(0).startsWith("-")) {
            throw new UsageException(args.size() == 1 ? "unknown option " + args.get(0) + "; usage: " + usage()
                    : "one configuration file expected; usage: " + usage());
        }
        List<ConfigException> problems = ConfigCheck.problems(Path.of(args.get(0)));
        if (problems.isEmpty()) {
            out.println("ok");
            return 0;
        }
        for (ConfigException p : problems) {
            out.println(p.getMessage());
        }
        return 2;
    }
}
