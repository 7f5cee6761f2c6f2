package org.shogiban.simulator.replay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.InputFiles;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SimulatorCommand;
import org.shogiban.simulator.trace.Trace;
import org.shogiban.simulator.trace.TraceParser;

/**
 * {@code replay-trace [--sensors occupancy|polarity] [--commit stable|clock] <trace>...}: plays handling traces on the
 * simulated board, prints each event the firmware infers and the game it recorded.
 */
public final class ReplayTraceCommand implements SimulatorCommand {
    @Override
    public String name() {
        return "replay-trace";
    }

    @Override
    public String usage() {
        return "replay-trace [--sensors occupancy|polarity] [--commit stable|clock] [--noise LEVEL] [--seed N]"
                + " <trace>...";
    }

    @Override
    public int run(List<String> args, PrintStream out) throws IOException {
        Options o = Options.parse(args, Set.of("sensors", "commit", "noise", "seed"));
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
            Trace trace = TraceParser.parse(InputFiles.utf8(Path.of(file)), file);
            SensorKind kind = forced != null ? forced : trace.sensors().orElse(SensorKind.OCCUPANCY);
            InferenceConfig config = InferenceConfig.defaults(kind).withCommitPolicy(policy);
            if (o.files().size() > 1) {
                out.println("== " + file);
            }
            RunResult result = new TraceRunner(config, settings).run(trace);
            for (InferenceEvent e : result.events()) {
                out.println(EventLines.line(e));
            }
            out.println("final " + result.usiPosition());
        }
        return 0;
    }
}
