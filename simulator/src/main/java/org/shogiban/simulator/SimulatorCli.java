package org.shogiban.simulator;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.rules.NotationException;
import org.shogiban.simulator.console.PlayCommand;
import org.shogiban.simulator.replay.ReplayCommand;
import org.shogiban.simulator.replay.ReplayTraceCommand;
import org.shogiban.simulator.trace.TraceFormatException;
import org.shogiban.simulator.web.WebCommand;

/** The command-line entry point: {@code java -jar shogiban-simulator.jar <command> [args]}. */
public final class SimulatorCli {
    private final Map<String, SimulatorCommand> commands = new LinkedHashMap<>();

    public SimulatorCli(List<SimulatorCommand> available) {
        for (SimulatorCommand c : available) {
            commands.put(c.name(), c);
        }
    }

    /** The tool with every simulator command. */
    public static SimulatorCli standard() {
        return new SimulatorCli(List.of(new ReplayCommand(), new ReplayTraceCommand(), new PlayCommand(),
                new WebCommand(), new org.shogiban.simulator.hallsim.HallSimCommand()));
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        System.exit(standard().run(args, out, err));
    }

    /** Runs one command line and returns its exit code; errors become one line on {@code err}. */
    public int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || isHelp(args[0])) {
            PrintStream s = args.length == 0 ? err : out;
            s.println("usage: java -jar shogiban-simulator.jar <command> [args]");
            for (SimulatorCommand c : commands.values()) {
                s.println("  " + c.usage());
            }
            return args.length == 0 ? 2 : 0;
        }
        SimulatorCommand command = commands.get(args[0]);
        if (command == null) {
            err.println("unknown command '" + args[0] + "'; commands: " + String.join(", ", commands.keySet()));
            return 2;
        }
        if (args.length == 2 && isHelp(args[1])) {
            out.println("usage: java -jar shogiban-simulator.jar " + command.usage());
            return 0;
        }
        try {
            return command.run(Arrays.asList(args).subList(1, args.length), out);
        } catch (SimulatorCommand.UsageError | TraceFormatException | NotationException e) {
            err.println(command.name() + ": " + e.getMessage());
            return 2;
        } catch (java.io.IOException e) {
            err.println(command.name() + ": cannot read " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println(command.name() + ": " + e);
            return 1;
        }
    }

    /** {@code help}, {@code --help} or {@code -h}: alone, the tool's usage; after a command, that command's. */
    private static boolean isHelp(String word) {
        return word.equals("help") || word.equals("--help") || word.equals("-h");
    }
}
