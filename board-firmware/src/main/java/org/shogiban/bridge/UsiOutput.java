package org.shogiban.bridge;

import java.io.PrintStream;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** USI's stdout: one line at a time, flushed, nothing else ever written to it. */
final class UsiOutput {
    private static final Logger log = LoggerFactory.getLogger(UsiOutput.class);
    /** The longest piece of a program's input quoted back in an {@code info string}. */
    static final int QUOTED = 40;

    private final PrintStream out;
    /** What was said once (until the program's next game); touched by the bridge's one thread only. */
    private final Set<String> said = new HashSet<>();

    UsiOutput(PrintStream out) {
        this.out = out;
    }

    synchronized void line(String text) {
        log.debug("usi > {}", text);
        out.print(text + "\n");
        out.flush();
    }

    void info(String text) {
        line("info string " + text.replaceAll("[\\r\\n]+", " "));
    }

    /** Says {@code text} unless something said under {@code key} was already; whether it said it. */
    boolean infoOnce(String key, String text) {
        if (!said.add(key)) {
            return false;
        }
        info(text);
        return true;
    }

    /** Forgets what was said once: the program's next game says it again. */
    void forgetSaid() {
        said.clear();
    }

    /** A piece of the program's input as an info string quotes it: at most {@value #QUOTED} characters, one line. */
    static String quote(String text) {
        String t = text.replaceAll("\\p{Cntrl}", "?");
        return t.codePointCount(0, t.length()) <= QUOTED ? t
                : t.substring(0, t.offsetByCodePoints(0, QUOTED)) + "…";
    }
}
