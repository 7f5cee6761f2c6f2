package org.shogiban.simulator.replay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.session.GameSettings;
import java.util.Optional;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.InputFiles;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SimulatorCommand;
import org.shogiban.simulator.trace.Trace;
import org.shogiban.simulator.trace.TraceParser;

/**
 * {@code replay-trace [--sensors occupancy|polarity] [--commit stable|clock] [--time SPEC] <trace>...}: plays handling
 * traces on the simulated board through the game session, prints each event (moves, illegal moves, takebacks,
 * discrepancies, {@code time-up <side>}, {@code result <STATUS> <winner>}) and the game it recorded; with a time
 * control ({@code --time} or a {@code # time SPEC} header) also {@code final clock sente <mainMs> <periods> gote
 * <mainMs> <periods>} as of the trace's end.
 */
public final class ReplayTraceCommand implements SimulatorCommand {
    @Override
    public String name() {
        return "replay-trace";
    }

    @Override
    public String usage() {
        return "replay-trace [--sensors occupancy|polarity] [--commit stable|clock] [--noise LEVEL] [--seed N]"
                + " [--time SPEC] <trace>...";
    }

    /** The {@code # time SPEC} header of a trace, if it has one. */
    static Optional<String> timeHeader(String text) {
        return text.lines().map(String::strip).filter(l -> l.matches("#\\s*time\\s+\\S.*"))
                .map(l -> l.substring(1).strip().substring("time".length()).strip()).findFirst();
    }

    @Override
    public int run(List<String> args, PrintStream out) throws IOException {
        Options o = Options.parse(args, Set.of("sensors", "commit", "noise", "seed", "time"));
        if (o.files().isEmpty()) {
            throw new UsageError("no trace given; usage: " + usage());
        }
        CommitPolicy policy;
        SensorKind forced;
        try {
            policy = CommitPolicy.parse(o.get("commit", "stable"));
            forced = o.values().containsKey("sensors") ? SensorKinds.parse(o.get("sensors", "")) : null;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        ReplaySettings settings = ReplaySettings.standard()
                .withBounce(Noise.bounceMillis(Noise.option(o.getLong("noise", 0))), o.getLong("seed", 1));
        for (String file : o.files()) {
            String text = InputFiles.utf8(Path.of(file));
            Trace trace = TraceParser.parse(text, file);
            TimeControl time;
            try {
                time = TimeControl.parse(o.values().containsKey("time") ? o.get("time", "none")
                        : timeHeader(text).orElse("none"));
            } catch (IllegalArgumentException e) {
                throw new UsageError(file + ": " + e.getMessage());
            }
            SensorKind kind = forced != null ? forced : trace.sensors().orElse(SensorKind.OCCUPANCY);
            InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(policy);
            if (o.files().size() > 1) {
                out.println("== " + file);
            }
            GameSettings game = GameSettings.of(trace.start(), config).withTime(time).withBeeps(BeepSchedule.SILENT);
            SessionTraceRunner.Output result = new SessionTraceRunner(game, settings).run(trace);
            result.lines().forEach(out::println);
            out.println("final " + result.usiPosition());
            if (!time.isNone()) {
                out.println(result.clockLine());
            }
        }
        return 0;
    }
}
