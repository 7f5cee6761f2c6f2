package org.shogiban.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A test's process killed: it has ended (by SIGKILL) when {@link Processes#kill} returns. */
class ProcessesTest {
    @Test
    void aKilledProcessHasEndedBySigkillWhenKillReturns() throws Exception {
        // a process that ignores SIGTERM: only SIGKILL ends it
        Process sleeper = new ProcessBuilder("sh", "-c", "trap '' TERM; exec sleep 60").start();
        Processes.kill(sleeper);
        assertThat(sleeper.isAlive()).isFalse();
        assertThat(sleeper.exitValue()).as("128 + SIGKILL").isEqualTo(137);
    }
}
