package org.shogiban.app;

import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import java.util.function.LongUnaryOperator;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.scan.ScanLoop;

/**
 * Runs the board's passes at the scan rate, and lets a still board wait for its sensors' change signal.
 *
 * <p>Passes are due on a fixed grid: pass n at the first pass's time plus n periods (a late pass is followed by the
 * ones it delayed, as a scheduled executor at a fixed rate would run them). Each pass is stamped with its due time when
 * it ran at most {@value #DUE_SLACK_MILLIS} ms late, else with the clock ({@link #stamp}).
 *
 * <p>When both sensor sources {@linkplain ScanLoop#signals() signal their changes} and the board says it is still
 * until some time ({@code stillUntil}: nothing pending, nothing due before), the thread skips the passes up to the
 * first one due at or after that time, and at most the sources' backstop; a change signal (or an input in the
 * board's inbox, {@link #wake()}) ends the wait at once: the next pass is the first one due at or after the signal,
 * so a change is read within one period, on the same grid and with the same stamps as when every pass runs. With a
 * source that cannot signal every pass runs. Waking up 100 times a second costs more CPU than an idle board's passes
 * themselves (docs/benchmarks.md, "CPU of an idle board").
 *
 * <p>The waiting is a {@link PassTime}: the JVM's ({@link #start}) or a test's injected time ({@link #run}).
 */
final class ScanThread {
    /** How late a pass may wake up and still be stamped with its due time. */
    static final long DUE_SLACK_MILLIS = 2;

    /** The time the thread waits on: now, and waiting until a time unless woken first. */
    interface PassTime {
        /** Now, in nanoseconds on the same time line as the scan clock. */
        long nanos();

        /** Waits until {@code nanos}, or less when {@link #wake()} is called; may return early (the caller checks). */
        void waitUntil(long nanos);

        /** Ends a {@link #waitUntil} under way (or the next one) at once. Any thread. */
        void wake();
    }

    private final ScanLoop scanLoop;
    private final MonotonicClock clock;
    private final LongConsumer pass;
    private final LongUnaryOperator stillUntil;
    private final long periodMicros;
    private volatile boolean running = true;
    /** A change signal or an input came since the last pass began: no pass may be skipped. */
    private volatile boolean woken;
    private volatile PassTime time;
    private long firstPassMillis;
    private long lastStamp = Long.MIN_VALUE;
    private long passesSkipped;

    /**
     * @param pass runs one pass at the time it is given (the board's step)
     * @param stillUntil given the last pass's time, until when the board is still (nothing pending, nothing due
     *     before): a time no later than the pass's means "not still, run the next pass"
     */
    ScanThread(ScanLoop scanLoop, MonotonicClock clock, LongConsumer pass, LongUnaryOperator stillUntil) {
        this.scanLoop = Objects.requireNonNull(scanLoop, "scanLoop");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pass = Objects.requireNonNull(pass, "pass");
        this.stillUntil = Objects.requireNonNull(stillUntil, "stillUntil");
        this.periodMicros = scanLoop.settings().periodMicros();
    }

    /** Starts the passes on a platform thread of the highest priority, parked between passes. */
    Thread start(String name) {
        Thread thread = Thread.ofPlatform().name(name).daemon().unstarted(() -> run(new JvmTime()));
        thread.setPriority(Thread.MAX_PRIORITY);
        thread.start();
        return thread;
    }

    /** A change or an input: the next pass is the first one due from now. Any thread. */
    void wake() {
        woken = true;
        PassTime t = time;
        if (t != null) {
            t.wake();
        }
    }

    /** Ends the passes (the pass under way finishes). Any thread. */
    void stop() {
        running = false;
        PassTime t = time;
        if (t != null) {
            t.wake();
        }
    }

    /** The passes skipped so far while the board was still (for tests and the docs' figures). */
    long passesSkipped() {
        return passesSkipped;
    }

    /** Runs the passes on the calling thread until {@link #stop()}, waiting on {@code passTime}. */
    void run(PassTime passTime) {
        time = passTime;
        boolean mayWait = scanLoop.signals();
        if (mayWait) {
            scanLoop.listen(this::wake);
        }
        long periodNanos = periodMicros * 1000;
        long startNanos = passTime.nanos();
        firstPassMillis = clock.millis();
        for (long n = 0; running; ) {
            woken = false;
            long stamp = stamp(n);
            pass.accept(stamp);
            long next = n + 1;
            if (mayWait && !woken) {
                next = Math.max(next, lastPassToSkipTo(n, stillUntil.applyAsLong(stamp)));
            }
            long target = startNanos + next * periodNanos;
            boolean skipping = next > n + 1;
            for (long now; running && (now = passTime.nanos()) < target; ) {
                if (skipping && woken) {
                    // back to the configured rate from the first pass due at or after the signal
                    skipping = false;
                    next = Math.max(n + 1, Math.ceilDiv(now - startNanos, periodNanos));
                    target = startNanos + next * periodNanos;
                    continue;
                }
                passTime.waitUntil(target);
            }
            long skipped = next - n - 1;
            if (skipped > 0) {
                passesSkipped += skipped;
                scanLoop.passesSkipped(skipped);
            }
            n = next;
        }
    }

    /** The pass to run after pass {@code n} when the board is still until {@code untilMillis}, within the backstop. */
    private long lastPassToSkipTo(long n, long untilMillis) {
        if (untilMillis <= lastStamp) {
            return n + 1;
        }
        long due = untilMillis == Long.MAX_VALUE ? Long.MAX_VALUE
                : Math.ceilDiv(Math.multiplyExact(untilMillis - firstPassMillis, 1000L), periodMicros);
        int backstop = scanLoop.backstopPasses();
        return backstop == 0 ? due : Math.min(due, n + backstop);
    }

    /**
     * The time of pass {@code n}: when it was due (the first pass's time plus whole periods) if it ran at most
     * {@value #DUE_SLACK_MILLIS} ms after that, else the clock. Times truncated to the millisecond at each wake-up
     * would make 40 passes span 399 ms now and then, and a 400 ms settle time would then wait one more pass (10 ms)
     * half the time; the due times keep punctual passes exactly one period apart. A late pass keeps its real time,
     * so a late sample never counts as earlier than it was taken (by more than the slack).
     */
    private long stamp(long n) {
        long now = clock.millis();
        long due = firstPassMillis + n * periodMicros / 1000;
        long late = now - due;
        lastStamp = Math.max(lastStamp, late >= 0 && late <= DUE_SLACK_MILLIS ? due : now);
        return lastStamp;
    }

    /** The JVM's monotonic time; the scan thread parks until the next pass is due (less CPU than an executor). */
    private static final class JvmTime implements PassTime {
        private final Thread thread = Thread.currentThread();

        @Override
        public long nanos() {
            return System.nanoTime();
        }

        @Override
        public void waitUntil(long nanos) {
            long wait = nanos - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
            }
        }

        @Override
        public void wake() {
            LockSupport.unpark(thread);
        }
    }
}
