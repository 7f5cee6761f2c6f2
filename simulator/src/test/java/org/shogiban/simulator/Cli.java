package org.shogiban.simulator;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs the simulator's command line in-process and captures what it prints. */
public record Cli(int exitCode, List<String> out, String err) {

    public static Cli run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SimulatorCli.standard().run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Cli(code, out.toString(StandardCharsets.UTF_8).lines().toList(),
                err.toString(StandardCharsets.UTF_8));
    }

    /** The shared data directory (../shared beside the checkout), failing clearly when it is missing. */
    public static Path shared() {
        String dir = System.getProperty("shogiban.shared");
        if (dir == null || !Files.isDirectory(Path.of(dir, "data"))) {
            throw new IllegalStateException("the shared data is missing: system property shogiban.shared is '" + dir
                    + "', expected a directory holding data/ (the build sets it to <checkout>/../shared)");
        }
        return Path.of(dir);
    }
}
