package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hall.store.HallStore;

/**
 * The hall's state file on a disk that fills up (a 1 MiB tmpfs, as root) and a damaged state file: the hall goes on,
 * the page shows the fault in a sentence, an acknowledgement that could not be written is refused and stays open,
 * and a damaged file is kept aside while the hall starts and says what it could not read.
 */
class HallStateDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskIsAFaultOnThePageAndNothingIsAcknowledgedThatWasNotWritten() throws Exception {
        Path card = Files.createDirectories(dir.resolve("card"));
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root (CI runs as root)");
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", card.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(mount.waitFor() == 0, "tmpfs cannot be mounted here: " + said);
        try (HallRig rig = HallRig.start(dir, card.resolve("state"));
             HallBoardRig b1 = rig.board("b1")) {
            HallClient page = rig.page;
            b1.move("7g7f");
            page.await("b1 at ply 1", v -> HallClient.board(v, "b1").path("state").path("ply").asInt() == 1);
            Path filler = card.resolve("filler");
            fill(filler);
            b1.illegal("8c", "8e").illegal("8e", "8c");
            JsonNode full = page.await("the fault on the page", v -> v.path("calls").size() == 1
                    && v.path("faults").size() == 1);
            assertThat(full.path("faults").get(0).asText()).contains("could not be written")
                    .containsIgnoringCase("full");
            long seq = full.path("calls").get(0).path("seq").asLong();
            var refused = page.post("/api/ack", "{\"board\":\"b1\",\"seq\":" + seq + "}");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.body()).contains("not done");
            assertThat(page.view().path("calls").get(0).path("acknowledged").asBoolean())
                    .as("not acknowledged, since not written").isFalse();

            Files.delete(filler);
            b1.move("3c3d");
            page.await("written again: the fault gone", v -> v.path("faults").isEmpty());
            assertThat(page.post("/api/ack", "{\"board\":\"b1\",\"seq\":" + seq + "}").statusCode())
                    .isEqualTo(200);
        } finally {
            new ProcessBuilder("umount", card.toString()).inheritIO().start().waitFor();
        }
    }

    @Test
    void aDamagedStateFileIsKeptAsideAndTheHallStartsSayingWhatItCouldNotRead() throws Exception {
        Path state = dir.resolve("state");
        try (HallStore store = HallStore.open(state)) {
            store.putBoard("b7", "{\"life\":0,\"last\":12,\"status\":\"online\"}");
        }
        byte[] bytes = Files.readAllBytes(state.resolve(HallStore.FILE));
        for (int i = 0; i < 100; i++) {
            bytes[i] = (byte) 0x5a;
        }
        Files.write(state.resolve(HallStore.FILE), bytes);
        try (HallRig rig = HallRig.start(dir, state);
             HallBoardRig b1 = rig.board("b1")) {
            HallClient page = rig.page;
            JsonNode v = page.view();
            assertThat(v.path("faults").get(0).asText()).contains("damaged").contains("kept as hall.db.damaged-");
            try (Stream<Path> files = Files.list(state)) {
                assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.startsWith("hall.db.damaged-"));
            }
            b1.move("7g7f");
            page.await("the hall works on", x -> HallClient.board(x, "b1").path("state").path("ply").asInt() == 1);
        }
        try (HallStore again = HallStore.open(state)) {
            assertThat(again.problems()).as("the new file is whole").isEmpty();
            assertThat(again.contents().boards()).containsKey("b1");
        }
    }

    @Test
    void aFileDamagedInTheMiddleKeepsWhatCanBeReadAndSaysWhatNot() throws Exception {
        Path state = dir.resolve("state");
        try (HallStore store = HallStore.open(state)) {
            for (int i = 0; i < 200; i++) {
                store.putBoard(String.format("b%03d", i), "{\"life\":0,\"last\":" + i + ",\"pad\":\""
                        + "x".repeat(3000) + "\"}");
            }
            store.putRound(1, "{\"pairings\":[]}");
        }
        Path file = state.resolve(HallStore.FILE);
        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes.length).isGreaterThan(400_000);
        int page = bytes.length / 4096 / 2;
        for (int i = page * 4096; i < page * 4096 + 4096; i++) {
            bytes[i] = (byte) (i * 31);
        }
        Files.write(file, bytes);
        try (HallStore store = HallStore.open(state)) {
            assertThat(store.problems()).isNotEmpty();
            assertThat(store.problems().get(0)).contains("damaged").contains("kept as hall.db.damaged-");
            assertThat(store.contents().boards().size()).as("what could be read is kept").isBetween(1, 199);
            assertThat(store.contents().rounds()).containsKey(1);
        }
        try (HallStore again = HallStore.open(state)) {
            assertThat(again.problems()).isEmpty();
            assertThat(again.contents().rounds()).containsKey(1);
        }
    }

    private static void fill(Path file) throws IOException {
        byte[] block = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(block);
            }
        } catch (IOException e) {
            assertThat(e.getMessage()).contains("No space left");
        }
    }
}
