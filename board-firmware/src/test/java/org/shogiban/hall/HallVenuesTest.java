package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Venues bridged (docs/hall.md): the boards on a venue's Mosquitto, bridged with Mosquitto's own bridge to a central
 * one where the hall server ({@link Hall}) listens; two real Mosquitto processes on the loopback. The venue's broker
 * killed (SIGKILL) and started again mid-game, then the bridge's connection cut (a TCP relay the test closes and
 * refuses for {@link #CUT_MILLIS}) while the game goes on: at the hall every event arrives, in order, none twice.
 */
class HallVenuesTest {
    static final long CUT_MILLIS = Long.getLong("shogiban.venues.cutMillis", 8000);
    private static final List<String> OPENING = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h",
            "4a3b", "9g9f", "9c9d");

    /** docs/hall.md's bridge section, with the central broker's address. */
    static String bridge(int centralPort) {
        return """
                connection central
                address 127.0.0.1:%d
                topic shogiban/+/board/+/status out 1
                topic shogiban/+/board/+/state out 1
                topic shogiban/+/board/+/events out 1
                topic shogiban/+/board/+/record out 1
                topic shogiban/+/board/+/cmd/reply out 1
                topic shogiban/+/board/+/cmd in 1
                cleansession false
                local_clientid venue-a-local
                remote_clientid venue-a
                restart_timeout 1
                keepalive_interval 5
                """.formatted(centralPort);
    }

    @TempDir
    Path dir;

    private static List<long[]> taken(StringWriter trace) {
        List<long[]> out = new ArrayList<>();
        for (String line : trace.toString().lines().toList()) {
            String[] w = line.split(" ");
            if (w[1].equals("b1")) {
                out.add(new long[] {Long.parseLong(w[2]), w[3].equals("MOVE") ? 1 : 0});
            }
        }
        return out;
    }

    private static long movesTaken(StringWriter trace) {
        return taken(trace).stream().filter(t -> t[1] == 1).count();
    }

    private static boolean await(BooleanSupplier condition, long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    @Test
    void theVenueBrokerRestartedAndTheBridgeCutLoseNothingAndRepeatNothingAtTheHall() throws Exception {
        Path state = Files.createDirectories(dir.resolve("b1"));
        StringWriter trace = new StringWriter();
        try (Mosquitto central = Mosquitto.open(Files.createDirectories(dir.resolve("central")));
             TcpRelay bridgeCable = TcpRelay.to(central.port());
             Mosquitto venue = Mosquitto.withBridge(Files.createDirectories(dir.resolve("venue")),
                     bridge(bridgeCable.port()));
             Hall hall = new Hall(central.url(), "h1", null, null, new PrintWriter(trace, true))) {
            hall.start();
            HallBoardRig board = new HallBoardRig(state, venue.url(), "b1", null, null);
            board.moves(OPENING.subList(0, 2));
            assertThat(await(() -> movesTaken(trace) == 2, 15_000)).as("through the bridge").isTrue();

            long begin = System.nanoTime();
            venue.kill();
            board.moves(OPENING.subList(2, 4));
            venue.restart();
            board.move(OPENING.get(4));
            assertThat(await(() -> movesTaken(trace) == 5, 20_000)).as("after the venue's restart: %s",
                    movesTaken(trace)).isTrue();
            long restartMillis = (System.nanoTime() - begin) / 1_000_000;

            begin = System.nanoTime();
            bridgeCable.cut();
            board.moves(OPENING.subList(5, 7));
            Thread.sleep(CUT_MILLIS);
            assertThat(movesTaken(trace)).as("nothing crosses a cut bridge").isEqualTo(5);
            bridgeCable.mend();
            board.move(OPENING.get(7));
            assertThat(await(() -> movesTaken(trace) == 8, 30_000)).as("after the cut: %s", movesTaken(trace))
                    .isTrue();
            long cutMillis = (System.nanoTime() - begin) / 1_000_000;
            board.close();

            List<Long> seqs = taken(trace).stream().map(t -> t[0]).toList();
            long first = seqs.get(0);
            assertThat(seqs).as("every event at the hall, in order, each once")
                    .containsExactlyElementsOf(LongStream.range(first, first + seqs.size()).boxed().toList());
            long[] counts = hall.counts("b1");
            System.out.printf("venues bridged: %d events taken, %d received again; the venue's restart caught up"
                    + " %d ms after the kill, the %d ms cut %d ms after it began%n", counts[0], counts[1],
                    restartMillis, CUT_MILLIS, cutMillis);
        }
    }
}
