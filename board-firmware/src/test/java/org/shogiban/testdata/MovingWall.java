package org.shogiban.testdata;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.shogiban.hal.scan.ManualClock;

/**
 * Calendar time for the tests that moves from a fixed start (UTC): with a stepped {@link ManualClock}, or a second
 * later at every reading. Each game started then gets its own record name and id.
 */
public final class MovingWall extends Clock {
    private final Instant start;
    private final LongSupplier millisSinceStart;

    private MovingWall(Instant start, LongSupplier millisSinceStart) {
        this.start = start;
        this.millisSinceStart = millisSinceStart;
    }

    /** The start plus the stepped clock's milliseconds. */
    public static Clock stepped(Instant start, ManualClock steps) {
        return new MovingWall(start, steps::millis);
    }

    /** The start at the first reading, a second later at each one after. */
    public static Clock ticking(Instant start) {
        AtomicLong seconds = new AtomicLong();
        return new MovingWall(start, () -> seconds.getAndIncrement() * 1_000);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return start.plusMillis(millisSinceStart.getAsLong());
    }
}
