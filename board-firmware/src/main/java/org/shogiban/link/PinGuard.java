package org.shogiban.link;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Checks the arbiter's PIN and slows down guessing: after the n-th wrong PIN in a row, {@code AUTH} is refused for
 * 2^(n-1) seconds (1, 2, 4, ... up to {@link #MAX_LOCK_MILLIS}); nothing waits or sleeps, the link answers other
 * commands meanwhile, and the game never notices. A right PIN clears the count. One guard per board, shared by every
 * connection, so unplugging does not reset it. Time comes from the caller.
 */
public final class PinGuard {
    /** The longest lock-out: five minutes. */
    public static final long MAX_LOCK_MILLIS = 300_000;

    /** What an {@code AUTH} attempt comes to. */
    public sealed interface Outcome {
    }

    /** The PIN is right. */
    public record Granted() implements Outcome {
    }

    /** The PIN is wrong; the next attempt is refused for {@code lockMillis}. */
    public record Wrong(int failures, long lockMillis) implements Outcome {
    }

    /** Attempts are refused for {@code remainingMillis} more; this one was not checked. */
    public record Locked(long remainingMillis) implements Outcome {
    }

    /** No PIN is configured: nobody may act as the arbiter over the link. */
    public record NoPin() implements Outcome {
    }

    private final byte[] pin;
    private int failures;
    private long lockedUntil = Long.MIN_VALUE;

    /** A guard for a PIN; empty: the arbiter's commands are off. */
    public PinGuard(Optional<String> pin) {
        this.pin = pin.map(p -> p.getBytes(StandardCharsets.UTF_8)).orElse(null);
    }

    /** Checks an attempt made at {@code nowMillis} (any monotonic milliseconds). */
    public synchronized Outcome attempt(String candidate, long nowMillis) {
        if (pin == null) {
            return new NoPin();
        }
        if (nowMillis < lockedUntil) {
            return new Locked(lockedUntil - nowMillis);
        }
        // compared in constant time: the time of a wrong answer tells nothing about how much of the PIN was right
        if (MessageDigest.isEqual(pin, candidate.getBytes(StandardCharsets.UTF_8))) {
            failures = 0;
            lockedUntil = Long.MIN_VALUE;
            return new Granted();
        }
        failures++;
        long lock = Math.min(MAX_LOCK_MILLIS, 1000L << Math.min(failures - 1, 20));
        lockedUntil = nowMillis + lock;
        return new Wrong(failures, lock);
    }
}
