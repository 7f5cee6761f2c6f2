package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.journal.Journal;
import org.shogiban.simulator.SimulatorProcess;

/**
 * The console board as a real process on a state directory, killed with SIGKILL (kill -9) at many points: right
 * after a move was acknowledged, while a move is being handled, around the journal's write. Each restart must resume
 * the game with every acknowledged move (at most one more: journalled, killed before it was printed) and the clocks
 * within a second of the last journalled state. The default suite runs four rounds (after an acknowledged move, 30 ms
 * and 450 ms into a move's handling, around its journal write); {@code -Pslow} runs twelve.
 */
class KillAndResumeTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b",
            "3i4h", "7a7b", "5i6h", "5a4b", "6g6f", "6a5b");
    private static final Pattern ACK = Pattern.compile("» ply (\\d+): (sente|gote) played (\\S+)");
    /** Milliseconds after sending a move to kill the board; -1: after the move is acknowledged. */
    private static final long[] KILL_AFTER = {-1, 50, 250, 420, 480, 520, 560, 620, -1, 700, 30, 450};
    /** The default suite's rounds: one of each kind (the settle time is 400 ms: 450 lands around the write). */
    private static final long[] QUICK_KILL_AFTER = {-1, 30, 450, -1};

    @TempDir
    Path dir;

    /** One run of {@code play --state DIR} as a process of its own. */
    private final class Board {
        final SimulatorProcess process;

        Board() throws IOException {
            process = SimulatorProcess.start("play", "--state", dir.resolve("state").toString(),
                    "--time", "main=600,byoyomi=30");
        }

        void send(String command) throws IOException {
            process.send(command);
        }

        String await(Pattern pattern, List<String> seen) throws InterruptedException {
            return process.await(pattern, seen);
        }

        JsonNode state(List<String> seen) throws Exception {
            send("state");
            return JSON.readTree(await(Pattern.compile("^\\{\"phase\""), seen));
        }

        void kill() throws InterruptedException {
            process.kill();
        }
    }

    @Test
    void acknowledgedMovesSurviveKillNineAtEachKindOfPointAndTheClocksResume() throws Exception {
        killAndResume(QUICK_KILL_AFTER, 2);
    }

    @Test
    @Tag("slow")
    void everyAcknowledgedMoveSurvivesKillNineAndTheClocksResume() throws Exception {
        // most kills come before the move counts; a third of the rounds still add a move
        killAndResume(KILL_AFTER, 4);
    }

    private void killAndResume(long[] killPoints, int leastAcknowledged) throws Exception {
        int clocksCompared = 0;
        List<String> acknowledged = new ArrayList<>();
        JsonNode lastJournalled = null;
        for (long killAfter : killPoints) {
            Board board = new Board();
            List<String> seen = new ArrayList<>();
            JsonNode state = board.state(seen);
            List<String> moves = new ArrayList<>();
            state.get("moves").forEach(m -> moves.add(m.asText()));
            assertThat(moves).as("resumed moves after %s", acknowledged)
                    .startsWith(acknowledged.toArray(String[]::new))
                    .hasSizeLessThanOrEqualTo(acknowledged.size() + 1)
                    .isEqualTo(GAME.subList(0, moves.size()));
            if (lastJournalled != null && lastJournalled.get("moves").size() == moves.size()) {
                for (String side : List.of("sente", "gote")) {
                    long before = lastJournalled.get("clock").get(side).get("mainMs").asLong();
                    long after = state.get("clock").get(side).get("mainMs").asLong();
                    assertThat(Math.abs(before - after)).as("%s's clock, journalled %d, resumed %d", side, before,
                            after).isLessThanOrEqualTo(1000);
                }
                clocksCompared++;
            }
            acknowledged.clear();
            acknowledged.addAll(moves);
            if (moves.size() >= GAME.size()) {
                board.kill();
                break;
            }
            String next = GAME.get(moves.size());
            board.send("move " + next);
            if (killAfter < 0) {
                Matcher ack = ACK.matcher(board.await(ACK, seen));
                assertThat(ack.find()).isTrue();
                acknowledged.add(ack.group(3));
            } else {
                Thread.sleep(killAfter);
                // whatever the board printed before the kill was acknowledged
                for (String l; (l = board.process.poll(0)) != null; ) {
                    Matcher ack = ACK.matcher(l);
                    if (ack.find()) {
                        acknowledged.add(ack.group(3));
                    }
                }
            }
            board.kill();
            for (String l; (l = board.process.poll(200)) != null; ) {
                Matcher ack = ACK.matcher(l);
                if (ack.find()) {
                    acknowledged.add(ack.group(3));
                }
            }
            lastJournalled = lastState(dir.resolve("state").resolve(Journal.FILE_NAME));
        }
        assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(leastAcknowledged);
        assertThat(clocksCompared).as("restarts whose clocks were compared with the journal").isPositive();
    }

    /** The state in the journal's last whole line (a line cut off by the kill is skipped). */
    private static JsonNode lastState(Path journal) throws IOException {
        List<String> lines = Files.readAllLines(journal, StandardCharsets.UTF_8);
        for (int i = lines.size() - 1; i > 0; i--) {
            String[] parts = lines.get(i).split(" ", 5);
            if (parts.length == 5) {
                try {
                    return JSON.readTree(parts[4]).get("state");
                } catch (IOException e) {
                    // torn line: try the one before
                }
            }
        }
        return null;
    }
}
