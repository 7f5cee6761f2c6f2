package org.shogiban.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.GameSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The board's rehearsal: at start, on a thread of its own, the board plays a few games against itself on a board in
 * memory (the real runtime, inference, rules, clock, journal and record writers, in a scratch directory, on stepped
 * time), so that the JVM has compiled the path of a move before the first player's move. On the Pi's service (the C1
 * compiler only, slow cores) the moves of the first game were otherwise slowed by compilations as their methods grew
 * warm: under the Pi Zero 2 W stand-in each run's slowest acknowledgement fell on such a burst (docs/benchmarks.md).
 *
 * <p>Nothing of it reaches the real board: it has its own ports, clock, journal and records, deleted afterwards; its
 * log lines are not written (the {@value #MDC_KEY} key of the logging context, filtered in logback.xml) but the one
 * that says what it played. Its games are random legal games of a fixed seed: captures, drops, checks and a
 * takeback (待った) now and then; no promotion (an occupancy board would ask the player, and the game would leave the
 * script), so the promotion's own path stays cold.
 */
public final class Rehearsal {
    /** The logging context's key set on the rehearsal's thread (its lines are filtered out). */
    public static final String MDC_KEY = "shogiban.rehearsal";
    private static final Logger log = LoggerFactory.getLogger(Rehearsal.class);
    /** Plies before a rehearsal game is given up for a new one (a random game rarely ends by itself). */
    private static final int PLIES_PER_GAME = 80;
    /** One move in this many is taken back again (the player's 待った). */
    private static final int TAKEBACK_EVERY = 9;
    /** The inference's times in the rehearsal: short, so a move takes few passes (the code path is the same). */
    private static final long SETTLE_MILLIS = 60;

    private final SensorKind kind;
    private final ScanSettings scan;
    private final SplittableRandom random = new SplittableRandom(20261127);
    private int played;
    private int takenBack;
    private int games;

    private Rehearsal(SensorKind kind, ScanSettings scan) {
        this.kind = kind;
        this.scan = scan;
    }

    /** What a rehearsal did: the moves and takebacks the rehearsal board acknowledged, the games, the time. */
    public record Result(int moves, int takebacks, int games, long millis) {
    }

    /**
     * Starts a rehearsal of {@code moves} moves on a daemon thread ({@code shogiban-rehearsal}) and returns it; none
     * (null) for 0 moves. A failure of the rehearsal is logged in one sentence and ends it; the board is not touched.
     */
    public static Thread inBackground(SensorKind kind, ScanSettings scan, int moves) {
        if (moves <= 0) {
            return null;
        }
        Thread t = new Thread(() -> {
            try {
                Result r = play(kind, scan, moves);
                log.info("rehearsal: {} moves and {} takebacks in {} games on a board in memory, {} ms (the path of "
                        + "a move is compiled before the first player's move)", r.moves(), r.takebacks(), r.games(),
                        r.millis());
            } catch (IOException | RuntimeException e) {
                log.warn("rehearsal stopped: {} (the board plays on; its first moves may be slower)", e.toString());
            }
        }, "shogiban-rehearsal");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
        return t;
    }

    /** Plays the rehearsal on the calling thread until the board in memory acknowledged {@code moves} moves. */
    public static Result play(SensorKind kind, ScanSettings scan, int moves) throws IOException {
        long begin = System.nanoTime();
        Rehearsal r = new Rehearsal(kind, scan);
        Path scratch = scratchDirectory();
        MDC.put(MDC_KEY, "true");
        try {
            while (r.played < moves) {
                r.game(scratch.resolve("game-" + r.games), moves);
                r.games++;
            }
        } finally {
            MDC.remove(MDC_KEY);
            deleteTree(scratch);
        }
        return new Result(r.played, r.takenBack, r.games, (System.nanoTime() - begin) / 1_000_000);
    }

    /** One game on a fresh board in memory, until it ends, leaves the script or has its plies. */
    private void game(Path dir, int moves) {
        ManualClock clock = new ManualClock(0);
        MemoryBoard hardware = new MemoryBoard(kind, clock);
        InferenceConfig inference = InferenceConfig.defaults(kind).withTimes(SETTLE_MILLIS, SETTLE_MILLIS,
                SETTLE_MILLIS);
        GameSettings settings = GameSettings.of(Position.startpos(), inference)
                .withTime(TimeControl.parse("main=600,byoyomi=30"));
        Position position = Position.startpos();
        PlayerHands.layOut(hardware, kind, position);
        try (AssembledBoard board = BoardAssembly.of(settings, hardware.board()).clock(clock).scan(scan)
                .wallClock(Clock.systemUTC()).state(dir).records(dir.resolve("records")).assemble()) {
            BoardApplication app = board.application();
            Stepper step = new Stepper(app, clock, scan);
            step.run(SETTLE_MILLIS * 4);
            for (int ply = 0; ply < PLIES_PER_GAME && played < moves && app.facts().playing(); ply++) {
                Move move = pick(position);
                if (move == null) {
                    return;
                }
                Position after = position.play(move);
                play(hardware, position, move, step);
                if (app.facts().plies() != ply + 1) {
                    return; // the board saw something else than the script: a new game
                }
                played++;
                if (played % TAKEBACK_EVERY == 0) {
                    PlayerHands.layOut(hardware, kind, position); // 待った: the position before, in one change
                    step.run(SETTLE_MILLIS * 3);
                    if (app.facts().plies() != ply) {
                        return;
                    }
                    takenBack++;
                    play(hardware, position, move, step);
                    if (app.facts().plies() != ply + 1) {
                        return;
                    }
                }
                position = after;
            }
        }
    }

    /** A random legal move, a capture half the time when there is one; none that may promote. */
    private Move pick(Position position) {
        List<Move> legal = position.legalMoves();
        List<Move> quiet = new ArrayList<>();
        List<Move> captures = new ArrayList<>();
        for (Move m : legal) {
            if (m.promote() || (!m.isDrop() && legal.contains(Move.of(m.from(), m.to(), true)))) {
                continue;
            }
            (m.isDrop() || position.pieceAt(m.to()) == null ? quiet : captures).add(m);
        }
        List<Move> from = !captures.isEmpty() && (quiet.isEmpty() || random.nextBoolean()) ? captures : quiet;
        return from.isEmpty() ? null : from.get(random.nextInt(from.size()));
    }

    /** The move as a player makes it, each step held long enough for the scan loop to read it. */
    private void play(MemoryBoard hardware, Position before, Move move, Stepper step) {
        long lift = 3 * (1_000L / scan.rateHz()) + scan.stableMillis();
        PlayerHands.move(hardware, kind, before, move, lift, SETTLE_MILLIS * 3 + scan.stableMillis(), step::run);
    }

    /** Passes of the rehearsal's runtime at its scan period, on stepped time. */
    private record Stepper(BoardApplication app, ManualClock clock, ScanSettings scan) {
        void run(long millis) {
            long period = Math.max(1, 1_000L / scan.rateHz());
            for (long t = 0; t < millis; t += period) {
                app.step(clock.advance(period));
            }
        }
    }

    /** Shared memory when the machine has it (the Pi's SD card is spared the journal's writes), else temp. */
    private static Path scratchDirectory() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm)) {
            try {
                return Files.createTempDirectory(shm, "shogiban-rehearsal");
            } catch (IOException e) {
                log.debug("rehearsal: {} not used: {}", shm, e.toString());
            }
        }
        return Files.createTempDirectory("shogiban-rehearsal");
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.debug("rehearsal: {} not deleted: {}", dir, e.toString());
        }
    }
}
