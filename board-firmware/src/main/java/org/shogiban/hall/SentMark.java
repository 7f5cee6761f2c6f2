package org.shogiban.hall;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The number of the last event the broker acknowledged ({@code hall-sent} in the state directory, beside
 * {@code link-events.log}): after a broker outage, and after a restart during one, the board publishes every event
 * above it. Written by a new file renamed over the old, so a crash leaves the old or the new number; a number written
 * late only makes the board publish a few events again (the hall keys them by seq).
 */
final class SentMark {
    private static final Logger log = LoggerFactory.getLogger(SentMark.class);
    static final String FILE_NAME = "hall-sent";

    private final Path file;
    private long value;

    private SentMark(Path file, long value) {
        this.file = file;
        this.value = value;
    }

    /**
     * The mark in a directory (null: in memory, from {@code initial}); a board that never published to a hall starts
     * at {@code initial} (its log's last number: the events before it joined are for {@code SINCE}).
     */
    static SentMark open(Path directory, long initial) {
        if (directory == null) {
            return new SentMark(null, initial);
        }
        Path file = directory.resolve(FILE_NAME);
        long value = initial;
        if (Files.isRegularFile(file)) {
            try {
                value = Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip());
            } catch (IOException | NumberFormatException e) {
                log.warn("{} unreadable ({}); publishing from event {}", file, e.toString(), initial + 1);
            }
        } else {
            write(file, initial);
        }
        return new SentMark(file, value);
    }

    long value() {
        return value;
    }

    void set(long seq) {
        if (seq == value) {
            return;
        }
        value = seq;
        if (file != null) {
            write(file, seq);
        }
    }

    private static void write(Path file, long seq) {
        try {
            Path tmp = file.resolveSibling(FILE_NAME + ".tmp");
            Files.writeString(tmp, seq + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            log.error("{} cannot be written: {}", file, e.toString());
        }
    }
}
