package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/** One sub-command of the {@code shogiban.jar} tool. */
public interface CliCommand {
    /** The word that selects the command. */
    String name();

    /** One line of usage, shown by {@code help}. */
    String usage();

    /** Runs the command; returns the exit code. Throws {@link UsageException} for bad arguments or input. */
    int run(List<String> args, InputStream in, PrintStream out) throws Exception;

    /** Runs the command with a stream for warnings (one line each); commands without warnings ignore it. */
    default int run(List<String> args, InputStream in, PrintStream out, PrintStream err) throws Exception {
        return run(args, in, out);
    }
}
