package org.shogiban.bridge;

import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;

/**
 * Failures of a loop that goes on after each: one log line for the first of each kind (the exception's class and
 * where it was thrown), the later ones counted at debug level, so a failure repeated every pass cannot flood the log.
 */
final class FailureLog {
    private final Logger log;
    private final String what;
    private final Map<String, Integer> counts = new HashMap<>();

    FailureLog(Logger log, String what) {
        this.log = log;
        this.what = what;
    }

    /** Logs {@code e} once for its kind; returns how many of its kind there were. */
    int failed(RuntimeException e) {
        StackTraceElement[] at = e.getStackTrace();
        String kind = e.getClass().getSimpleName() + (at.length > 0 ? " at " + at[0] : "");
        int n = counts.merge(kind, 1, Integer::sum);
        if (n == 1) {
            log.warn("{} ({}: {})", what, kind, e.getMessage());
        } else {
            log.debug("{} again ({} times)", kind, n);
        }
        return n;
    }
}
