package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.StatusLed;
import org.shogiban.link.LoggedEvent;

/**
 * MQTT 5 between a board and a real Mosquitto (Debian's 2.0, started on a free loopback port): a publish the ACL
 * refuses comes back as a reason code and the board shows a fault naming the hall, the topic and the reason (and
 * publishes the events once the ACL lets it: nothing lost); a command sent while the board was away waits in its
 * session and is answered when it comes back; a board whose broker is not there says so within seconds (a fault
 * naming the hall, cleared when the broker comes). The will ({@code offline}) is {@link HallBoardTest}'s.
 */
class HallMqtt5Test {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BOARD = "shogiban/h1/board/b1/";

    @TempDir
    Path dir;

    /** Steps the board (its inbox takes the faults) until the condition holds, at most 15 s of real time. */
    private static boolean until(HallBoardRig board, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + 15_000_000_000L;
        while (System.nanoTime() < end) {
            board.run(10);
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(10);
        }
        return condition.getAsBoolean();
    }

    private static List<String> faults(HallBoardRig board) {
        return board.app.snapshot().faults();
    }

    private static List<String> eventLines(HallBoardRig board) {
        return board.kept().stream().map(LoggedEvent::text).toList();
    }

    @Test
    void aPublishTheAclRefusesIsAFaultNamingTheHallTopicAndReasonAndTheEventsGoOutOnceAllowed() throws Exception {
        // b1's ACL lets it say online and answer, but not publish its events
        String refusing = HallBoardTest.ACL.replace("pattern write shogiban/+/board/%u/events\n", "");
        Map<String, String> users = Map.of("b1", "pw-b1", "arbiter", "pw-arbiter");
        Path state = Files.createDirectories(dir.resolve("b1"));
        try (Mosquitto broker = Mosquitto.secured(dir, users, refusing);
             Subscriber arbiter = new Subscriber(broker.url(), "arbiter", "pw-arbiter", BOARD + "#");
             HallBoardRig board = new HallBoardRig(state, broker.url(), "b1", "b1", "pw-b1")) {
            assertThat(arbiter.await(s -> "online".equals(s.last(BOARD + "status")))).isTrue();
            board.move("7g7f");
            assertThat(until(board, () -> faults(board).contains("hall h1 at " + BOARD + "events")))
                    .as("the refusal shown as a fault naming the hall and the topic: %s", faults(board)).isTrue();
            // the link's FAULT line (and the journal) say the reason the broker gave
            assertThat(until(board, () -> eventLines(board).stream().anyMatch(l -> l.contains("FAULT failed ")
                    && l.contains("hall h1") && l.contains("not authorized (0x87)")))).as("%s", eventLines(board))
                    .isTrue();
            assertThat(arbiter.events()).as("nothing got through").isEmpty();

            // the ACL corrected and reloaded (SIGHUP): the kept events go out, in order, and the fault ends
            Files.writeString(dir.resolve("acl"), HallBoardTest.ACL);
            new ProcessBuilder("kill", "-HUP", Long.toString(broker.pid())).start().waitFor();
            board.move("3c3d");
            assertThat(until(board, () -> !faults(board).contains("hall h1 at " + BOARD + "events")))
                    .as("%s", faults(board)).isTrue();
            assertThat(arbiter.await(s -> s.events().stream().anyMatch(e -> e.event().text().contains("3c3d"))))
                    .isTrue();
            List<Long> seqs = arbiter.events().stream().map(LoggedEvent::seq).distinct().toList();
            assertThat(seqs.get(0)).as("from the first event on, none lost").isEqualTo(1L);
            assertThat(seqs).isSorted();
            assertThat(seqs.get(seqs.size() - 1) - seqs.get(0) + 1).isEqualTo(seqs.size());
        }
    }

    @Test
    void aCommandSentWhileTheBoardWasAwayWaitsInItsSessionAndIsAnsweredWhenItComesBack() throws Exception {
        Path state = Files.createDirectories(dir.resolve("b1"));
        try (Mosquitto broker = Mosquitto.open(dir);
             Subscriber arbiter = new Subscriber(broker.url(), null, null, BOARD + "#")) {
            HallBoardRig board = new HallBoardRig(state, broker.url(), "b1", null, null);
            assertThat(arbiter.await(s -> "online".equals(s.last(BOARD + "status")))).isTrue();
            board.close();
            assertThat(arbiter.await(s -> "offline".equals(s.last(BOARD + "status")))).isTrue();
            arbiter.publish(BOARD + "cmd", HallCommands.command("while-away", "HELLO", null));
            Thread.sleep(300);
            assertThat(replies(arbiter)).doesNotContainKey("while-away");
            // the board is back (a restart on its state directory): its session held the command
            try (HallBoardRig again = new HallBoardRig(state, broker.url(), "b1", null, null)) {
                assertThat(until(again, () -> replies(arbiter).containsKey("while-away"))).as("the queued command")
                        .isTrue();
                assertThat(replies(arbiter).get("while-away").path("reply").asText()).startsWith("OK shogiban ");
            }
        }
    }

    @Test
    void aBoardWhoseBrokerIsNotThereSaysSoWithinSecondsAndKeepsTrying() throws Exception {
        Path state = Files.createDirectories(dir.resolve("b1"));
        try (Mosquitto broker = Mosquitto.open(dir)) {
            String url = broker.url();
            broker.kill();
            try (HallBoardRig board = new HallBoardRig(state, url, "b1", null, null)) {
                long begin = System.nanoTime();
                String fault = "hall h1 at " + url;
                assertThat(until(board, () -> faults(board).contains(fault))).as("%s", faults(board)).isTrue();
                long seconds = (System.nanoTime() - begin) / 1_000_000_000L;
                assertThat(seconds).as("said within seconds").isLessThanOrEqualTo(5);
                assertThat(board.hardware.leds.current().status(StatusLed.FAULT)).as("the status LED")
                        .isEqualTo(LedPlanner.FAULT);
                assertThat(until(board, () -> eventLines(board).stream().anyMatch(l -> l.contains(" FAULT failed "
                        + url + " hall h1: the broker is not reached")))).as("%s", eventLines(board)).isTrue();
                board.move("7g7f");
                broker.restart();
                try (Subscriber hall = new Subscriber(url, null, null, BOARD + "#")) {
                    assertThat(until(board, () -> !faults(board).contains(fault))).as("it kept trying").isTrue();
                    assertThat(board.hardware.leds.current().status(StatusLed.FAULT)).isNotEqualTo(LedPlanner.FAULT);
                    // the events may have gone out before this subscriber came: the retained snapshot shows the move
                    assertThat(hall.await(s -> s.last(BOARD + "state") != null
                            && s.last(BOARD + "state").contains("\"ply\":1,"))).as("%s", hall.last(BOARD + "state"))
                            .isTrue();
                }
                assertThat(eventLines(board).stream().filter(l -> l.contains(" FAULT failed " + url)).count())
                        .as("said once").isEqualTo(1);
            }
        }
    }

    private static Map<String, JsonNode> replies(Subscriber s) {
        Map<String, JsonNode> out = new java.util.HashMap<>();
        for (Subscriber.Message m : s.messages()) {
            if (m.topic().endsWith("/cmd/reply")) {
                try {
                    JsonNode n = JSON.readTree(m.text());
                    out.put(n.path("id").asText(), n);
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }
}
