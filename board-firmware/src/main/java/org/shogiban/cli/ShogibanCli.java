package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.rules.NotationException;

/** The command-line entry point: {@code java -jar shogiban.jar <command> [args]}. */
public final class ShogibanCli {
    private final Map<String, CliCommand> commands = new LinkedHashMap<>();

    ShogibanCli(List<CliCommand> available) {
        for (CliCommand c : available) {
            commands.put(c.name(), c);
        }
    }

    /** The tool with every command of the board firmware. */
    public static ShogibanCli standard() {
        return new ShogibanCli(List.of(new PerftCommand(), new JudgeCommand(), new ConvertCommand(),
                new ServeCommand(), new CheckConfigCommand(), new HallCommand(), new UsiCommand(),
                new BringUpCommand()));
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        System.exit(standard().run(args, System.in, out, err));
    }

    /** Runs one command line and returns its exit code; errors become one line on {@code err}. */
    public int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        if (args.length == 0 || isHelp(args[0])) {
            printHelp(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        CliCommand command = commands.get(args[0]);
        if (command == null) {
            err.println("unknown command '" + args[0] + "'; commands: " + String.join(", ", commands.keySet()));
            return 2;
        }
        if (args.length == 2 && isHelp(args[1])) {
            out.println("usage: java -jar shogiban.jar " + command.usage());
            return 0;
        }
        try {
            return command.run(Arrays.asList(args).subList(1, args.length), in, out, err);
        } catch (UsageException e) {
            err.println(command.name() + ": " + e.getMessage());
            return e.exitCode();
        } catch (NotationException e) {
            err.println(command.name() + ": " + e.getMessage());
            return 2;
        } catch (UncheckedIOException e) {
            err.println(command.name() + ": " + e.getCause().getMessage());
            return 1;
        } catch (Exception e) {
            err.println(command.name() + ": " + e);
            return 1;
        }
    }

    /** {@code help}, {@code --help} or {@code -h}: alone, the tool's usage; after a command, that command's. */
    static boolean isHelp(String word) {
        return word.equals("help") || word.equals("--help") || word.equals("-h");
    }

    private void printHelp(PrintStream stream) {
        stream.println("usage: java -jar shogiban.jar <command> [args]");
        for (CliCommand c : commands.values()) {
            stream.println("  " + c.usage());
        }
    }
}
