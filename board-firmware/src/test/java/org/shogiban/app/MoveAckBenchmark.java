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
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;

/**
 * From the sensor change that completes a move to the acknowledged move, journal fsync included. Each invocation
 * places the pawn on 7f (the completing change, board time t0) and runs the board's 10 ms passes until the move is
 * played: the debounce and the settle time pass in board time (a manual clock: 40 + 400 ms, the same on the Pi),
 * so the time measured is the real work the board adds to them: every pass after the change, the session, the
 * journal's append forced to the disk (state directory under target/), the record hand-off, the listeners. Between
 * invocations the move is taken back (not measured).
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
    private Rig rig;
    private SessionJournal journal;
    private Path state;
    private BackgroundRecordSink records;
    private long boardMillis;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        // -Dbench.state=/dev/shm separates the work from the disk's fsync (tmpfs)
        state = Files.createTempDirectory(Path.of(System.getProperty("bench.state", "target")), "bench-state");
        records = new BackgroundRecordSink(new RecordDirectory(state.resolve("records")));
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY))
                .withTime(TimeControl.parse("main=3600,byoyomi=60"));
        journal = SessionJournal.open(state, Rig.WALL_CLOCK);
        rig = new Rig(settings, records, r -> new GameSession(settings, Rig.WALL_CLOCK));
        rig.app.setJournal(journal);
        rig.layOut(Position.startpos()).run(600);
        rig.lift("7g");
    }

    /** Takes the last move back and lifts the pawn again: the next invocation only puts it down. */
    @Setup(Level.Invocation)
    public void liftThePawn() {
        // the rig keeps every event: forget them, so waiting for the next one stays cheap over thousands of moves
        rig.events.clear();
        if (rig.app.game().orElseThrow().plies() > 0) {
            rig.lift("7f").place("7g");
            until(BoardEvent.MovesTakenBack.class);
            rig.lift("7g");
        }
    }

    @Benchmark
    public long placeUntilAcknowledged() {
        rig.place("7f");
        return until(BoardEvent.MovePlayed.class);
    }

    private long until(Class<? extends BoardEvent> type) {
        int before = rig.events(type).size();
        while (rig.events(type).size() == before) {
            // one pass at a time, so the measured time ends with the pass that acknowledged the move
            rig.run(Rig.PASS);
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
