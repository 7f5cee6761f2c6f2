package org.shogiban.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.shogiban.hal.config.BoardConfig;

/**
 * One run of the command-line tool as a user runs it, in-process: arguments and input in; exit code, stdout and
 * stderr out. Also the configuration file the commands' tests start from (the package's reed example).
 */
record CliRun(int exit, String out, String err) {

    /** {@code shogiban ARGS} with nothing on stdin. */
    static CliRun of(String... args) {
        return withInput("", args);
    }

    /** {@code shogiban ARGS} with {@code stdin} typed in. */
    static CliRun withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ShogibanCli.standard().run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A valid board configuration in {@code dir} (board.properties, the reed-switch example): its path. */
    static Path exampleConfig(Path dir) throws IOException {
        Path file = dir.resolve("board.properties");
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            Files.copy(in, file);
        }
        return file;
    }
}
