package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.port.BoardChange;
import org.shogiban.port.BoardPort;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
import org.shogiban.port.Subscription;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;

/**
 * A part as the assembly makes it: from its port, started before the first pass, told each change until it closes
 * its subscription, and its health shown in the snapshot's {@code faults} while it fails.
 */
class PartPortTest {
    private final ManualClock clock = new ManualClock();
    private final MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);

    /** A part that keeps its port and what it was told. */
    private static final class Watcher implements Part {
        final BoardPort port;
        final List<BoardChange> told = new ArrayList<>();
        Subscription changes;
        boolean started;
        boolean closed;

        Watcher(BoardPort port) {
            this.port = port;
            this.changes = port.subscribe(told::add);
        }

        @Override
        public void start() {
            started = true;
        }

        @Override
        public void close() {
            closed = true;
            changes.close();
        }
    }

    private void run(AssembledBoard board, long millis) {
        for (long t = 0; t < millis; t += 10) {
            board.application().step(clock.advance(10));
        }
    }

    @Test
    void aPartIsMadeFromItsPortToldEachChangeAndShowsItsHealthInTheFaults() {
        Watcher[] made = new Watcher[1];
        AssembledBoard board = BoardAssembly.of(GameSettings.of(Position.startpos(),
                        InferenceConfig.defaults(SensorKind.OCCUPANCY)), hardware.board()).clock(clock)
                .part(PartFactory.of("watcher", port -> made[0] = new Watcher(port))).assemble();
        Watcher w = made[0];
        assertThat(w.started).isTrue();
        assertThat(w.port.hasPart("watcher")).isTrue();
        assertThat(w.port.hasPart("engine")).isFalse();

        Hands.layOut(hardware, SensorKind.OCCUPANCY, Position.startpos());
        run(board, 600);
        assertThat(w.told).flatExtracting(BoardChange::events)
                .anyMatch(e -> e instanceof BoardEvent.GameStarted);
        assertThat(w.told.get(w.told.size() - 1).facts().playing()).isTrue();
        assertThat(w.port.facts().playing()).isTrue();

        w.port.health(PartHealth.failing("the site does not answer"));
        w.port.health(PartHealth.failing("the site does not answer"));
        run(board, 20);
        assertThat(board.application().snapshot().faults())
                .containsExactly("watcher (the site does not answer) at part");
        w.port.health(PartHealth.ok("answers again"));
        run(board, 20);
        assertThat(board.application().snapshot().faults()).isEmpty();
        long faultEvents = w.told.stream().flatMap(c -> c.events().stream())
                .filter(e -> e instanceof BoardEvent.FaultChanged).count();
        assertThat(faultEvents).as("the same failure said twice is shown once, then its end").isEqualTo(2);

        w.changes.close();
        int before = w.told.size();
        w.port.health(PartHealth.failing("again"));
        run(board, 20);
        assertThat(w.told).as("nothing told after the subscription was closed").hasSize(before);
        board.close();
        assertThat(w.closed).isTrue();
    }
}
