package org.shogiban.simulator.replay;

import java.util.List;
import java.util.Optional;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.Move;
import org.shogiban.simulator.trace.Trace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replays a recorded game through generated handling and the inference, and compares what the board recorded with
 * the game as an arbiter rules it ({@link ArbiterRuling}): the board must record exactly the moves played; when the
 * record contains a foul at ply K, hands make moves 1..K and the board must report the K-th, and only it, as an
 * illegal move with the arbiter's reason; record moves after a foul or after the game ended are not replayed.
 */
public final class GameReplayer {
    private static final Logger log = LoggerFactory.getLogger(GameReplayer.class);

    private final InferenceConfig config;
    private final ReplaySettings settings;
    private final int noise;
    private final Pace pace;

    public GameReplayer(InferenceConfig config, ReplaySettings settings, int noise) {
        this(config, settings, noise, Pace.casual());
    }

    /** A replayer whose players reply at a pace (some or all replies starting while the board still settles). */
    public GameReplayer(InferenceConfig config, ReplaySettings settings, int noise, Pace pace) {
        this.config = config;
        this.settings = settings;
        this.noise = Noise.check(noise);
        this.pace = pace;
    }

    /**
     * The outcome of one replay.
     *
     * @param game the record
     * @param ruling how an arbiter rules it
     * @param result what the board recorded, or null when the record could not be handled on a board
     * @param mismatch how the board disagrees with the arbiter, or null when it agrees
     */
    public record Outcome(RecordedGame game, ArbiterRuling ruling, RunResult result, String mismatch) {
        public boolean ok() {
            return mismatch == null;
        }

        /** {@code <label> ok <plies the board recorded>} or {@code <label> MISMATCH at ply K: ...}. */
        public String line() {
            return ok() ? game.label() + " ok " + result.moves().size() : game.label() + " MISMATCH " + mismatch;
        }
    }

    public Outcome replay(RecordedGame game, long seed) {
        ArbiterRuling ruling = ArbiterRuling.of(game.start(), game.moves());
        if (ruling.stopsEarly()) {
            log.info("{}: the arbiter stops the record of {} moves early: {}", game.label(), game.moves().size(),
                    ruling.describe());
        }
        if (ruling.foul() != null) {
            Optional<String> impossible = HandlingGenerator.whyNotByHand(ruling.positionBeforeFoul(), ruling.foul());
            if (impossible.isPresent()) {
                return new Outcome(game, ruling, null, "at ply " + ruling.result().ply() + ": the record's move "
                        + ruling.foul().usi() + " is illegal (" + ruling.reason() + ") and cannot be made by hand: "
                        + impossible.get());
            }
        }
        ReplaySettings seeded = settings.withBounce(settings.bounceMillis(), seed);
        Trace trace = new HandlingGenerator(config, seeded, noise, 0, pace).generate(game.start(), ruling.handled(), seed);
        RunResult result = new TraceRunner(config, seeded).run(trace);
        String mismatch = compare(ruling, result);
        if (mismatch != null) {
            log.info("{} (seed {}): the board disagrees with the arbiter {}", game.label(), seed, mismatch);
        }
        return new Outcome(game, ruling, result, mismatch);
    }

    /** How the board's record disagrees with the arbiter's ruling, or null when it agrees. */
    static String compare(ArbiterRuling ruling, RunResult result) {
        List<Move> played = ruling.played();
        List<Move> recorded = result.moves();
        String moves = compare(played, recorded);
        if (moves != null) {
            int k = played.size();
            boolean onePast = recorded.size() > k && recorded.subList(0, k).equals(played);
            if (onePast && ruling.foul() != null) {
                return "at ply " + (k + 1) + ": the arbiter rules " + ruling.foul().usi() + " illegal ("
                        + ruling.reason() + "), board recorded " + recorded.get(k).usi();
            }
            if (onePast && ruling.result().isOver()) {
                return "at ply " + (k + 1) + ": the game is over (" + ruling.result().status() + "), board recorded "
                        + recorded.get(k).usi();
            }
            return moves;
        }
        List<InferenceEvent.MoveCompleted> illegal = result.illegalMoves();
        if (ruling.foul() == null) {
            return illegal.isEmpty() ? null : "the board reported illegal moves in a legal game: "
                    + illegal.stream().map(EventLines::line).toList();
        }
        String want = "illegal " + ruling.foul().usi() + " " + ruling.reason();
        List<String> got = illegal.stream().map(EventLines::line).toList();
        if (!got.equals(List.of(want))) {
            return "at ply " + ruling.result().ply() + ": the arbiter rules " + ruling.foul().usi() + " illegal ("
                    + ruling.reason() + "), board reported " + (got.isEmpty() ? "no illegal move" : got);
        }
        return null;
    }

    /** The first ply where two move lists differ, as {@code at ply K: record X, board recorded Y}, or null. */
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
