package org.shogiban.testdata;

import java.util.concurrent.TimeUnit;

/** What the tests do to a process they started (a broker, a hall server) when it must end at once. */
public final class Processes {
    private Processes() {
    }

    /** SIGKILL, then waits for its end, at most 10 s (a test's interrupt is kept for it). */
    public static void kill(Process process) {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
