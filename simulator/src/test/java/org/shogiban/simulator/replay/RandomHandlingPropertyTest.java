package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * Property: over random legal games handled at random (captures in any order, late komadai, slides, hovers,
 * hesitation, bounce, pieces knocked off between moves), the board infers exactly the moves played, never an
 * illegal one, and reports every knocked-off piece as a discrepancy naming exactly its square.
 */
class RandomHandlingPropertyTest {

    @Test
    void randomGamesWithRandomHandling() {
        check(300, 1_000);
    }

    @Tag("slow")
    @Test
    void thousandsOfRandomGamesWithRandomHandling() {
        check(3000, 50_000);
    }

    @Test
    void randomGamesWithFastRepliesNeverInventAMove() {
        checkFast(200, 2_000);
    }

    @Tag("slow")
    @Test
    void thousandsOfRandomGamesWithFastRepliesNeverInventAMove() {
        checkFast(2000, 60_000);
    }

    /**
     * Property (issue 13): with replies that start while the board still settles (every reply, or one in two with
     * pieces knocked off between the slow ones), under both sensor kinds and both commit policies, every move the
     * board records was played, in order, and no legal move is reported illegal: the board may lag or wait, it never
     * makes a move up. Over these seeds it records every game exactly, too.
     */
    private static void checkFast(int games, long firstSeed) {
        int plies = 0;
        for (int g = 0; g < games; g++) {
            Drawn drawn = Drawn.of(g, firstSeed);
            List<Move> game = drawn.game();
            boolean blitz = (g / 4) % 2 == 0;
            Pace pace = blitz ? Pace.blitz() : Pace.blitz().withFastShare(0.5);
            HandlingGenerator.Handling handling = new HandlingGenerator(drawn.config(), drawn.settings(), drawn.noise(),
                    blitz ? 0 : 0.08, pace).generateHandling(Position.startpos(), game, drawn.seed());
            RunResult result = new TraceRunner(drawn.config(), drawn.settings()).run(handling.trace());
            String where = drawn.where(blitz ? "blitz" : "every other reply fast, knocks");

            assertThat(game.subList(0, Math.min(result.moves().size(), game.size())))
                    .as("moves recorded are moves played, in order, " + where)
                    .containsExactlyElementsOf(result.moves());
            assertThat(result.events()).as("illegal moves inferred, " + where)
                    .noneMatch(e -> e instanceof InferenceEvent.MoveCompleted m && !m.isLegal());
            assertThat(result.moves()).as("moves inferred, " + where).containsExactlyElementsOf(game);
            plies += game.size();
        }
        assertThat(plies).as("plies exercised").isGreaterThan(games * 20);
    }

    private static void check(int games, long firstSeed) {
        int knocks = 0;
        int plies = 0;
        for (int g = 0; g < games; g++) {
            Drawn drawn = Drawn.of(g, firstSeed);
            List<Move> game = drawn.game();
            HandlingGenerator.Handling handling = new HandlingGenerator(drawn.config(), drawn.settings(),
                    drawn.noise(), 0.08).generateHandling(Position.startpos(), game, drawn.seed());
            RunResult result = new TraceRunner(drawn.config(), drawn.settings()).run(handling.trace());
            String where = drawn.where(null);

            assertThat(result.moves()).as("moves inferred, " + where).containsExactlyElementsOf(game);
            assertThat(result.events()).as("illegal moves inferred, " + where)
                    .noneMatch(e -> e instanceof InferenceEvent.MoveCompleted m && !m.isLegal());
            for (HandlingGenerator.Knock knock : handling.knocks()) {
                assertThat(result.events()).as("report of the piece knocked off %s at %d, %s", knock.square(),
                                knock.offMillis(), where)
                        .anySatisfy(e -> {
                            assertThat(e).isInstanceOf(InferenceEvent.Discrepancy.class);
                            InferenceEvent.Discrepancy d = (InferenceEvent.Discrepancy) e;
                            assertThat(d.timeMillis()).isBetween(knock.offMillis(), knock.backMillis());
                            assertThat(d.squares()).singleElement()
                                    .satisfies(m -> assertThat(m.square()).isEqualTo(knock.square()));
                            assertThat(d.slots()).isEmpty();
                        });
                knocks++;
            }
            plies += game.size();
        }
        assertThat(knocks).as("knocks exercised").isGreaterThan(games / 2);
        assertThat(plies).as("plies exercised").isGreaterThan(games * 20);
    }

    /**
     * Game {@code g} of a run from {@code firstSeed}: its seed, the sensors and commit policy it cycles through, and
     * from its seed's random numbers (in this order) the bounce noise and a random game of 20 to 119 plies.
     */
    private record Drawn(long seed, SensorKind kind, CommitPolicy policy, int noise, List<Move> game,
                         InferenceConfig config, ReplaySettings settings) {
        static Drawn of(int g, long firstSeed) {
            long seed = firstSeed + g;
            Random r = new Random(seed);
            SensorKind kind = SensorKind.values()[g % 2];
            CommitPolicy policy = CommitPolicy.values()[(g / 2) % 2];
            int noise = 1 + r.nextInt(3);
            List<Move> game = randomGame(r, 20 + r.nextInt(100));
            return new Drawn(seed, kind, policy, noise, game, InferenceConfig.defaults(kind).withCommitPolicy(policy),
                    ReplaySettings.standard().withBounce(Noise.bounceMillis(noise), seed));
        }

        /** Where a failure was found, for the assertion's words ({@code more} said last when not null). */
        String where(String more) {
            return "seed " + seed + " (" + kind + ", " + policy + ", noise " + noise
                    + (more == null ? "" : ", " + more) + ")";
        }
    }

    /** A random legal game favouring captures, drops and promotions, so they happen often. */
    static List<Move> randomGame(Random r, int maxPlies) {
        Position p = Position.startpos();
        List<Move> moves = new ArrayList<>();
        while (moves.size() < maxPlies && !p.hasNoLegalMove()) {
            List<Move> legal = p.legalMoves();
            List<Move> lively = new ArrayList<>();
            for (Move m : legal) {
                if (m.isDrop() || m.promote() || p.pieceAt(m.to()) != null) {
                    lively.add(m);
                }
            }
            List<Move> pool = !lively.isEmpty() && r.nextInt(3) > 0 ? lively : legal;
            Move m = pool.get(r.nextInt(pool.size()));
            moves.add(m);
            p = p.play(m);
        }
        return moves;
    }
}
