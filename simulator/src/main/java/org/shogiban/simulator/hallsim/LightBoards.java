package org.shogiban.simulator.hallsim;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives many {@link LightBoard}s from two threads: each board is brought to now once a second (staggered over the
 * second so the boards do not all move at once), which makes its moves when they are due.
 */
final class LightBoards {
    private static final Logger log = LoggerFactory.getLogger(LightBoards.class);

    private LightBoards() {
    }

    /** Runs until interrupted, or until every board played {@code games} games (0: no end). */
    static void drive(List<LightBoard> boards, int games) throws InterruptedException {
        ScheduledExecutorService driver = Executors.newScheduledThreadPool(2, r -> Thread.ofPlatform()
                .name("hall-sim-driver").daemon().unstarted(r));
        try {
            for (int i = 0; i < boards.size(); i++) {
                LightBoard b = boards.get(i);
                driver.scheduleWithFixedDelay(() -> {
                    try {
                        b.advance();
                    } catch (RuntimeException e) {
                        // one board's failure is said and the others go on (it is tried again in a second)
                        log.error("light board failed a step: {}", e.toString());
                    }
                }, 1000L * i / boards.size(), 1000, TimeUnit.MILLISECONDS);
            }
            long said = System.nanoTime();
            while (games == 0 || boards.stream().anyMatch(b -> b.gamesPlayed() < games)) {
                Thread.sleep(500);
                if (System.nanoTime() - said > 30_000_000_000L) {
                    said = System.nanoTime();
                    log.info("light boards: {} moves counted, {} games finished, {} positions laid out again",
                            boards.stream().mapToInt(LightBoard::movesCounted).sum(),
                            boards.stream().mapToInt(LightBoard::gamesPlayed).sum(),
                            boards.stream().mapToInt(LightBoard::resyncs).sum());
                }
            }
        } finally {
            driver.shutdownNow();
            driver.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
