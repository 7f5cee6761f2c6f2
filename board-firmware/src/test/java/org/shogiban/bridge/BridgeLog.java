package org.shogiban.bridge;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The bridge's own log lines (its package at debug level, logback-test.xml), the newest kept in memory, so that a
 * bridge test that fails says what the bridge did and asked: a window between an event and a {@code STATE} shows
 * there, where the USI lines alone only show that nothing came.
 */
public final class BridgeLog extends AppenderBase<ILoggingEvent> {
    private static final int KEPT = 300;
    private static final Deque<String> LINES = new ArrayDeque<>();
    private static long written;

    @Override
    protected void append(ILoggingEvent e) {
        String line = e.getTimeStamp() % 100_000 + " [" + e.getThreadName() + "] " + e.getLevel() + " "
                + e.getLoggerName().substring(e.getLoggerName().lastIndexOf('.') + 1) + " "
                + e.getFormattedMessage();
        synchronized (LINES) {
            LINES.addLast(line);
            written++;
            if (LINES.size() > KEPT) {
                LINES.removeFirst();
            }
        }
    }

    /** How many lines were written so far: where a test's own lines begin. */
    static long mark() {
        synchronized (LINES) {
            return written;
        }
    }

    /** The lines written since {@code mark} (the newest {@value #KEPT} at most), one a line. */
    static String since(long mark) {
        synchronized (LINES) {
            List<String> all = new ArrayList<>(LINES);
            int skip = (int) Math.max(0, all.size() - (written - mark));
            return String.join("\n", all.subList(skip, all.size()));
        }
    }
}
