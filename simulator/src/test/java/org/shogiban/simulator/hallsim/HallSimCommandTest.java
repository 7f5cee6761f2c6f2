package org.shogiban.simulator.hallsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hall.Mosquitto;
import org.shogiban.hall.MqttListener;

/**
 * {@code hall-sim}: with no broker it says so at its start (issue 26) and plays on; {@code --board light} boards
 * (the real runtime without a scan thread each) publish their games' moves to a real Mosquitto, numbered without a
 * gap.
 */
class HallSimCommandTest {
    @TempDir
    Path dir;

    /** hall-sim run on a thread of its own; interrupted (as Ctrl-C would stop it) at the end. */
    private static Thread start(List<String> args, ByteArrayOutputStream out) {
        return Thread.ofPlatform().daemon().start(() -> {
            try {
                new HallSimCommand().run(args, new PrintStream(out, true, StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static boolean await(BooleanSupplier condition, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end && !condition.getAsBoolean()) {
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    @Test
    void withNoBrokerItSaysSoAtItsStart() throws Exception {
        String url;
        try (Mosquitto broker = Mosquitto.open(dir)) {
            url = broker.url();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread sim = start(List.of("--broker", url, "--boards", "1", "--board", "light", "--pace", "blitz",
                "--state", dir.resolve("s").toString()), out);
        try {
            assertThat(await(() -> out.toString(StandardCharsets.UTF_8).contains("hall-sim: 1 light boards"), 10_000))
                    .as(out.toString(StandardCharsets.UTF_8)).isTrue();
            assertThat(await(() -> out.toString(StandardCharsets.UTF_8).contains("the boards keep trying"), 10_000))
                    .isTrue();
            assertThat(out.toString(StandardCharsets.UTF_8).lines().toList().get(1))
                    .startsWith("hall-sim: the broker " + url + " is not reachable (")
                    .endsWith("the boards keep trying and play once it is there");
        } finally {
            sim.interrupt();
            sim.join(10_000);
        }
    }

    @Test
    void lightBoardsPublishTheirMovesNumberedWithoutAGap() throws Exception {
        try (Mosquitto broker = Mosquitto.open(dir)) {
            List<String> events = new ArrayList<>();
            Map<String, String> status = new ConcurrentHashMap<>();
            MqttListener sub = new MqttListener(broker.url(), (t, m) -> {
                if (t.endsWith("/status")) {
                    status.put(t, m);
                    return;
                }
                synchronized (events) {
                    events.add(t + " " + m);
                }
            }, "shogiban/hall/board/+/events", "shogiban/hall/board/+/status");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Thread sim = start(List.of("--broker", broker.url(), "--boards", "2", "--board", "light", "--pace",
                    "blitz", "--state", dir.resolve("s").toString()), out);
            try {
                BooleanSupplier twoMovesEach = () -> {
                    synchronized (events) {
                        return events.stream().filter(e -> e.contains("sim-001/") && e.contains("\"MOVE\"")).count()
                                >= 2 && events.stream().filter(e -> e.contains("sim-002/")
                                && e.contains("\"MOVE\"")).count() >= 2;
                    }
                };
                assertThat(await(twoMovesEach, 30_000)).as("%s", events).isTrue();
                assertThat(status).containsEntry("shogiban/hall/board/sim-001/status", "online");
            } finally {
                sim.interrupt();
                sim.join(10_000);
            }
            synchronized (events) {
                for (String board : List.of("sim-001/", "sim-002/")) {
                    List<Long> seqs = events.stream().filter(e -> e.contains(board))
                            .map(e -> Long.parseLong(e.replaceAll(".*\"seq\":(\\d+).*", "$1"))).toList();
                    assertThat(seqs).as(board).startsWith(1L, 2L, 3L).isSorted().doesNotHaveDuplicates();
                    assertThat(seqs.get(seqs.size() - 1)).as(board).isEqualTo(seqs.size());
                }
                assertThat(events).noneMatch(e -> e.contains("DISCREPANCY") || e.contains("ILLEGAL"));
            }
            sub.close();
        }
    }

    @Test
    void lightBoardsWithATimeControlPlayOnAClock() throws Exception {
        try (Mosquitto broker = Mosquitto.open(dir)) {
            List<String> events = new ArrayList<>();
            MqttListener sub = new MqttListener(broker.url(), (t, m) -> {
                synchronized (events) {
                    events.add(m);
                }
            }, "shogiban/hall/board/+/events");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Thread sim = start(List.of("--broker", broker.url(), "--boards", "1", "--board", "light", "--pace",
                    "blitz", "--time", "main=600,byoyomi=30", "--state", dir.resolve("s").toString()), out);
            try {
                BooleanSupplier clockAfterMove = () -> {
                    synchronized (events) {
                        return events.stream().anyMatch(e -> e.contains("\"CLOCK\"") && e.contains("600000"));
                    }
                };
                assertThat(await(clockAfterMove, 30_000)).as("a CLOCK event of a main time of 600 s: %s", events)
                        .isTrue();
            } finally {
                sim.interrupt();
                sim.join(10_000);
            }
            sub.close();
        }
    }
}
