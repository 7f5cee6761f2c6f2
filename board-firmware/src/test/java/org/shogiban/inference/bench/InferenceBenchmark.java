package org.shogiban.inference.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.MoveInference;
import org.shogiban.notation.usi.UsiPositionLine;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * Time to process one debounced sensor frame, over the frames of a real game at 100 scans a second: a lift, a
 * landing, then the still frames until the move counts (the frame where it counts runs the candidate search and the
 * rules); for a capture the captured piece is lifted first; an optional promotion is answered with a button. Mode SampleTime prints the median (p0.50) and p0.99.
 *
 * <pre>./mvnw -q -pl board-firmware -am test-compile &amp;&amp;
 * ./mvnw -q -pl board-firmware exec:exec@jmh -Djmh.args="InferenceBenchmark -f 1 -wi 3 -i 5"</pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class InferenceBenchmark {
    /** The first game of the lishogi collection (53 plies, captures, drops and promotions). */
    static final String GAME = "position startpos moves 3g3f 8c8d 3f3e 8d8e 6i7h 8e8f 8g8f 8b8f P*8g 8f8e 2h3h 4a3b"
            + " 7g7f P*8f 8g8f 8e8f 3h3f 7a6b 3i3h 6a7b 9g9f 3a4b 5i5h 5a5b 1g1f 1c1d 2i3g 8f8d P*8g 2b1c 3e3d"
            + " 1c2b 3d3c+ 4b3c 3g4e 3c4b 3f3b+ 2b8h+ 7i8h B*2h B*4a 5b6a G*5b 6a7a 5b6b 7b6b 3b4b G*6a 4e5c"
            + " 2h6d+ 5c6a+ 6b6a S*5c";

    @Param({"OCCUPANCY", "POLARITY"})
    public SensorKind sensors;

    /**
     * SETTLED: every move counts on a still board. FAST: every second move is a reply started 250 ms after the
     * opponent's piece landed (the pair is found by the sequence search). OUT_OF_STEP: every eighth move a piece no
     * one touches for three moves is knocked off and put back after them (the board reports it, then finds the three
     * moves by the sequence search).
     */
    @Param({"SETTLED", "FAST", "OUT_OF_STEP"})
    public String pace;

    private Position start;
    private InferenceConfig config;
    /** Sensor frames and, rarely, button presses, in time order. */
    private List<Object> frames;
    private MoveInference inference;
    private int next;

    @Setup
    public void setUp() {
        UsiPositionLine game = UsiPositionLine.parse(GAME);
        start = game.start();
        config = InferenceConfig.defaults(sensors);
        frames = framesOf(game.moves());
        MoveInference check = new MoveInference(start, config);
        for (Object input : frames) {
            List<InferenceEvent> events = input instanceof SensorFrame f ? check.onFrame(f)
                    : check.onButton((ButtonEvent) input);
            for (InferenceEvent e : events) {
                if (e instanceof InferenceEvent.MoveCompleted m && !m.isLegal()) {
                    throw new IllegalStateException("benchmark frames make an illegal move " + m.move());
                }
            }
        }
        if (!check.moves().equals(game.moves())) {
            throw new IllegalStateException("benchmark frames do not replay the game: " + check.moves());
        }
        inference = new MoveInference(start, config);
    }

    private List<Object> framesOf(List<Move> moves) {
        List<Object> out = new ArrayList<>();
        long t = 0;
        Position p = start;
        out.add(ExpectedFrame.of(p).toSensorFrame(t, sensors));
        int knocked = -1;
        int knockedUntil = -1;
        for (int ply = 0; ply < moves.size(); ply++) {
            Move m = moves.get(ply);
            boolean fastReplyNext = pace.equals("FAST") && ply % 2 == 0 && ply + 1 < moves.size();
            if (pace.equals("OUT_OF_STEP") && ply % 8 == 4 && ply + 3 <= moves.size() && knocked < 0) {
                knocked = untouched(p, moves.subList(ply, ply + 3));
                knockedUntil = ply + 3;
            }
            SensorFrame before = knock(ExpectedFrame.of(p).toSensorFrame(0, sensors), knocked);
            Position after = p.play(m);
            // the piece leaves its square or slot: 15 scans in the air
            SensorFrame lifted = m.isDrop()
                    ? before.withKomadai(org.shogiban.hal.Player.values()[p.sideToMove().ordinal()],
                    org.shogiban.hal.KomadaiSlot.values()[m.drop().handIndex()],
                    before.komadai(org.shogiban.hal.Player.values()[p.sideToMove().ordinal()],
                            org.shogiban.hal.KomadaiSlot.values()[m.drop().handIndex()]) - 1)
                    : before.withSquare(m.from().index(), SquareReading.EMPTY);
            if (!m.isDrop() && p.pieceAt(m.to()) != null) {
                // a capture: the captured piece is lifted first, so the board sees its square empty
                for (int i = 0; i < 10; i++) {
                    out.add(before.withSquare(m.to().index(), SquareReading.EMPTY).at(t += 10));
                }
                lifted = lifted.withSquare(m.to().index(), SquareReading.EMPTY);
            }
            for (int i = 0; i < 15; i++) {
                out.add(lifted.at(t += 10));
            }
            boolean optional = sensors == SensorKind.OCCUPANCY && !m.isDrop()
                    && p.isLegal(Move.of(m.from(), m.to(), true)) && p.isLegal(Move.of(m.from(), m.to(), false));
            // the piece lands (a captured piece straight onto the komadai), then the board stays still until the
            // move counts: the settle time, or the promotion window when the promotion is optional
            if (knocked >= 0 && ply + 1 == knockedUntil) {
                knocked = -1; // put back as the third move lands
            }
            SensorFrame landed = knock(ExpectedFrame.of(after).toSensorFrame(0, sensors), knocked);
            long still = fastReplyNext ? 250 : knocked >= 0 ? config.discrepancyMillis() + 100
                    : config.settleMillis() + 100;
            if (optional && fastReplyNext) {
                // no time for the board to ask: the choice is pressed with the placement
                out.add(ButtonEvent.press(m.promote() ? Button.PROMOTE : Button.CONFIRM, t + 5));
                optional = false;
            }
            for (long s = 0; s < still; s += 10) {
                out.add(landed.at(t += 10));
            }
            if (optional) {
                // the board asks; the player presses promote or confirm
                out.add(ButtonEvent.press(m.promote() ? Button.PROMOTE : Button.CONFIRM, t += 5));
                for (int i = 0; i < 20; i++) {
                    out.add(landed.at(t += 10));
                }
            }
            p = after;
        }
        return out;
    }

    /** A frame with a knocked-off piece's square empty (none when the index is negative). */
    private static SensorFrame knock(SensorFrame f, int square) {
        return square < 0 ? f : f.withSquare(square, SquareReading.EMPTY);
    }

    /** An occupied square none of some moves starts from, lands on, or passes nothing else: the far corner first. */
    private static int untouched(Position p, List<Move> next) {
        for (int i = 0; i < 81; i++) {
            int square = i;
            if (p.pieceAt(org.shogiban.rules.Square.ofIndex(square)) != null && next.stream().noneMatch(
                    m -> m.to().index() == square || (!m.isDrop() && m.from().index() == square))) {
                return square;
            }
        }
        throw new IllegalStateException("no untouched piece");
    }

    @Benchmark
    public List<InferenceEvent> oneFrame() {
        if (next == frames.size()) {
            next = 0;
            inference = new MoveInference(start, config);
        }
        Object input = frames.get(next++);
        return input instanceof SensorFrame f ? inference.onFrame(f) : inference.onButton((ButtonEvent) input);
    }
}
