package org.shogiban.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.port.ForwardingPort;
import org.shogiban.port.PartFactory;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.testdata.Hands;

/**
 * The engine player's thread: it sleeps while nothing changes (it used to look at the board every 10 ms), and
 * {@link EnginePlayer#close()} ends it without a race: nothing is reported after it, no engine process is left.
 */
@Timeout(60)
class EnginePlayerThreadTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);

    private final ManualClock clock = new ManualClock();
    private final MemoryBoard hardware = new MemoryBoard(SensorKind.POLARITY, clock);
    private final AtomicInteger looks = new AtomicInteger();
    private final List<SessionInput.Command> submitted = new CopyOnWriteArrayList<>();
    private volatile boolean closing;
    private final List<SessionInput.Command> afterClose = new CopyOnWriteArrayList<>();

    private static EngineSettings bad(String mode, long handshakeMillis) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new EngineSettings(List.of(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), BadEngine.class.getName(), mode), Map.of(), handshakeMillis,
                300, 1_000);
    }

    /** A stepped board with the engine part on a port that counts the player's looks and what it hands in. */
    private AssembledBoard board(EngineSettings engine) {
        PartFactory watched = PartFactory.of(EnginePlayer.NAME, port -> EnginePlayer.part(engine).create(
                new ForwardingPort(port) {
                    @Override
                    public BoardFacts facts() {
                        looks.incrementAndGet();
                        return super.facts();
                    }

                    @Override
                    public void submit(SessionInput.Command command) {
                        (closing ? afterClose : submitted).add(command);
                        super.submit(command);
                    }
                }));
        return BoardAssembly.of(GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.POLARITY)),
                hardware.board()).clock(clock).wallClock(WALL).part(watched).assemble();
    }

    private static void run(AssembledBoard board, ManualClock clock, long millis) {
        for (long t = 0; t < millis; t += 10) {
            board.application().step(clock.advance(10));
        }
    }

    @Test
    void anIdleBoardLeavesTheEnginePlayerAsleep() throws Exception {
        try (AssembledBoard board = board(bad("default", 4_000))) {
            Hands.layOut(hardware, SensorKind.POLARITY, Position.startpos());
            run(board, clock, 600);
            int before = looks.get();
            // a person waits a second at an idle board: nothing changes, so the player does nothing
            Thread.sleep(1_000);
            assertThat(looks.get() - before).as("looks at the board while nothing changed").isZero();
        }
    }

    @Test
    void closingWhileTheEngineStartsReportsNothingAfterwardsAndLeavesNoEngineRunning() throws Exception {
        AssembledBoard board = board(bad("never-usi", 20_000));
        board.application().submit(new SessionInput.NewGame(board.application().now(),
                GameRequest.BOARD_SETTINGS.withRemote(Optional.of(RemotePlayer.engine(Side.SENTE, 1)))));
        run(board, clock, 20);
        Hands.layOut(hardware, SensorKind.POLARITY, Position.startpos());
        run(board, clock, 600);
        assertThat(board.application().facts().playing()).isTrue();
        // the player's thread now waits for the engine's usiok, which never comes
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (engines().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(engines()).as("the engine process started").isNotEmpty();
        closing = true;
        long begin = System.nanoTime();
        board.close();
        long tookMillis = (System.nanoTime() - begin) / 1_000_000;
        assertThat(afterClose).as("inputs handed in after close() began").isEmpty();
        assertThat(engines()).as("engine processes left after close()").isEmpty();
        assertThat(tookMillis).as("close() did not wait out the engine's 20 s handshake").isLessThan(10_000);
    }

    private static List<ProcessHandle> engines() {
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().orElse("").contains(BadEngine.class.getName())).toList();
    }
}
