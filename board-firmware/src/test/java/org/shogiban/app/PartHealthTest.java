package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.shogiban.engine.EnginePlayer;
import org.shogiban.engine.EngineSettings;
import org.shogiban.hal.Colour;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.StatusLed;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.SerialTransport;
import org.shogiban.port.BoardPort;
import org.shogiban.port.ForwardingPort;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.testdata.Hands;

/**
 * Every part reports its trouble one way, through its port's {@link BoardPort#health}: a device's failure is shown in
 * the snapshot's {@code faults} with the words the board always used for it, on the status light and as the link's
 * {@code FAULT}; its report that it works again clears all three.
 */
class PartHealthTest {
    private static final GameSettings SETTINGS = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.OCCUPANCY));
    private final ManualClock clock = new ManualClock();
    private final MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);

    /** A part that keeps its port, and the numbered events the board kept (the link's words). */
    private static final class Reporter implements Part {
        final BoardPort port;
        final List<LoggedEvent> kept = new CopyOnWriteArrayList<>();

        Reporter(BoardPort port) {
            this.port = port;
            port.events().subscribe(kept::add);
        }

        @Override
        public void close() {
        }
    }

    /** {@code factory}'s part on a port that passes everything on and keeps what the part says of its health. */
    private static PartFactory watched(PartFactory factory, List<PartHealth> told) {
        return PartFactory.of(factory.name(), port -> factory.create(new ForwardingPort(port) {
            @Override
            public void health(PartHealth health) {
                told.add(health);
                super.health(health);
            }
        }));
    }

    private void run(AssembledBoard board, long millis) {
        for (long t = 0; t < millis; t += 10) {
            board.application().step(clock.advance(10));
        }
    }

    /** Steps the board in real time until {@code done} (a part's own thread has to act), at most 10 s. */
    private void until(AssembledBoard board, java.util.function.BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        while (!done.getAsBoolean() && System.nanoTime() < end) {
            run(board, 10);
            Thread.sleep(5);
        }
        run(board, 20);
    }

    private static List<String> faultLines(Reporter r) {
        return r.kept.stream().map(LoggedEvent::text).filter(t -> t.contains(" FAULT ")).toList();
    }

    @Test
    void aDevicesFailureIsShownInTheFaultsTheLightAndTheLinkAndItsEndClearsThem() throws Exception {
        Reporter[] made = new Reporter[1];
        try (AssembledBoard board = BoardAssembly.of(SETTINGS, hardware.board()).clock(clock)
                .part(PartFactory.of("site", port -> made[0] = new Reporter(port))).assemble()) {
            Reporter r = made[0];
            Hands.layOut(hardware, SensorKind.OCCUPANCY, Position.startpos());
            run(board, 600);
            PartHealth.Device site = new PartHealth.Device("lishogi", "lishogi.example");

            r.port.health(PartHealth.failing(site, "the site does not answer"));
            r.port.health(PartHealth.failing(site, "the site does not answer"));
            until(board, () -> !faultLines(r).isEmpty());
            assertThat(board.application().facts().faults()).containsExactly("lishogi at lishogi.example");
            assertThat(hardware.leds.current().status(StatusLed.FAULT)).isEqualTo(Colour.RED);
            assertThat(faultLines(r)).singleElement().asString()
                    .contains("FAULT failed lishogi.example lishogi: the site does not answer");

            r.port.health(PartHealth.ok(site, "answers again"));
            until(board, () -> faultLines(r).size() == 2);
            assertThat(board.application().facts().faults()).isEmpty();
            assertThat(hardware.leds.current().status(StatusLed.FAULT)).isNotEqualTo(Colour.RED);
            assertThat(faultLines(r).get(1)).contains("FAULT recovered lishogi.example lishogi");
        }
    }

    @Test
    void theUsbLinkSaysItsMissingDeviceThroughItsPort() throws Exception {
        List<PartHealth> told = new CopyOnWriteArrayList<>();
        SerialTransport missing = new SerialTransport() {
            @Override
            public String describe() {
                return "/dev/ttyGS9";
            }

            @Override
            public Connection open() throws IOException {
                throw new IOException("no such device");
            }
        };
        try (AssembledBoard board = BoardAssembly.of(SETTINGS, hardware.board()).clock(clock)
                .part(watched(SerialLinks.part(missing, LinkSettings.of("test", Optional.empty())), told))
                .assemble()) {
            until(board, () -> !board.application().facts().faults().isEmpty());
            assertThat(told).first().satisfies(h -> {
                assertThat(h.ok()).isFalse();
                assertThat(h.device()).isEqualTo(new PartHealth.Device("USB link", "/dev/ttyGS9"));
            });
            assertThat(board.application().facts().faults()).containsExactly("USB link at /dev/ttyGS9");
        }
    }

    @Test
    void theEngineSaysItsFailureThroughItsPort() throws Exception {
        List<PartHealth> told = new CopyOnWriteArrayList<>();
        try (AssembledBoard board = BoardAssembly.of(SETTINGS, hardware.board()).clock(clock)
                .part(watched(EnginePlayer.part(EngineSettings.of("/nonexistent/usi-engine", Map.of())), told))
                .assemble()) {
            board.application().submit(new SessionInput.NewGame(clock.millis(), GameRequest.BOARD_SETTINGS
                    .withRemote(Optional.of(RemotePlayer.engine(Side.SENTE, 1)))));
            run(board, 20);
            Hands.layOut(hardware, SensorKind.OCCUPANCY, Position.startpos());
            until(board, () -> !board.application().facts().faults().isEmpty());
            assertThat(told).first().satisfies(h -> {
                assertThat(h.ok()).isFalse();
                assertThat(h.device()).isEqualTo(new PartHealth.Device("USI engine", "engine:sente"));
            });
            assertThat(board.application().facts().faults()).contains("USI engine at engine:sente");
        }
    }
}
