package org.shogiban.simulator.replay;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SimulatorCommand;

/**
 * {@code replay [--seed N] [--noise LEVEL] [--sensors occupancy|polarity] [--commit stable|clock]
 * [--speed casual|quick|blitz] [--fast-replies 0..1] [--reply-ms MS|MIN-MAX] <record>...}:
 * replays each game through realistic handling on the simulated board and checks the board agrees with the game as
 * an arbiter rules it ({@link ArbiterRuling}): exactly the moves played, and a record's foul reported as an illegal
 * move with the arbiter's reason; moves after a foul or after the game ended are not replayed. Prints
 * {@code <file> ok <plies the board recorded>} or {@code <file> MISMATCH ...} per game; exits 0 only when every game
 * agrees.
 */
public final class ReplayCommand implements SimulatorCommand {
    @Override
    public String name() {
        return "replay";
    }

    @Override
    public String usage() {
        return "replay [--seed N] [--noise 0..3] [--sensors occupancy|polarity] [--commit stable|clock]"
                + " [--speed casual|quick|blitz] [--fast-replies 0..1] [--reply-ms MS|MIN-MAX] <record>...";
    }

    @Override
    public int run(List<String> args, PrintStream out) throws IOException {
        Options o = Options.parse(args,
                Set.of("seed", "noise", "sensors", "commit", "speed", "fast-replies", "reply-ms"));
        if (o.files().isEmpty()) {
            throw new UsageError("no record given; usage: " + usage());
        }
        InferenceConfig config;
        Pace pace;
        int noise = Noise.option(o.getLong("noise", 1));
        try {
            config = InferenceConfig.defaults(SensorKinds.parse(o.get("sensors", "occupancy")))
                    .withCommitPolicy(CommitPolicy.parse(o.get("commit", "stable")));
            pace = pace(o);
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        long seed = o.getLong("seed", 1);
        GameReplayer replayer = new GameReplayer(config,
                ReplaySettings.standard().withBounce(Noise.bounceMillis(noise), seed), noise, pace);
        boolean allOk = true;
        for (String file : o.files()) {
            for (RecordedGame game : RecordReader.read(Path.of(file))) {
                GameReplayer.Outcome outcome = replayer.replay(game, seed);
                out.println(outcome.line());
                allOk &= outcome.ok();
            }
        }
        return allOk ? 0 : 1;
    }

    /** The speed knob: a preset ({@code --speed}), then its share and reply time overridden one by one. */
    private static Pace pace(Options o) {
        Pace pace = Pace.parse(o.get("speed", "casual"));
        String share = o.get("fast-replies", null);
        if (share != null) {
            try {
                pace = pace.withFastShare(Double.parseDouble(share));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--fast-replies needs a share 0..1, not '" + share + "'", e);
            }
        }
        String reply = o.get("reply-ms", null);
        return reply == null ? pace : pace.withReplyMillis(reply);
    }
}
