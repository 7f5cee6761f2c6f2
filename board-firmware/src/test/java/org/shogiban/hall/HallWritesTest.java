package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.hall.store.HallStore;

/**
 * What the hall writes to its state file for a board's moves (issue 28: a move must not cost a commit, nor a rewrite
 * of the whole record): a real board through a real Mosquitto plays ten moves; the hall commits fewer times than
 * there were moves (one write-behind transaction for every board that moved in a short interval), yet after the hall
 * is closed and started again on the file it has the board's last event number and the finished game's record, the
 * same text the board published last.
 */
class HallWritesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TEN = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b",
            "2e2d", "2c2d");

    @TempDir
    Path dir;

    @Test
    void movesAreWrittenBehindInFewCommitsAndAFinishedGamesRecordAtOnce() throws Exception {
        Path state = dir.resolve("state");
        String game;
        String finalRecord;
        long last;
        try (Mosquitto broker = Mosquitto.open(dir);
             HallBoardRig b1 = new HallBoardRig(Files.createDirectories(dir.resolve("b1")), broker.url(), "b1", null,
                     null)) {
            try (HallStore store = HallStore.open(state);
                 Hall hall = new Hall(broker.url(), "h1", null, null, null, store)) {
                hall.start();
                await("the board's game at the hall", () -> hall.currentGame("b1") != null
                        && hall.counts("b1")[2] == b1.app.facts().seq() && hall.record("b1").isPresent());
                long before = store.commits();
                b1.moves(TEN);
                long moved = b1.app.facts().seq();
                await("the ten moves at the hall", () -> hall.counts("b1")[2] == moved
                        && entries(hall.record("b1").orElse("{}")) == TEN.size() + 1);
                Thread.sleep(3 * HallDisk.FLUSH_MILLIS);
                long commits = store.commits() - before;
                assertThat(commits).as("commits for ten moves (before: 28, a commit for each event, snapshot and record"
                        + " message)").isLessThan(TEN.size());

                b1.press(Button.RESIGN_SENTE);
                last = b1.app.facts().seq();
                game = hall.currentGame("b1");
                await("the finished game's record at the hall", () -> hall.counts("b1")[2] == last
                        && entries(hall.record("b1").orElse("{}")) == TEN.size() + 2);
                finalRecord = hall.record("b1", game).orElseThrow();
            }
        }
        // started again on the same file with no broker to tell it anything: what it wrote is all it has
        try (HallStore store = HallStore.open(state)) {
            JsonNode doc = JSON.readTree(store.contents().boards().get("b1"));
            assertThat(doc.path("last").asLong()).as("the last event taken, written behind and at the close")
                    .isEqualTo(last);
            assertThat(store.contents().games()).as("the finished game's record, the board's last")
                    .anySatisfy(g -> assertThat(g).containsExactly("b1", game, finalRecord));
        }
    }

    /** The JKF record's entries: the start, each move, an ending. */
    private static int entries(String jkf) {
        try {
            return JSON.readTree(jkf).path("moves").size();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long until = System.nanoTime() + 20_000_000_000L;
        while (!done.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(until);
            Thread.sleep(20);
        }
    }
}
