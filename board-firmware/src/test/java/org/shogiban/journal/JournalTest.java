package org.shogiban.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalTest {
    private static final Clock AT = Clock.fixed(Instant.parse("2026-11-23T10:15:30Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private Path state() {
        return dir.resolve("state");
    }

    private Path file() {
        return state().resolve(Journal.FILE_NAME);
    }

    private static List<Long> seqs(List<JournalEntry> entries) {
        return entries.stream().map(JournalEntry::seq).toList();
    }

    /** A journal with three moves, closed. */
    private void threeMoves() throws IOException {
        try (Journal j = Journal.open(state(), AT)) {
            j.append("move", "{\"usi\":\"7g7f\"}", 1_000);
            j.append("move", "{\"usi\":\"3c3d\"}", 2_000);
            j.append("move", "{\"usi\":\"8h2b+\",\"note\":\"角交換\"}", 3_000);
        }
    }

    @Nested
    class AppendAndReopen {
        @Test
        void entriesSurviveAReopenWithTheirSeqWallTypeAndPayload() throws IOException {
            threeMoves();
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(j.recovery().entries()).containsExactly(
                        new JournalEntry(1, 1_000, "move", "{\"usi\":\"7g7f\"}"),
                        new JournalEntry(2, 2_000, "move", "{\"usi\":\"3c3d\"}"),
                        new JournalEntry(3, 3_000, "move", "{\"usi\":\"8h2b+\",\"note\":\"角交換\"}"));
                assertThat(j.lastSeq()).isEqualTo(3);
                assertThat(j.append("result", "{}", 4_000)).isEqualTo(4);
            }
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(seqs(j.entries())).containsExactly(1L, 2L, 3L, 4L);
            }
        }

        @Test
        void aNewBoardStartsAtSeqOneInANewDirectory() throws IOException {
            try (Journal j = Journal.open(state().resolve("deeper"), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(j.recovery().entries()).isEmpty();
                assertThat(j.lastSeq()).isZero();
                assertThat(j.append("new-game", "{}", 5)).isEqualTo(1);
            }
        }

        @Test
        void theFileIsOneLinePerEntryWithAChecksum() throws IOException {
            try (Journal j = Journal.open(state(), AT)) {
                j.append("move", "{\"usi\":\"7g7f\"}", 1_700_000_000_000L);
            }
            List<String> lines = Files.readAllLines(file());
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0)).matches("#shogiban-journal 1 0 [0-9a-f]{8}");
            assertThat(lines.get(1)).matches("1 1700000000000 move [0-9a-f]{8} \\{\"usi\":\"7g7f\"}");
        }

        @Test
        void sinceGivesTheEntriesAfterASeq() throws IOException {
            threeMoves();
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(seqs(j.since(0))).containsExactly(1L, 2L, 3L);
                assertThat(seqs(j.since(2))).containsExactly(3L);
                assertThat(j.since(3)).isEmpty();
                assertThat(j.since(99)).isEmpty();
            }
        }

        @Test
        void aPayloadWithALineBreakOrABadTypeIsRefusedAndNothingIsWritten() throws IOException {
            try (Journal j = Journal.open(state(), AT)) {
                assertThatThrownBy(() -> j.append("move", "{\"a\":1}\n{\"b\":2}", 1))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("journal payload must be one line: newline at character 7");
                assertThatThrownBy(() -> j.append("move", "x\ry", 1))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("journal payload must be one line: carriage return at character 1");
                assertThatThrownBy(() -> j.append("two words", "{}", 1))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageStartingWith("journal entry type 'two words' must be a word");
                assertThat(j.lastSeq()).isZero();
            }
            assertThat(Files.readAllLines(file())).hasSize(1);
        }
    }

    @Nested
    class TornTail {
        @Test
        void aLastEntryCutOffAtAnyByteIsDroppedAndAppendsContinueCleanly() throws IOException {
            threeMoves();
            byte[] whole = Files.readAllBytes(file());
            int lastLineStart = lastLineStart(whole);
            for (int cut = lastLineStart; cut < whole.length; cut++) {
                Path torn = dir.resolve("torn-" + cut);
                Files.createDirectories(torn);
                Files.write(torn.resolve(Journal.FILE_NAME), Arrays.copyOf(whole, cut));
                try (Journal j = Journal.open(torn, AT)) {
                    assertThat(seqs(j.recovery().entries())).as("cut at %d", cut).containsExactly(1L, 2L);
                    assertThat(j.recovery().damaged()).isFalse();
                    if (cut == lastLineStart) {
                        assertThat(j.recovery().problem()).isEmpty();
                    } else {
                        assertThat(j.recovery().problem()).hasValue("the last journal entry was cut off mid-write: "
                                + (cut - lastLineStart) + " bytes after seq 2 dropped");
                    }
                    assertThat(j.append("move", "{\"usi\":\"2g2f\"}", 9)).isEqualTo(3);
                }
                try (Journal j = Journal.open(torn, AT)) {
                    assertThat(j.recovery().clean()).as("cut at %d", cut).isTrue();
                    assertThat(j.entries()).extracting(JournalEntry::payload)
                            .containsExactly("{\"usi\":\"7g7f\"}", "{\"usi\":\"3c3d\"}", "{\"usi\":\"2g2f\"}");
                }
            }
        }

        @Test
        void zerosLeftAfterAPowerCutAreATornTailToo() throws IOException {
            threeMoves();
            Files.write(file(), new byte[512], java.nio.file.StandardOpenOption.APPEND);
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(seqs(j.entries())).containsExactly(1L, 2L, 3L);
                assertThat(j.recovery().problem()).hasValue(
                        "the last journal entry was cut off mid-write: 512 bytes after seq 3 dropped");
            }
        }

        private static int lastLineStart(byte[] bytes) {
            int i = bytes.length - 2;
            while (bytes[i] != '\n') {
                i--;
            }
            return i + 1;
        }
    }

    @Nested
    class Damage {
        @Test
        void aBadChecksumInTheMiddleSetsTheJournalAsideKeepsTheEntriesBeforeItAndNumberingContinues()
                throws IOException {
            threeMoves();
            String text = Files.readString(file());
            Files.writeString(file(), text.replace("3c3d", "3c3e"));
            try (Journal j = Journal.open(state(), AT)) {
                JournalRecovery r = j.recovery();
                assertThat(r.damaged()).isTrue();
                assertThat(seqs(r.entries())).containsExactly(1L);
                assertThat(seqs(r.salvaged())).containsExactly(1L);
                Path aside = state().resolve("journal.log.damaged-20261123T101530Z");
                assertThat(r.setAside()).hasValue(aside);
                assertThat(r.problem()).hasValue("the journal was damaged (line 3: bad checksum); it was set aside "
                        + "as journal.log.damaged-20261123T101530Z with 1 whole entries before the damage, which the "
                        + "new journal keeps (the game as of seq 1); new entries start at seq 4");
                assertThat(Files.readString(aside)).isEqualTo(text.replace("3c3d", "3c3e"));
                assertThat(j.lastSeq()).isEqualTo(3);
                assertThat(j.append("new-game", "{}", 10)).isEqualTo(4);
            }
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(seqs(j.entries())).containsExactly(1L, 4L);
            }
        }

        @Test
        void garbageNeverStopsTheBoardFromStartingAndASecondDamageIsKeptToo() throws IOException {
            Files.createDirectories(state());
            Files.write(file(), "PK\u0003\u0004 not a journal\nat all\n".getBytes(StandardCharsets.ISO_8859_1));
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().damaged()).isTrue();
                assertThat(j.recovery().problem().orElseThrow()).startsWith(
                        "the journal was damaged (line 1: not a journal header)");
                assertThat(j.lastSeq()).isZero();
                j.append("new-game", "{}", 1);
            }
            Files.writeString(file(), "\u0000\u0000garbage\n", java.nio.file.StandardOpenOption.APPEND);
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().setAside()).hasValue(
                        state().resolve("journal.log.damaged-20261123T101530Z-1"));
                assertThat(j.lastSeq()).isEqualTo(1);
            }
            try (Stream<Path> files = Files.list(state())) {
                assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("journal.log",
                        "journal.log.damaged-20261123T101530Z", "journal.log.damaged-20261123T101530Z-1");
            }
        }

        @Test
        void seqsReadableAfterTheDamageStillCount() throws IOException {
            threeMoves();
            List<String> lines = Files.readAllLines(file());
            // the first entry is damaged; entries 2 and 3 are still readable
            Files.writeString(file(), lines.get(0) + "\n" + lines.get(1).replace("7g7f", "7g7e") + "\n"
                    + lines.get(2) + "\n" + lines.get(3) + "\n");
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().salvaged()).isEmpty();
                assertThat(j.append("new-game", "{}", 1)).isEqualTo(4);
            }
        }

        @Test
        void entriesOutOfOrderAreDamage() throws IOException {
            threeMoves();
            List<String> lines = Files.readAllLines(file());
            Files.writeString(file(), lines.get(0) + "\n" + lines.get(2) + "\n" + lines.get(1) + "\n");
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().problem().orElseThrow()).startsWith(
                        "the journal was damaged (line 3: seq 1 does not follow seq 2)");
                assertThat(j.lastSeq()).isEqualTo(2);
            }
        }
    }

    @Nested
    class EmptyAndMissing {
        @Test
        void aMissingFileStartsANewJournal() throws IOException {
            Files.createDirectories(state());
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(j.lastSeq()).isZero();
            }
            assertThat(Files.readAllLines(file())).hasSize(1);
        }

        @Test
        void anEmptyFileStartsANewJournalAndSaysSo() throws IOException {
            Files.createDirectories(state());
            Files.createFile(file());
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().problem())
                        .hasValue("the journal file was empty (no header); a new journal starts at seq 1");
                assertThat(j.recovery().damaged()).isFalse();
                assertThat(j.append("new-game", "{}", 1)).isEqualTo(1);
            }
        }

        @Test
        void aTemporaryFileLeftByACrashDuringCompactionIsRemoved() throws IOException {
            threeMoves();
            Path temp = state().resolve(".journal.log.tmp");
            Files.writeString(temp, "half a compaction");
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(seqs(j.entries())).containsExactly(1L, 2L, 3L);
            }
            assertThat(temp).doesNotExist();
        }
    }

    @Nested
    class Compaction {
        @Test
        void compactionKeepsTheChosenEntriesAndTheNumbering() throws IOException {
            threeMoves();
            try (Journal j = Journal.open(state(), AT)) {
                j.append("result", "{\"status\":\"RESIGNATION\"}", 4_000);
                long start = j.append("new-game", "{\"sfen\":\"startpos\"}", 5_000);
                j.compact(j.since(start - 1));
                assertThat(seqs(j.entries())).containsExactly(5L);
                assertThat(seqs(j.since(0))).containsExactly(5L);
                assertThat(j.append("move", "{\"usi\":\"7g7f\"}", 6_000)).isEqualTo(6);
            }
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(seqs(j.entries())).containsExactly(5L, 6L);
                assertThat(j.lastSeq()).isEqualTo(6);
            }
        }

        @Test
        void compactingToNothingStillKeepsTheNumberingAcrossARestart() throws IOException {
            threeMoves();
            try (Journal j = Journal.open(state(), AT)) {
                j.compact(List.of());
                assertThat(j.entries()).isEmpty();
                assertThat(j.lastSeq()).isEqualTo(3);
            }
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.lastSeq()).isEqualTo(3);
                assertThat(j.append("new-game", "{}", 1)).isEqualTo(4);
            }
            assertThat(Files.readAllLines(file())).hasSize(2);
        }

        @Test
        void keptEntriesMustHaveRisingSeqsNotAboveTheLast() throws IOException {
            threeMoves();
            try (Journal j = Journal.open(state(), AT)) {
                JournalEntry e2 = j.entries().get(1);
                JournalEntry e1 = j.entries().get(0);
                assertThatThrownBy(() -> j.compact(List.of(e2, e1))).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage("entries kept must have rising seqs up to 3, got seq 1 after 2");
                assertThatThrownBy(() -> j.compact(List.of(new JournalEntry(7, 0, "x", "{}"))))
                        .isInstanceOf(IllegalArgumentException.class);
                assertThat(seqs(j.entries())).containsExactly(1L, 2L, 3L);
            }
        }
    }

    @Nested
    class Unwritable {
        @Test
        void aStatePathThatIsAFileDoesNotStopTheStartTheEntriesWaitInMemoryAndAreWrittenWhenItCan()
                throws IOException {
            Path blocker = dir.resolve("blocker");
            Files.writeString(blocker, "x");
            try (Journal j = Journal.open(blocker.resolve("state"), AT)) {
                assertThat(j.recovery().problem().orElseThrow()).startsWith("cannot open the journal "
                        + blocker.resolve("state/journal.log") + ": FileSystemException ")
                        .endsWith("the board plays on and keeps the changes in memory until the journal can be "
                                + "written");
                assertThat(j.fault()).hasValue("cannot be opened");
                assertThat(j.faultDetail().orElseThrow()).contains("Not a directory");
                assertThat(j.append("game-start", "{\"a\":1}", 1)).isEqualTo(1);
                assertThat(j.append("move", "{\"a\":2}", 2)).isEqualTo(2);
                assertThat(j.written()).isFalse();
                assertThat(j.retry()).isFalse();
                Files.delete(blocker);
                assertThat(j.retry()).isTrue();
                assertThat(j.fault()).isEmpty();
                assertThat(j.append("move", "{\"a\":3}", 3)).isEqualTo(3);
            }
            try (Journal j = Journal.open(blocker.resolve("state"), AT)) {
                assertThat(j.recovery().clean()).isTrue();
                assertThat(seqs(j.entries())).containsExactly(1L, 2L, 3L);
            }
        }

        @Test
        void aDirectoryWhereTheJournalShouldBeIsReportedAndLeftAlone() throws IOException {
            Files.createDirectories(file());
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.fault()).hasValue("cannot be opened");
                assertThat(j.append("game-start", "{}", 1)).isEqualTo(1);
                assertThat(j.written()).isFalse();
                assertThat(j.entries()).hasSize(1);
            }
            assertThat(file()).isDirectory();
        }

        @Test
        void aReadOnlyDirectoryIsReportedNotThrown() throws IOException {
            assumeTrue(!"root".equals(System.getProperty("user.name")), "root writes in read-only directories");
            Files.createDirectories(state());
            Files.setPosixFilePermissions(state(), PosixFilePermissions.fromString("r-xr-xr-x"));
            try (Journal j = Journal.open(state(), AT)) {
                assertThat(j.fault()).hasValue("no permission");
                assertThat(j.recovery().problem().orElseThrow()).contains("AccessDeniedException")
                        .contains("(no write permission, or a read-only file system?)");
            } finally {
                Files.setPosixFilePermissions(state(), PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }

        @Test
        void theReasonsAreNamedInAFewWords() {
            assertThat(Journal.reason(new IOException("No space left on device"))).isEqualTo("disk full");
            assertThat(Journal.reason(new java.nio.file.FileSystemException("/x", null, "Read-only file system")))
                    .isEqualTo("read-only");
            assertThat(Journal.reason(new java.nio.file.AccessDeniedException("/x"))).isEqualTo("no permission");
            assertThat(Journal.reason(new IOException("Input/output error"))).isEqualTo("write failed");
        }
    }
}
