package org.shogiban.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads an engine's stdout (or stderr) on a thread of its own, so an engine that floods, stalls or writes endless
 * lines never blocks the board: lines are cut at {@value #MAX_LINE} characters, {@code info} lines (the search's
 * chatter) are not kept, and when the reader falls behind the oldest lines are dropped.
 */
final class EngineOutput {
    private static final Logger log = LoggerFactory.getLogger(EngineOutput.class);
    static final int MAX_LINE = 8192;
    static final int KEPT = 1000;

    private final LinkedBlockingDeque<String> lines = new LinkedBlockingDeque<>(KEPT);
    private volatile boolean ended;
    private long dropped;

    /** Starts reading {@code stream}: kept lines go to {@link #poll}, or all lines to {@code sink} when given. */
    static EngineOutput read(InputStream stream, String threadName, Consumer<String> sink) {
        EngineOutput out = new EngineOutput();
        Thread t = new Thread(() -> out.run(stream, sink), threadName);
        t.setDaemon(true);
        t.start();
        return out;
    }

    private void run(InputStream stream, Consumer<String> sink) {
        try (Reader r = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
            char[] buf = new char[4096];
            StringBuilder line = new StringBuilder();
            boolean cut = false;
            for (int n; (n = r.read(buf)) >= 0; ) {
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (c == '\n') {
                        take(line.toString().strip(), sink);
                        line.setLength(0);
                        cut = false;
                    } else if (line.length() < MAX_LINE) {
                        line.append(c);
                    } else if (!cut) {
                        cut = true;
                        log.debug("engine line longer than {} characters: cut", MAX_LINE);
                    }
                }
            }
            if (!line.isEmpty()) {
                take(line.toString().strip(), sink);
            }
        } catch (IOException e) {
            log.debug("engine output closed: {}", e.toString());
        } finally {
            ended = true;
        }
    }

    private void take(String line, Consumer<String> sink) {
        if (sink != null) {
            sink.accept(line);
            return;
        }
        if (line.isEmpty() || (line.startsWith("info") && !line.startsWith("info string"))) {
            return;
        }
        while (!lines.offerLast(line)) {
            lines.pollFirst();
            if (dropped++ == 0) {
                log.warn("the engine writes faster than it is read: its oldest lines are dropped");
            }
        }
    }

    /** The next kept line, waiting at most {@code millis}; null when none came. */
    String poll(long millis) throws InterruptedException {
        return lines.pollFirst(Math.max(0, millis), TimeUnit.MILLISECONDS);
    }

    /** Forgets the lines not read yet (before a new question). */
    void clear() {
        lines.clear();
    }

    /** Whether the stream ended (the engine closed it or exited) and every kept line was read. */
    boolean ended() {
        return ended && lines.isEmpty();
    }
}
