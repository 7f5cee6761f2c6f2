package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.simulator.SimulatorProcess;

/**
 * The console board as a real process on a real small file system that fills up (a tmpfs of 256 KiB, mounted by the
 * test: it runs as root, as on this machine and on CI; skipped otherwise): moves keep being played while the disk is
 * full, the snapshot's {@code faults} names the journal and why, the space is freed, the journal catches up and the
 * fault clears, and after {@code kill -9} a restart resumes every move.
 */
class FullDiskTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e");
    private static final Pattern ACK = Pattern.compile("» ply (\\d+): (sente|gote) played (\\S+)");

    @TempDir
    Path dir;
    private Path card;
    private boolean mounted;

    @BeforeEach
    void mountASmallCard() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")),
                "mounting a tmpfs needs root (this machine and CI run the tests as root)");
        card = dir.resolve("card");
        Files.createDirectories(card);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", card.toString())
                .redirectErrorStream(true).start();
        String out = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(mount.waitFor() == 0, "tmpfs cannot be mounted here: " + out);
        mounted = true;
    }

    @AfterEach
    void unmount() throws Exception {
        if (mounted) {
            new ProcessBuilder("umount", card.toString()).inheritIO().start().waitFor();
        }
    }

    /** One run of {@code play --state CARD/state} as a process of its own. */
    private final class Board {
        final SimulatorProcess process;
        final List<String> seen = new ArrayList<>();

        Board() throws IOException {
            process = SimulatorProcess.start("play", "--state", card.resolve("state").toString(),
                    "--time", "main=600,byoyomi=30");
        }

        void send(String command) throws IOException {
            process.send(command);
        }

        String await(Pattern pattern) throws InterruptedException {
            return process.await(pattern, seen);
        }

        JsonNode state() throws Exception {
            send("state");
            return JSON.readTree(await(Pattern.compile("^\\{\"phase\"")));
        }

        /** Plays a move and waits for its acknowledgement. */
        void play(String usi) throws Exception {
            send("move " + usi);
            Matcher ack = ACK.matcher(await(ACK));
            assertThat(ack.find()).isTrue();
            assertThat(ack.group(3)).isEqualTo(usi);
        }

        List<String> faults() throws Exception {
            List<String> out = new ArrayList<>();
            state().get("faults").forEach(f -> out.add(f.asText()));
            return out;
        }

        void kill() throws InterruptedException {
            process.kill();
        }
    }

    @Test
    void movesGoOnOnAFullDiskTheFaultIsShownTheJournalCatchesUpAndKillNineResumesEveryMove() throws Exception {
        Board board = new Board();
        board.state();
        board.play(GAME.get(0));
        board.play(GAME.get(1));
        assertThat(board.faults()).isEmpty();

        Path filler = card.resolve("filler");
        fill(filler);
        for (String usi : GAME.subList(2, 5)) {
            board.play(usi);
        }
        assertThat(board.faults()).containsExactly("journal (disk full) at journal.log");
        assertThat(board.state().get("moves")).hasSize(5);

        Files.delete(filler);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> faults = board.faults();
        while (!faults.isEmpty() && System.nanoTime() < end) {
            Thread.sleep(200);
            faults = board.faults();
        }
        assertThat(faults).as("the journal caught up once the space was freed").isEmpty();
        board.play(GAME.get(5));
        board.kill();

        Board again = new Board();
        List<String> moves = new ArrayList<>();
        again.state().get("moves").forEach(m -> moves.add(m.asText()));
        assertThat(moves).isEqualTo(GAME);
        again.kill();
    }

    /** Writes to {@code file} until the file system is full. */
    private static void fill(Path file) throws IOException {
        byte[] chunk = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
                out.flush();
            }
        } catch (IOException e) {
            assertThat(e.getMessage()).contains("No space left");
        }
    }
}
