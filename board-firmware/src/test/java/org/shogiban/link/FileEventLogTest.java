package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link's event log on disk: numbers survive a restart, a cut-off line is dropped, the file stays bounded. */
class FileEventLogTest {
    @TempDir
    Path dir;

    @Test
    void numbersGoOnAfterARestartAndSinceFindsTheEventsBeforeIt() {
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            assertThat(log.append(LinkEvent.inSync(0)).seq()).isEqualTo(1);
            assertThat(log.append(LinkEvent.fault(true, "i2c-1/0x20", "MCP23017 squares #1: no answer")).seq())
                    .isEqualTo(2);
        }
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            assertThat(log.lastSeq()).isEqualTo(2);
            assertThat(log.append(LinkEvent.inSync(3)).seq()).isEqualTo(3);
            assertThat(log.since(1)).extracting(LoggedEvent::text).containsExactly(
                    "2 FAULT failed i2c-1/0x20 MCP23017 squares #1: no answer", "3 INSYNC 3");
        }
    }

    @Test
    void numbersReservedOnTheBoardsThreadAreShownOnlyOnceKeptAndANumberNeverKeptIsGivenAgainAfterARestart()
            throws IOException {
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            log.append(LinkEvent.inSync(0));
            var reserved = log.reserve(java.util.List.of(LinkEvent.inSync(1), LinkEvent.inSync(2)));
            assertThat(reserved).extracting(LoggedEvent::seq).containsExactly(2L, 3L);
            assertThat(log.lastNumbered()).isEqualTo(3);
            // not on the disk yet: neither SINCE nor the last number kept shows them
            assertThat(log.lastSeq()).isEqualTo(1);
            assertThat(log.since(1)).isEmpty();
            log.keep(reserved.subList(0, 1));
            assertThat(log.since(1)).extracting(LoggedEvent::text).containsExactly("2 INSYNC 1");
            assertThat(Files.readString(dir.resolve(FileEventLog.FILE_NAME))).isEqualTo("1 INSYNC 0\n2 INSYNC 1\n");
            // the board stops before 3 is written: 3 was never sent, and is given to the next event
        }
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            assertThat(log.lastSeq()).isEqualTo(2);
            assertThat(log.append(LinkEvent.inSync(5)).text()).isEqualTo("3 INSYNC 5");
        }
    }

    @Test
    void aLineCutOffMidWriteIsDroppedAndTheNumberingGoesOnFromTheLastWholeOne() throws IOException {
        Files.writeString(dir.resolve(FileEventLog.FILE_NAME), "1 INSYNC 0\n2 INSYNC 1\n3 INSY",
                StandardCharsets.UTF_8);
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            assertThat(log.lastSeq()).isEqualTo(2);
            assertThat(log.append(LinkEvent.inSync(2)).seq()).isEqualTo(3);
        }
        assertThat(Files.readString(dir.resolve(FileEventLog.FILE_NAME))).isEqualTo(
                "1 INSYNC 0\n2 INSYNC 1\n3 INSYNC 2\n");
    }

    @Test
    void aDamagedLineIsSkippedAndTheBoardStillStarts() throws IOException {
        Files.writeString(dir.resolve(FileEventLog.FILE_NAME), "1 INSYNC 0\n\u0000\u0000garbage\n7 INSYNC 5\n",
                StandardCharsets.UTF_8);
        try (FileEventLog log = FileEventLog.open(dir, 100)) {
            assertThat(log.since(0)).extracting(LoggedEvent::seq).containsExactly(1L, 7L);
            assertThat(log.append(LinkEvent.inSync(6)).seq()).isEqualTo(8);
        }
    }

    @Test
    void theFileIsRewrittenWithTheLastEventsWhenItHoldsTwiceAsMany() throws IOException {
        try (FileEventLog log = FileEventLog.open(dir, 10)) {
            for (int i = 1; i <= 25; i++) {
                log.append(LinkEvent.inSync(i));
            }
            assertThat(log.firstKeptSeq()).isEqualTo(16);
            assertThat(Files.readAllLines(dir.resolve(FileEventLog.FILE_NAME)).size()).isLessThan(20);
        }
        try (FileEventLog log = FileEventLog.open(dir, 10)) {
            assertThat(log.lastSeq()).isEqualTo(25);
            assertThat(log.since(0)).extracting(LoggedEvent::seq).startsWith(16L).endsWith(25L).hasSize(10);
        }
    }
}
