package org.shogiban.testdata;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.shogiban.app.BoardApplication;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.session.BoardSnapshot;

/**
 * A board application stepped by the test in 10 ms passes of its {@link ManualClock} while something outside it (an
 * engine process, a site's threads) runs in real time: the one run/until loop of the engine's and the online tests.
 * Between passes the outside threads get a moment of real time; a wait has a real-time deadline and its failure says
 * where the board stood and what the test adds ({@code more}).
 */
public final class SteppedBoard {
    private final BoardApplication app;
    private final ManualClock clock;
    private final Supplier<String> more;

    /** @param more what a failed wait adds to the board's state (the site's requests, ...); "" for nothing */
    public SteppedBoard(BoardApplication app, ManualClock clock, Supplier<String> more) {
        this.app = app;
        this.clock = clock;
        this.more = more;
    }

    /** Steps the board through {@code millis} of its own time at once (no real time given to anything else). */
    public void run(long millis) {
        for (long t = 0; t < millis; t += 10) {
            app.step(clock.advance(10));
        }
    }

    /** Steps the board until its snapshot satisfies {@code done}, within {@code realMillis}; returns the snapshot. */
    public BoardSnapshot until(Predicate<BoardSnapshot> done, long realMillis) {
        BoardSnapshot[] seen = new BoardSnapshot[1];
        untilTrue(() -> done.test(seen[0] = app.snapshot()), realMillis, "the board did not get there");
        return seen[0];
    }

    /** Steps the board until {@code done} holds (a condition outside the board too), within {@code realMillis}. */
    public void untilTrue(BooleanSupplier done, long realMillis, String what) {
        long end = System.nanoTime() + realMillis * 1_000_000L;
        while (System.nanoTime() < end) {
            run(10);
            if (done.getAsBoolean()) {
                return;
            }
            LockSupport.parkNanos(1_000_000L);
        }
        throw new AssertionError(what + " in " + realMillis + " ms: " + app.snapshot().toJson() + more.get());
    }

    /** The move the lights ask for, from the snapshot's {@code opponent-move}; null when none. */
    public static BoardSnapshot.Waiting opponentMove(BoardSnapshot s) {
        return s.waitingFor().stream().filter(w -> "opponent-move".equals(w.kind())).findFirst().orElse(null);
    }
}
