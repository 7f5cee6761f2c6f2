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
public record CliRun(int exit, String out, String err) {

    /** {@code shogiban ARGS} with nothing on stdin. */
    static CliRun of(String... args) {
        return withInput("", args);
    }

    /** {@code shogiban ARGS} with {@code stdin} typed in. */
    static CliRun withInput(String stdin, String... args) {
        Bytes run = bytes(stdin.getBytes(StandardCharsets.UTF_8), args);
        return new CliRun(run.exit(), run.text(), run.err());
    }

    /** {@code shogiban ARGS} with {@code stdin} as bytes, its stdout kept as bytes (a record in Shift_JIS). */
    public static Bytes bytes(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ShogibanCli.standard().run(args, new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Bytes(exit, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    /** A run whose stdout is bytes: the exit code, stdout, stderr. */
    public record Bytes(int exit, byte[] out, String err) {
        /** Stdout read as UTF-8. */
        public String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
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
