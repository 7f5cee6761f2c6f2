package org.shogiban.simulator.replay;

import java.util.List;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.IllegalMoveException;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.simulator.trace.Trace;

/** Replays a recorded game through generated handling and the inference, and compares what the board recorded. */
public final class GameReplayer {
    private final InferenceConfig config;
    private final ReplaySettings settings;
    private final int noise;

    public GameReplayer(InferenceConfig config, ReplaySettings settings, int noise) {
        this.config = config;
        this.settings = settings;
        this.noise = Noise.check(noise);
    }

    /** The outcome of one replay. */
    public record Outcome(RecordedGame game, RunResult result, String mismatch) {
        public boolean ok() {
            return mismatch == null;
        }

        /** {@code <label> ok <plies>} or {@code <label> MISMATCH at ply K: ...}. */
        public String line() {
            return ok() ? game.label() + " ok " + game.moves().size() : game.label() + " MISMATCH " + mismatch;
        }
    }

    public Outcome replay(RecordedGame game, long seed) {
        Position p = game.start();
        for (int i = 0; i < game.moves().size(); i++) {
            try {
                p = p.play(game.moves().get(i));
            } catch (IllegalMoveException e) {
                return new Outcome(game, null, "at ply " + (i + 1) + ": the record's move " + game.moves().get(i)
                        + " is illegal (" + e.getMessage() + "); nothing to replay");
            }
        }
        Trace trace = new HandlingGenerator(config, settings.withBounce(settings.bounceMillis(), seed), noise)
                .generate(game.start(), game.moves(), seed);
        RunResult result = new TraceRunner(config, settings.withBounce(settings.bounceMillis(), seed)).run(trace);
        return new Outcome(game, result, compare(game.moves(), result.moves()));
    }

    static String compare(List<Move> expected, List<Move> inferred) {
        int n = Math.max(expected.size(), inferred.size());
        for (int i = 0; i < n; i++) {
            Move want = i < expected.size() ? expected.get(i) : null;
            Move got = i < inferred.size() ? inferred.get(i) : null;
            if (want == null || !want.equals(got)) {
                return "at ply " + (i + 1) + ": record " + (want == null ? "ends" : want.usi()) + ", board "
                        + (got == null ? "recorded nothing" : "recorded " + got.usi());
            }
        }
        return null;
    }
}
