package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.ConfigCheck;
import org.shogiban.hal.config.ConfigException;

/**
 * {@code check-config [--on-this-pi] FILE}: checks a board configuration without opening any hardware. Prints
 * {@code ok} and exits 0 when it is valid; otherwise one line per problem (file, key, value, what is allowed) and exit
 * code 2. With {@code --on-this-pi} it then runs the checks {@code serve} runs at start on this Raspberry Pi (buses,
 * SPI, PWM, device groups, every chip asked, every GPIO line claimed and let go) without starting the board: one
 * sentence per missing part and exit code 2.
 */
final class CheckConfigCommand implements CliCommand {
    static final String ON_THIS_PI = "--on-this-pi";

    @Override
    public String name() {
        return "check-config";
    }

    @Override
    public String usage() {
        return "check-config [--on-this-pi] FILE   check a board configuration (one line per problem) without"
                + " starting anything; --on-this-pi also checks this Pi's buses, chips and pins";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) {
        List<String> rest = new ArrayList<>(args);
        boolean onThisPi = rest.remove(ON_THIS_PI);
        if (rest.size() != 1 || rest.get(0).startsWith("-")) {
            throw new UsageException(rest.size() == 1 ? "unknown option " + rest.get(0) + "; usage: " + usage()
                    : "one configuration file expected; usage: " + usage());
        }
        Path file = Path.of(rest.get(0));
        List<ConfigException> problems = ConfigCheck.problems(file);
        if (!problems.isEmpty()) {
            for (ConfigException p : problems) {
                out.println(p.getMessage());
            }
            return 2;
        }
        if (onThisPi) {
            ThisPi.requirePi();
            MonotonicClock clock = MonotonicClock.system();
            BoardConfig config = BoardConfig.load(file);
            // opened and closed at once: nothing is scanned, lit or sounded
            Board board = ThisPi.open(config, clock, new FaultReporter(clock), name());
            board.close();
            out.println("ok: every chip answers and every pin is free on this Pi");
            return 0;
        }
        out.println("ok");
        return 0;
    }
}
