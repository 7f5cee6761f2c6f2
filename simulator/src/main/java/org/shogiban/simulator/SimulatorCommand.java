package org.shogiban.simulator;

import java.io.PrintStream;
import java.util.List;

/** One sub-command of {@code shogiban-simulator.jar}. */
public interface SimulatorCommand {
    /** The word that selects the command. */
    String name();

    /** One line of usage. */
    String usage();

    /** Runs the command, printing to {@code out}; returns the exit code. Throws {@link UsageError} for bad input. */
    int run(List<String> args, PrintStream out) throws Exception;

    /** A command line or input that cannot be used; the message is printed as one line. */
    class UsageError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public UsageError(String message) {
            super(message);
        }
    }
}
