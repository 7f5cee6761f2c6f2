package org.shogiban.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * An entry's line is made once: its bytes, the head's and the payload's, not a formatter for the checksum and a
 * buffer copied again (the board journals every change). Counted with the JVM's per-thread allocation counter.
 */
class JournalLineAllocationTest {
    private static final int LINES = 1_000;

    @Test
    void aLineAllocatesLittleBeyondItsOwnBytes() {
        String payload = "{\"events\":[\"MOVE 7g7f\"],\"state\":{\"phase\":\"PLAYING\",\"moves\":[\"7g7f\"]}}"
                .repeat(20);
        JournalEntry entry = new JournalEntry(12, 1_740_805_509_000L, "change", payload);
        byte[] line = JournalFormat.line(entry);
        assertThat(new String(line, StandardCharsets.UTF_8)).startsWith("12 1740805509000 change ")
                .endsWith(payload + "\n");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().threadId());
        long length = 0;
        for (int i = 0; i < LINES; i++) {
            length += JournalFormat.line(entry).length;
        }
        long perLine = (threads.getThreadAllocatedBytes(Thread.currentThread().threadId()) - before) / LINES;
        assertThat(length).isEqualTo((long) LINES * line.length);
        // the line and the payload's bytes (about twice the line), the head and the checksum's digits: a few hundred
        // bytes more (3,024 for this line); String.format and a ByteBuffer copied made 3,568
        assertThat(perLine).as("bytes allocated per line of %d bytes", line.length)
                .isLessThan(2L * line.length + 500);
    }
}
