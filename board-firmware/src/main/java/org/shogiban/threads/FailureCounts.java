package org.shogiban.threads;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;

/**
 * Failures of a thread that goes on after them, counted per kind (the exception's class and where it was thrown):
 * the first of a kind is logged with its stack trace, later ones only every power of ten with their count, so a
 * failure that repeats every few milliseconds never floods the log.
 */
public final class FailureCounts {
    private final Logger log;
    private final String who;
    private final Map<String, Long> counts = new ConcurrentHashMap<>();

    /**
     * @param log where the failures are said
     * @param who what fails, the start of the sentence ({@code "link: the event thread"})
     */
    public FailureCounts(Logger log, String who) {
        this.log = Objects.requireNonNull(log, "log");
        this.who = Objects.requireNonNull(who, "who");
    }

    /** Counts a failure; says it when it is the first of its kind, or its count reached a power of ten. */
    public void failed(Throwable e) {
        String kind = kind(e);
        long n = counts.merge(kind, 1L, Long::sum);
        if (n == 1) {
            log.error("{} failed ({}); it goes on", who, e.toString(), e);
        } else if (isPowerOfTen(n)) {
            log.error("{} failed {} times with {}; it goes on", who, n, kind);
        }
    }

    /** How many failures of every kind were counted. */
    public long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    private static String kind(Throwable e) {
        StackTraceElement[] at = e.getStackTrace();
        return e.getClass().getName() + (at.length == 0 ? "" : " at " + at[0]);
    }

    private static boolean isPowerOfTen(long n) {
        while (n % 10 == 0) {
            n /= 10;
        }
        return n == 1;
    }
}
