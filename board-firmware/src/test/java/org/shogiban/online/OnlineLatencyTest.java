package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.testdata.SharedData;

/**
 * The latencies of online play against the {@link StandInLishogi} on loopback: the opponent's move written on the
 * game stream → its target square lit on the board's LEDs, and the board's move counted → its request at the site.
 * A whole lishogi game's opening (the shared data's first game of lishogi-350, 60 plies) by simulated handling; the
 * board steps in 10 ms passes of its scan clock, real time between them. Prints p50/p99 (docs/benchmarks.md).
 */
class OnlineLatencyTest {
    @TempDir
    Path dir;

    @Test
    void opponentsMoveToLightsAndBoardsMoveToTheSite() throws IOException {
        List<String> book = List.of(Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt")).get(0)
                .split(" "));
        List<String> moves = book.subList(0, Math.min(60, book.size()));
        List<Long> lit = new ArrayList<>();
        List<Long> sent = new ArrayList<>();
        try (StandInLishogi site = new StandInLishogi(200);
             OnlineRig rig = new OnlineRig(site, dir.resolve("records"), dir.resolve("state"),
                     StandInLishogi.TOKEN)) {
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
            StandInLishogi.SiteGameState g = site.startGame("sente", "startpos", 1_800_000, 30_000);
            OnlineSiteTest.started(rig, g, Position.startpos());
            for (String usi : moves) {
                BoardSnapshot s = rig.app.snapshot();
                int ply = s.ply();
                if (s.toMove().equals(g.ownColor)) {
                    int counted = rig.movesCountedNanos.size();
                    int arrived = site.moveArrivalNanos.size();
                    rig.hands(Move.parseUsi(usi));
                    rig.untilTrue(() -> site.moveArrivalNanos.size() > arrived, 5_000, "the site got " + usi);
                    sent.add(site.moveArrivalNanos.get(arrived) - rig.movesCountedNanos.get(counted));
                } else {
                    int to = Square.parse(usi.substring(usi.length() - (usi.endsWith("+") ? 3 : 2),
                            usi.length() - (usi.endsWith("+") ? 1 : 0))).index();
                    long begin = System.nanoTime();
                    site.opponentMoves(g, usi);
                    while (rig.hardware.leds.current().square(to) != LedPlanner.OPPONENT_MOVE
                            && rig.hardware.leds.current().square(to) != LedPlanner.PROMOTION) {
                        rig.run(10);
                        LockSupport.parkNanos(200_000L);
                        assertThat(System.nanoTime() - begin).as("lit within 5 s").isLessThan(5_000_000_000L);
                    }
                    lit.add(System.nanoTime() - begin);
                    rig.hands(Move.parseUsi(usi));
                    rig.until(x -> x.ply() == ply + 1, 5_000);
                }
            }
            // the last request's arrival is stamped before the site adds its move
            rig.untilTrue(() -> g.moves.size() == moves.size(), 5_000, "the site has every move");
            assertThat(rig.app.session().record().moves().stream().map(Move::usi).toList()).isEqualTo(g.moves);
        }
        System.out.printf("online latency: opponent's move on the stream -> lit: p50 %.1f ms, p99 %.1f ms (%d);"
                        + " board's move counted -> at the site: p50 %.1f ms, p99 %.1f ms (%d)%n",
                percentile(lit, 50), percentile(lit, 99), lit.size(), percentile(sent, 50), percentile(sent, 99),
                sent.size());
        assertThat(percentile(lit, 99)).as("p99 opponent's move -> lit, ms").isLessThan(1000);
        assertThat(percentile(sent, 99)).as("p99 board's move -> site, ms").isLessThan(1000);
    }

    static double percentile(List<Long> nanos, int p) {
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, i)) / 1e6;
    }
}
