package org.shogiban.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SquareReading;
import org.shogiban.notation.usi.UsiPositionLine;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;
import org.shogiban.testdata.SharedData;

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
 * <p>{@code ply} (a JMH parameter, 0 unless {@code -p ply=N}): 0 plays 7g7f from the start position, as above; N
 * first plays the opening of the first game of the shared lishogi games (../shared/data/games/lishogi-350.usi.txt)
 * that is long enough, on the board as players do ({@link Hands#move}), up to its first plain move (no capture, no
 * promotion) at ply N or later, and that move is the one taken back and made again: what grows with the game (the
 * record written after each move, the numbering, the journal's state) shows in the time and the bytes per move.
 *
 * <p>Run: see docs/benchmarks.md ("Move acknowledgement"); read p0.99, and with {@code -prof gc} the bytes per
 * acknowledged move ({@code gc.alloc.rate.norm}, every thread's: the record writer's included).
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

    /** The plies played before the measured move (0: the start position, 7g7f). */
    @Param("0")
    public int ply;

    private Rig rig;
    /** The measured move: taken back and made again by each invocation. */
    private Move move;
    /** How many of the rig's events the waits have looked at already (a stream per pass would be the harness's). */
    private int seen;
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
        move = Move.parseUsi("7g7f");
        if (ply > 0) {
            List<Move> opening = opening(ply);
            Position position = Position.startpos();
            for (Move m : opening.subList(0, opening.size() - 1)) {
                Hands.move(rig.hardware, SensorKind.OCCUPANCY, position, m, 600, rig::run);
                position = position.play(m);
            }
            move = opening.get(opening.size() - 1);
            Hands.move(rig.hardware, SensorKind.OCCUPANCY, position, move, 600, rig::run);
            int plies = rig.app.game().orElseThrow().plies();
            if (plies != opening.size()) {
                throw new IllegalStateException("the board counted " + plies + " of the opening's "
                        + opening.size() + " moves; phase " + rig.app.session().phase());
            }
        }
    }

    /** The moves of the first shared game long enough, up to its first plain move at {@code from} or later. */
    private static List<Move> opening(int from) throws IOException {
        for (String line : Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt"))) {
            List<Move> moves = UsiPositionLine.parse("position startpos moves " + line.strip()).moves();
            Position position = Position.startpos();
            for (int i = 0; i < moves.size(); i++) {
                Move m = moves.get(i);
                if (i >= from && !m.isDrop() && !m.promote() && position.pieceAt(m.to()) == null) {
                    return moves.subList(0, i + 1);
                }
                position = position.play(m);
            }
        }
        throw new IllegalStateException("no shared game has a plain move at ply " + from + " or later");
    }

    /** Takes the last move back, then puts the pawn on 7f and lets the board settle up to the last pass before. */
    @Setup(Level.Invocation)
    public void placeAndSettle() {
        // the rig keeps every event: forget them, so waiting for the next one stays cheap over thousands of moves
        rig.events.clear();
        seen = 0;
        if (rig.app.game().orElseThrow().plies() > ply) {
            rig.lift(move.to().usi()).place(move.from().usi());
            until(BoardEvent.MovesTakenBack.class);
        }
        records.awaitWritten();
        rig.lift(move.from().usi());
        rig.hardware.squares.set(move.to().index(), SquareReading.OCCUPIED);
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
        for (int i = 0; !arrived(type); i++) {
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
    /** Whether an event of the type came since the last look (the events looked at are not looked at again). */
    private boolean arrived(Class<? extends BoardEvent> type) {
        boolean found = false;
        for (; seen < rig.events.size(); seen++) {
            found |= type.isInstance(rig.events.get(seen));
        }
        return found;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        rig.app.close();
        records.close();
        journal.close();
    }
}
