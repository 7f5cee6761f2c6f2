package org.shogiban.simulator.console;

import org.shogiban.app.BoardApplication;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.scan.ManualClock;

/**
 * How time passes for the console board: in real time, the application runs its own 100 Hz scan thread and the console
 * waits by sleeping; stepped (tests, scripted runs), a {@link ManualClock} is moved in 10 ms passes and nothing sleeps.
 */
public interface BoardTime {

    /** The scan clock the board runs on. */
    MonotonicClock clock();

    /** Starts driving the application. */
    void start(BoardApplication app);

    /** Lets {@code millis} of board time pass before the next command. */
    void hold(long millis);

    /** Real time: the application's own scan thread on the system's monotonic clock. */
    static BoardTime real() {
        MonotonicClock clock = MonotonicClock.system();
        return new BoardTime() {
            @Override
            public MonotonicClock clock() {
                return clock;
            }

            @Override
            public void start(BoardApplication app) {
                app.start();
            }

            @Override
            public void hold(long millis) {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    /** Stepped time: every hold runs the application's passes on the caller's thread, 10 ms of clock apart. */
    static BoardTime stepped(ManualClock clock) {
        return new BoardTime() {
            private BoardApplication app;

            @Override
            public MonotonicClock clock() {
                return clock;
            }

            @Override
            public void start(BoardApplication started) {
                app = started;
            }

            @Override
            public void hold(long millis) {
                for (long t = 0; t < millis; t += 10) {
                    app.step(clock.advance(10));
                }
            }
        };
    }
}
