package org.shogiban.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.link.PtyPair;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;

/**
 * The wooden board behind a socat cable with the USI bridge on the computer's end, as a shogi program runs it: the
 * board in memory (stepped scan clock, the test's hands make every move by handling the pieces), its USB link on
 * one end of the pseudo-terminal pair, {@link UsiBridge} on the other with its stdin and stdout piped to the test.
 */
final class BridgeRig implements AutoCloseable {
    /** Where the board's calendar starts; it moves with the stepped clock, so each game has an id of its own. */
    static final Instant WALL_START = Instant.parse("2025-03-01T05:05:09Z");
    static final SensorKind KIND = SensorKind.POLARITY;

    final PtyPair cable;
    final ManualClock clock = new ManualClock();
    final MemoryBoard hardware = new MemoryBoard(KIND, clock);
    final AssembledBoard board;
    final BoardApplication app;
    private final PrintStream toBridge;
    private final BlockingQueue<String> fromBridge = new LinkedBlockingQueue<>();
    /** Every line the bridge wrote, in order. */
    final List<String> written = new CopyOnWriteArrayList<>();
    private final Thread bridge;
    volatile int exitCode = -1;
    /** Where this rig's lines of the bridge's log begin (they end a failure's message). */
    private final long logMark = BridgeLog.mark();

    BridgeRig(Path dir) throws IOException {
        this(dir, PlayerNames.NONE);
    }

    BridgeRig(Path dir, PlayerNames names) throws IOException {
        cable = new PtyPair(dir).start();
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(KIND)
                .withCommitPolicy(CommitPolicy.STABLE));
        board = BoardAssembly.of(settings, hardware.board()).clock(clock)
                .wallClock(org.shogiban.testdata.MovingWall.stepped(WALL_START, clock))
                .records(dir.resolve("records")).arbiterPin(Optional.empty())
                .link(new JSerialCommTransport(cable.boardEnd(), 115_200), "board-1").assemble();
        app = board.application();
        PipedOutputStream in = new PipedOutputStream();
        PipedInputStream bridgeIn = new PipedInputStream(in, 1 << 16);
        toBridge = new PrintStream(in, true, StandardCharsets.UTF_8);
        PipedInputStream out = new PipedInputStream(1 << 16);
        PrintStream bridgeOut = new PrintStream(new PipedOutputStream(out), true, StandardCharsets.UTF_8);
        UsiBridge usi = new UsiBridge(new JSerialCommTransport(cable.hostEnd(), 115_200), bridgeOut, "board", names,
                BoardLinkClient.REPLY_MILLIS);
        bridge = new Thread(() -> {
            try {
                exitCode = usi.run(bridgeIn);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            bridgeOut.close();
        }, "usi-bridge");
        bridge.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    fromBridge.add(line);
                    written.add(line);
                }
            } catch (IOException e) {
                // the bridge closed its end
            }
        }, "usi-out");
        reader.setDaemon(true);
        reader.start();
    }

    /** A line to the bridge, as the program writes it. */
    void send(String line) {
        toBridge.println(line);
    }

    /**
     * Steps the board (setting the pieces up whenever it asks for a setup) until the bridge prints a line that
     * {@code wanted} accepts, within {@code realMillis}; lines before it are skipped (info strings).
     */
    String await(Predicate<String> wanted, long realMillis) {
        long end = System.nanoTime() + realMillis * 1_000_000L;
        while (System.nanoTime() < end) {
            for (String line; (line = fromBridge.poll()) != null; ) {
                if (!line.startsWith("info") && !line.startsWith("id ") && !line.startsWith("option ")
                        && !line.equals("usiok")
                        && !line.equals("readyok") && !wanted.test(line)) {
                    throw new AssertionError("the bridge wrote '" + line + "' where nothing of the kind was due");
                }
                if (wanted.test(line)) {
                    return line;
                }
            }
            step();
        }
        throw new AssertionError("no such line from the bridge in " + realMillis + " ms; board: "
                + app.snapshot().toJson() + "; the bridge wrote: " + written + bridgeLog());
    }

    /** The bridge's own log since the rig started: what it asked the board and when. */
    String bridgeLog() {
        return "\nthe bridge's log:\n" + BridgeLog.since(logMark);
    }

    /** Steps the board until its snapshot satisfies {@code done} (within {@code realMillis}). */
    BoardSnapshot until(Predicate<BoardSnapshot> done, long realMillis) {
        long end = System.nanoTime() + realMillis * 1_000_000L;
        while (System.nanoTime() < end) {
            BoardSnapshot s = app.snapshot();
            if (done.test(s)) {
                return s;
            }
            step();
        }
        throw new AssertionError("the board did not get there in " + realMillis + " ms: " + app.snapshot().toJson()
                + "; the bridge wrote: " + written + bridgeLog());
    }

    /** One 10 ms pass; the pieces laid out when the board waits for a setup; a moment of real time for the link. */
    void step() {
        BoardSnapshot s = app.snapshot();
        if ("SETUP".equals(s.phase())) {
            layOut(Position.fromSfen(s.sfen()));
        }
        app.step(clock.advance(10));
        LockSupport.parkNanos(200_000L);
    }

    void run(long millis) {
        for (long t = 0; t < millis; t += 10) {
            app.step(clock.advance(10));
        }
    }

    void layOut(Position position) {
        Hands.layOut(hardware, KIND, position);
    }

    /** Makes a move by hand as a player does: a captured piece lifted to the mover's komadai first. */
    void hands(Move move) {
        Hands.move(hardware, KIND, app.session().position(), move, 600, this::run);
    }

    /** A player presses a button on the board. */
    void press(Button button) {
        hardware.buttons.click(button);
        run(50);
    }

    /** Waits for the bridge to end (after {@code quit}); its exit code. */
    int awaitExit() throws InterruptedException {
        bridge.join(10_000);
        return exitCode;
    }

    @Override
    public void close() {
        toBridge.close();
        board.close();
        cable.close();
    }
}
