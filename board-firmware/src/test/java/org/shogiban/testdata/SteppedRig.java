package org.shogiban.testdata;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;

/**
 * A board in memory stepped by the test ({@link SteppedBoard}) with a part that runs in real time, as the engine's
 * and the online tests' rigs build it: the test's hands make every move by handling the pieces ({@link Hands}), the
 * board's events are kept for its log. The rig itself puts the board together from {@link #hardware} and attaches
 * it ({@link #attach}).
 *
 * @param <R> the rig, returned by the steps so that they chain
 */
public abstract class SteppedRig<R extends SteppedRig<R>> implements AutoCloseable {
    public final ManualClock clock = new ManualClock();
    public final SensorKind kind;
    public final MemoryBoard hardware;
    public final List<BoardEvent> events = new CopyOnWriteArrayList<>();
    private AssembledBoard board;
    private SteppedBoard stepper;

    protected SteppedRig(SensorKind kind) {
        this.kind = kind;
        hardware = new MemoryBoard(kind, clock);
    }

    /** The rig's board, put together: stepped from now on; {@code more} is what a failed wait adds. */
    protected final BoardApplication attach(AssembledBoard assembled, Supplier<String> more) {
        board = assembled;
        stepper = new SteppedBoard(assembled.application(), clock, more);
        return assembled.application();
    }

    /** This rig, for the steps' chaining. */
    protected abstract R self();

    /** What the hands do after a move is made and before it settles (nothing, unless the rig says). */
    protected void afterHands(Move move) {
    }

    /** Puts every piece of a position on the board (the board sees it at its next pass). */
    public R layOut(Position position) {
        Hands.layOut(hardware, kind, position);
        return self();
    }

    /** Steps the board through {@code millis} of its own time. */
    public R run(long millis) {
        stepper.run(millis);
        return self();
    }

    /**
     * Steps the board until the snapshot satisfies {@code done}, giving the part's threads real time between passes
     * (at most {@code realMillis}); returns the snapshot.
     */
    public BoardSnapshot until(Predicate<BoardSnapshot> done, long realMillis) {
        return stepper.until(done, realMillis);
    }

    /** Waits (stepping the board) until a condition outside the board holds. */
    public void untilTrue(BooleanSupplier done, long realMillis, String what) {
        stepper.untilTrue(done, realMillis, what + " did not happen");
    }

    /** The move the lights ask for, from the snapshot's {@code opponent-move}; null when none. */
    public static BoardSnapshot.Waiting opponentMove(BoardSnapshot s) {
        return SteppedBoard.opponentMove(s);
    }

    /** Makes a move by hand as a player does: a captured piece lifted to the mover's komadai first. */
    public R hands(Move move) {
        Hands.move(hardware, kind, board.application().session().position(), move, 100, this::run);
        afterHands(move);
        return run(500);
    }

    /** The board's events in its own words, oldest first. */
    public List<String> log() {
        List<String> out = new ArrayList<>();
        events.forEach(e -> out.add(e.describe()));
        return out;
    }

    @Override
    public void close() {
        board.close();
    }
}
