package org.shogiban.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;

/**
 * The board's work between the end of the settle time and the acknowledged move, journal fsync included: the part of
 * "from the sensor change that completes a move to the acknowledged move" that is not waiting. Each invocation's
 * setup (not measured) takes the last move back, waits until the record writer has written the takeback (as it has
 * long done in play, 400 ms later), lifts the pawn, puts it on 7f (the completing change) and runs the board's 10 ms
 * passes on a manual clock up to the last pass before the settle time ends. The measured part is the passes from
 * there until the move is acknowledged: the scan pass, the session counting the move, the journal's append forced to
 * the disk (state directory under target/, or -Dbench.state=DIR), the buzzer and the listeners. What this does not
 * hold: the sampling phase (the change waits up to one scan period, 10 ms, for the next pass) and the scan thread's
 * wake-up; {@link MoveAckLatency} measures those too, in real time.
 *
 * <p>Run: {@code ./mvnw -q -pl board-firmware exec:exec@jmh -Djmh.args="MoveAckBenchmark -rf text"}; read p0.99.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(1)
public class MoveAckBenchmark {
    /** A move that has not counted after this many passes means the game stopped (e.g. a time up): fail loudly. */
    private static final int MAX_PASSES = 500;

    private Rig rig;
    private SessionJournal journal;
    private Path state;
    private BackgroundRecordSink records;
    private long boardMillis;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        state = Files.createTempDirectory(Path.of(System.getProperty("bench.state", "target")), "bench-state");
        records = new BackgroundRecordSink(new RecordDirectory(state.resolve("records")));
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY))
                .withTime(TimeControl.parse("main=3600,byoyomi=60"));
        journal = SessionJournal.open(state, Rig.WALL_CLOCK);
        rig = new Rig(settings, records, r -> new GameSession(settings, Rig.WALL_CLOCK));
        rig.app.setJournal(journal);
        rig.layOut(Position.startpos()).run(600);
    }

    /** Takes the last move back, then puts the pawn on 7f and lets the board settle up to the last pass before. */
    @Setup(Level.Invocation)
    public void placeAndSettle() {
        // the rig keeps every event: forget them, so waiting for the next one stays cheap over thousands of moves
        rig.events.clear();
        if (rig.app.game().orElseThrow().plies() > 0) {
            rig.lift("7f").place("7g");
            until(BoardEvent.MovesTakenBack.class);
        }
        records.awaitWritten();
        rig.lift("7g");
        rig.hardware.squares.set(Square.parse("7f").index(), SquareReading.OCCUPIED);
        long placed = rig.clock.millis();
        GameSession session = rig.app.session();
        for (int i = 0; i < MAX_PASSES; i++) {
            long now = rig.clock.millis();
            if (now > placed + 50 && session.moveMaySettleWithin(now, Rig.PASS)) {
                return;
            }
            rig.app.step(rig.clock.advance(Rig.PASS));
        }
        throw new IllegalStateException("the board never came near the settle time; phase " + session.phase());
    }

    @Benchmark
    public long acknowledgeTheMove() {
        return until(BoardEvent.MovePlayed.class);
    }

    private long until(Class<? extends BoardEvent> type) {
        int before = rig.events(type).size();
        for (int i = 0; rig.events(type).size() == before; i++) {
            if (i == MAX_PASSES) {
                throw new IllegalStateException("no " + type.getSimpleName() + " after " + MAX_PASSES
                        + " passes; phase " + rig.app.session().phase() + ", result " + rig.app.session().result());
            }
            // one pass at a time, so the measured time ends with the pass that acknowledged the move
            rig.app.step(rig.clock.advance(Rig.PASS));
        }
        boardMillis = rig.clock.millis();
        return boardMillis;
    }
    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        rig.app.close();
        records.close();
        journal.close();
    }
}
