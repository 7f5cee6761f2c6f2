package org.shogiban.cli;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.login.Arbiters;
import org.shogiban.hall.store.HallStore;

/**
 * {@code hall passwd NAME [--state DIR]}: adds an arbiter account to the hall's state or sets its password (an
 * Argon2id hash; the password is never written). The password is asked twice on the terminal without echo, or read
 * as two lines of standard input when that is not a terminal (scripts).
 */
final class HallPasswd {
    private HallPasswd() {
    }

    static int run(List<String> args, InputStream in, PrintStream out) throws IOException {
        if (args.isEmpty() || args.get(0).startsWith("-")) {
            throw new UsageException("hall passwd NAME [--state DIR]: the arbiter's name first");
        }
        String name = args.get(0);
        if (!HallConfig.isName(name)) {
            throw new UsageException("hall passwd: the name is 1 to 64 letters, digits, '-' or '_'");
        }
        Path state = defaultState();
        List<String> rest = args.subList(1, args.size());
        if (rest.size() == 2 && rest.get(0).equals("--state")) {
            state = Path.of(rest.get(1));
        } else if (!rest.isEmpty()) {
            throw new UsageException("hall passwd NAME [--state DIR]");
        }
        char[][] twice = read(in, out);
        try {
            if (twice[0].length < 8) {
                throw new UsageException("hall passwd: at least 8 characters");
            }
            if (!Arrays.equals(twice[0], twice[1])) {
                throw new UsageException("hall passwd: the two passwords differ; nothing changed");
            }
            try (HallStore store = HallStore.open(state)) {
                new Arbiters(store).setPassword(name, twice[0]);
                out.println("arbiter " + name + ": password set in " + store.file());
            }
            return 0;
        } finally {
            Arrays.fill(twice[0], '\0');
            Arrays.fill(twice[1], '\0');
        }
    }

    private static char[][] read(InputStream in, PrintStream out) throws IOException {
        Console console = System.console();
        if (console != null && in == System.in) {
            char[] a = console.readPassword("password: ");
            char[] b = console.readPassword("again: ");
            return new char[][] {a == null ? new char[0] : a, b == null ? new char[0] : b};
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String a = r.readLine();
        String b = r.readLine();
        if (a == null || b == null) {
            throw new UsageException("hall passwd: give the password twice, one line each, on standard input");
        }
        return new char[][] {a.toCharArray(), b.toCharArray()};
    }

    /** The hall's state directory when none is given: {@code $XDG_DATA_HOME/shogiban/hall}. */
    static Path defaultState() {
        String xdg = System.getenv("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg)
                : Path.of(System.getProperty("user.home"), ".local", "share");
        return base.resolve("shogiban").resolve("hall");
    }
}
