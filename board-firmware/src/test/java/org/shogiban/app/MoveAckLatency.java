package org.shogiban.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;

/**
 * The whole path in real time, as on the board: the runtime's own scan thread at 100 Hz on the JVM's monotonic
 * clock, a memory board whose sensor the harness changes at a random instant (so the change waits for the next pass
 * as a real one does), the journal forced to the disk, and a listener (told after the journal) taking the time of the
 * acknowledgement. Prints, over the samples, the time from the completing change to the acknowledgement minus the
 * settle time: what the "settle time + at most 20 ms at p99" budget holds (sampling phase, scan period,
 * debounce beyond the settle time, the board's work, the fsync, the thread's wake-up).
 *
 * <p>A harness, not a test (it sleeps between moves, as players do). Run from board-firmware after
 * {@code test-compile}:
 * {@code java -cp target/test-classes:target/classes:../hal/target/classes:<test classpath>
 * org.shogiban.app.MoveAckLatency} with {@code -Dsamples=N} (default 400), {@code -Dsettle=MS} (default 400, the
 * board's own) and {@code -Dbench.state=DIR} (default target/). With {@code -Dengine=/usr/games/fairy-stockfish}
 * a USI engine (Threads 1, Hash 16) searches ({@code go infinite}) for the whole run, as an engine opponent does
 * while the player moves: the board's acknowledgement while the engine competes for the CPU. The board rehearses at
 * start as the Pi's service does ({@link Rehearsal}, {@code -Drehearse=1000}; 0 for none).
 */
public final class MoveAckLatency {
    private MoveAckLatency() {
    }

    public static void main(String[] args) throws Exception {
        int samples = Integer.getInteger("samples", 400);
        int warmup = Integer.getInteger("warmup", 30);
        long settle = Long.getLong("settle", 400);
        Path state = Files.createTempDirectory(Path.of(System.getProperty("bench.state", "target")), "ack-latency");
        InferenceConfig inference = InferenceConfig.defaults(SensorKind.OCCUPANCY);
        inference = inference.withTimes(settle, Math.max(settle, inference.discrepancyMillis()),
                inference.promotionWindowMillis());
        GameSettings settings = GameSettings.of(Position.startpos(), inference)
                .withTime(TimeControl.parse("main=3600,byoyomi=60"));
        long origin = System.nanoTime();
        MonotonicClock clock = () -> (System.nanoTime() - origin) / 1_000_000L;
        MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);
        layOut(hardware, Position.startpos());
        Clock wall = Clock.systemUTC();
        LinkedBlockingQueue<BoardEvent> acknowledged = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Long> ackNanos = new LinkedBlockingQueue<>();
        try (SessionJournal journal = SessionJournal.open(state, wall);
             BackgroundRecordSink records = new BackgroundRecordSink(new RecordDirectory(state.resolve("records")));
             BoardApplication app = new BoardApplication(hardware.board(), ScanSettings.defaults(), clock,
                     new GameSession(settings, wall), records)) {
            app.setJournal(journal);
            app.addListener(e -> {
                if (e instanceof BoardEvent.MovePlayed || e instanceof BoardEvent.MovesTakenBack) {
                    ackNanos.add(System.nanoTime());
                    acknowledged.add(e);
                }
            });
            app.start();
            // as the Pi's service does (systemd/shogiban.service: serve --rehearse 1000); -Drehearse=0: without it
            Rehearsal.inBackground(SensorKind.OCCUPANCY, ScanSettings.defaults(), Integer.getInteger("rehearse", 1000));
            org.shogiban.engine.UsiEngine engine = searching(System.getProperty("engine"));
            // the players start when the board shows the game has started (under a CPU quota that can take seconds:
            // the JVM compiles while it sets up); as they do, the harness looks at the state the board shows
            long startBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.getLong("startSeconds", 120));
            while (!app.facts().playing()) {
                if (System.nanoTime() > startBy) {
                    throw new IllegalStateException("the game did not start within " + Long.getLong("startSeconds",
                            120) + " s; phase " + app.facts().phase());
                }
                Thread.sleep(50);
            }
            double[] overMs = new double[samples];
            long[] countedMs = new long[samples];
            long[] uptimeMs = new long[samples];
            long startUptime = java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime()
                    - (System.nanoTime() - origin) / 1_000_000;
            int sq7g = Square.parse("7g").index();
            int sq7f = Square.parse("7f").index();
            for (int i = -warmup; i < samples; i++) {
                hardware.squares.set(sq7g, SquareReading.EMPTY);
                Thread.sleep(100 + ThreadLocalRandom.current().nextInt(10));
                long changed = System.nanoTime();
                hardware.squares.set(sq7f, SquareReading.OCCUPIED);
                BoardEvent e = acknowledged.poll(i < 0 ? 60 : 5, TimeUnit.SECONDS);
                Long at = ackNanos.poll();
                if (!(e instanceof BoardEvent.MovePlayed) || at == null) {
                    throw new IllegalStateException("move " + i + " not acknowledged: " + e + "; phase "
                            + app.session().phase());
                }
                if (i >= 0) {
                    overMs[i] = (at - changed) / 1e6 - settle;
                    // the JVM's uptime lines the slow moves up with -Xlog:gc's pauses ([...s] decorations); kept,
                    // not printed: the first printf loads the formatter, which under the stand-in's quota delayed
                    // the next move by 20-40 ms
                    countedMs[i] = e.timeMillis() - (changed - origin) / 1_000_000 - settle;
                    uptimeMs[i] = (System.nanoTime() - origin) / 1_000_000 + startUptime;
                }
                // 待った: the pawn goes back in one change; not measured
                hardware.squares.set(sq7f, SquareReading.EMPTY);
                hardware.squares.set(sq7g, SquareReading.OCCUPIED);
                if (!(acknowledged.poll(i < 0 ? 60 : 5, TimeUnit.SECONDS) instanceof BoardEvent.MovesTakenBack)) {
                    throw new IllegalStateException("takeback " + i + " not acknowledged");
                }
                ackNanos.poll();
            }
            if (Boolean.getBoolean("debug")) {
                for (int i = 0; i < samples; i++) {
                    System.out.printf(Locale.ROOT, "%.2f counted %d after change, at uptime %.3f s%n", overMs[i],
                            countedMs[i], uptimeMs[i] / 1000.0);
                }
            }
            report(overMs, settle, state);
            if (engine != null) {
                System.out.printf(Locale.ROOT, "while %s searched (go infinite, Threads 1), alive at the end: %s%n",
                        engine.name(), engine.alive());
                engine.close();
            }
        }
    }

    /** A USI engine searching without end (null when none is asked for). */
    private static org.shogiban.engine.UsiEngine searching(String command) throws Exception {
        if (command == null) {
            return null;
        }
        org.shogiban.engine.UsiEngine engine = org.shogiban.engine.UsiEngine.start(
                org.shogiban.engine.EngineSettings.of(command, java.util.Map.of()),
                java.util.Map.of("Threads", "1", "Hash", "16"));
        engine.startSearch("position startpos moves 7g7f", "go infinite");
        return engine;
    }

    private static void layOut(MemoryBoard hardware, Position position) {
        ExpectedFrame picture = ExpectedFrame.of(position);
        for (int i = 0; i < 81; i++) {
            hardware.squares.set(i, picture.reading(i, SensorKind.OCCUPANCY));
        }
        for (org.shogiban.hal.Player p : org.shogiban.hal.Player.values()) {
            for (org.shogiban.hal.KomadaiSlot s : org.shogiban.hal.KomadaiSlot.values()) {
                hardware.komadai.set(p, s, picture.komadai(p, s));
            }
        }
    }

    private static void report(double[] overMs, long settle, Path state) {
        double[] sorted = overMs.clone();
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "MoveAckLatency: %d moves, settle %d ms, state %s%n", sorted.length, settle,
                state);
        System.out.printf(Locale.ROOT, "change -> acknowledged, minus the settle time (ms): min %.1f  p50 %.1f  "
                        + "p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", sorted[0], at(sorted, 0.50),
                at(sorted, 0.90), at(sorted, 0.99), at(sorted, 0.999), sorted[sorted.length - 1]);
    }

    /** The nearest-rank percentile. */
    private static double at(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
