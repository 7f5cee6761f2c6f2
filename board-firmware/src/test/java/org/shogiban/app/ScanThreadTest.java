package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Board;
import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;

/**
 * The scan thread's loop on injected time: a still board whose sensors signal waits instead of running passes, a
 * change during the wait is read within one period, the settle time is the same as when every pass runs, a source
 * that cannot signal is read every pass, and a lost signal is caught by the backstop. The loop runs on the test's
 * thread; its waits move a {@link ManualClock} to the pass due, or to the next scripted hand, which acts then.
 */
@org.junit.jupiter.api.Timeout(60)
class ScanThreadTest {
    private static final long PERIOD = 10;

    /** How the square sensors signal in a run. */
    private enum Signal { MEMORY, NONE, LOST_EDGES }

    /** One board run on injected time: the passes' times, when the watched square was first read, the moves. */
    private static final class Run implements ScanThread.PassTime {
        final ManualClock clock = new ManualClock();
        final MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);
        final TreeMap<Long, Runnable> hands = new TreeMap<>();
        final List<Long> passes = new ArrayList<>();
        final List<Long> moveAcks = new ArrayList<>();
        final Probe probe;
        final KomadaiProbe komadai;
        final BoardApplication app;
        ScanThread thread;
        long endMillis;

        Run(Signal signal, boolean playing) {
            this(signal, Signal.MEMORY, playing);
        }

        /** A run whose square sensors signal as {@code squares} says and whose komadai sensors as {@code stands}. */
        Run(Signal squares, Signal stands, boolean playing) {
            probe = new Probe(hardware.squares, clock, squares);
            komadai = new KomadaiProbe(hardware.komadai, clock, stands);
            Board ports = hardware.board();
            Board board = new Board(probe, komadai, ports.leds(), ports.clock(), ports.buzzer(),
                    ports.buttons(), ports.faults(), ports.closer());
            GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY));
            if (playing) {
                Hands.layOut(hardware, SensorKind.OCCUPANCY, Position.startpos());
            }
            GameSession session = playing ? GameSession.playing(settings, Rig.WALL_CLOCK, 0)
                    : new GameSession(settings, Rig.WALL_CLOCK);
            app = new BoardApplication(board, ScanSettings.defaults(), clock, session, RecordSink.NONE);
            app.addPassListener(passes::add);
            app.addListener(e -> {
                if (e instanceof BoardEvent.MovePlayed) {
                    moveAcks.add(clock.millis());
                }
            });
        }

        Run hand(long atMillis, Runnable action) {
            hands.put(atMillis, action);
            return this;
        }

        /** Runs the real loop until {@code millis} of injected time. */
        Run runUntil(long millis) {
            endMillis = millis;
            thread = app.passes();
            thread.run(this);
            return this;
        }

        long passesBetween(long from, long to) {
            return passes.stream().filter(t -> t >= from && t < to).count();
        }

        long firstPassFrom(long from) {
            return passes.stream().filter(t -> t >= from).findFirst().orElseThrow();
        }

        @Override
        public long nanos() {
            return clock.millis() * 1_000_000;
        }

        @Override
        public void waitUntil(long nanos) {
            long target = nanos / 1_000_000;
            Map.Entry<Long, Runnable> hand = hands.firstEntry();
            if (hand != null && hand.getKey() < target) {
                hands.pollFirstEntry();
                clock.set(hand.getKey());
                hand.getValue().run();
                return;
            }
            if (target > endMillis) {
                thread.stop();
                return;
            }
            clock.set(target);
        }

        @Override
        public void wake() {
            // one thread: the loop sees the flag when the hand's wait returns
        }
    }

    /** What both probes share: the signal they give, and when they first read what they watch. */
    private abstract static class Watching {
        private final ManualClock clock;
        private final ChangeSignal signal;
        long firstRead = -1;

        Watching(ChangeSignal memory, ManualClock clock, Signal kind) {
            this.clock = clock;
            this.signal = signal(memory, kind);
        }

        void read(boolean watched) {
            if (firstRead < 0 && watched) {
                firstRead = clock.millis();
            }
        }

        public ChangeSignal changeSignal() {
            return signal;
        }
    }

    /**
     * Square sensors over the memory board's that note when square 5e was first read occupied, and signal as asked:
     * as the memory board does, not at all, or with every edge lost (a backstop of 10 passes, the skipped passes
     * counted).
     */
    private static final class Probe extends Watching implements SquareSensors {
        static final int WATCHED = Square.parse("5e").index();
        private final SquareSensors memory;

        Probe(SquareSensors memory, ManualClock clock, Signal kind) {
            super(memory.changeSignal(), clock, kind);
            this.memory = memory;
        }

        @Override
        public SensorKind kind() {
            return memory.kind();
        }

        @Override
        public void sample(SquareReading[] into) {
            memory.sample(into);
            read(into[WATCHED] == SquareReading.OCCUPIED);
        }
    }

    /** The signal of a source in a run: the memory port's own, none, or every edge lost. */
    private static ChangeSignal signal(ChangeSignal memory, Signal kind) {
        return switch (kind) {
            case MEMORY -> memory;
            case NONE -> ChangeSignal.NONE;
            case LOST_EDGES -> new LostEdges();
        };
    }

    /** A source whose every edge is lost (an interrupt line missed): a backstop of 10 passes, skipped ones counted. */
    private static final class LostEdges implements ChangeSignal {
        long skipped;

        @Override
        public boolean signals() {
            return true;
        }

        @Override
        public void listen(Runnable wake) {
            // every edge is lost
        }

        @Override
        public int backstopPasses() {
            return 10;
        }

        @Override
        public void passesSkipped(long passes) {
            skipped += passes;
        }
    }

    /**
     * Komadai sensors over the memory board's that note when the sente komadai first read a pawn, and signal as
     * asked (the reference board's komadai chips on an interrupt line signal; without one they cannot).
     */
    private static final class KomadaiProbe extends Watching implements KomadaiSensors {
        static final int PAWNS = KomadaiSensors.index(Player.SENTE, KomadaiSlot.PAWN);
        private final KomadaiSensors memory;

        KomadaiProbe(KomadaiSensors memory, ManualClock clock, Signal kind) {
            super(memory.changeSignal(), clock, kind);
            this.memory = memory;
        }

        @Override
        public void sample(int[] into) {
            memory.sample(into);
            read(into[PAWNS] == 1);
        }
    }

    private static Runnable put(Run run, String square) {
        return () -> run.hardware.squares.set(Square.parse(square).index(), SquareReading.OCCUPIED);
    }

    @Test
    void aStillBoardWaitsAndAChangeDuringTheWaitIsReadWithinOnePeriod() {
        Run run = new Run(Signal.MEMORY, false);
        run.hand(6_003, put(run, "5e")).runUntil(10_000);

        // setting up on an empty board: every pass until the quiet time after the first frame (40 ms) is over (the
        // discrepancy time, 2 s, and the debounce), then one pass per snapshot age (1 s): 3,040, 4,040, 5,040
        assertThat(run.passesBetween(0, 2_090)).isEqualTo(209);
        assertThat(run.passes.stream().filter(t -> t >= 2_090 && t < 6_000).toList())
                .containsExactly(3_040L, 4_040L, 5_040L);
        assertThat(run.thread.passesSkipped()).isGreaterThan(500);
        long read = run.probe.firstRead;
        assertThat(read).isBetween(6_003L, 6_003 + PERIOD);
        // back at the configured rate from the change on: every pass on the grid of the first
        assertThat(run.firstPassFrom(6_003)).isEqualTo(6_010);
        assertThat(run.passesBetween(6_010, 6_510)).isEqualTo(50);
        assertThat(run.passes).allMatch(t -> t % PERIOD == 0);
    }

    @Test
    void anInputEndsTheWaitAndIsTakenWithinOnePeriod() {
        Run run = new Run(Signal.MEMORY, false);
        List<Long> setups = new ArrayList<>();
        run.app.addChangeListener(c -> {
            if (c.events().stream().anyMatch(e -> e instanceof BoardEvent.SetupStarted)) {
                setups.add(run.clock.millis());
            }
        });
        run.hand(6_003, () -> run.app.submit(new org.shogiban.session.SessionInput.NewGame(run.app.now(),
                org.shogiban.session.GameRequest.BOARD_SETTINGS))).runUntil(7_000);

        assertThat(run.passesBetween(3_000, 6_000)).isEqualTo(3);
        assertThat(run.firstPassFrom(6_003)).isEqualTo(6_010);
        // the board's first setup at its first pass, the new game's at the first pass after it was asked for
        assertThat(setups).containsExactly(0L, 6_010L);
    }

    @Test
    void aSourceThatCannotSignalIsReadEveryPass() {
        Run run = new Run(Signal.NONE, false);
        run.hand(6_003, put(run, "5e")).runUntil(10_000);

        assertThat(run.passesBetween(0, 10_000)).isEqualTo(1_000);
        assertThat(run.thread.passesSkipped()).isZero();
        assertThat(run.probe.firstRead).isEqualTo(6_010);
    }

    @Test
    void aLostSignalIsCaughtByTheBackstop() {
        Run run = new Run(Signal.LOST_EDGES, false);
        run.hand(6_003, put(run, "5e")).runUntil(10_000);

        // waiting, but never longer than 10 passes: a pass every 100 ms, the 9 skipped ones told to the source
        assertThat(run.passesBetween(3_000, 6_000)).isEqualTo(30);
        assertThat(((LostEdges) run.probe.changeSignal()).skipped).isGreaterThanOrEqualTo(9 * 30);
        assertThat(run.probe.firstRead).isBetween(6_003L, 6_003 + 10 * PERIOD);
    }

    @Test
    void theSettleTimeOfAMoveIsTheSameAsWhenEveryPassRuns() {
        List<Long> acks = new ArrayList<>();
        for (Signal signal : List.of(Signal.MEMORY, Signal.NONE)) {
            Run run = new Run(signal, true);
            run.hand(8_004, () -> run.hardware.squares.set(Square.parse("7g").index(), SquareReading.EMPTY))
                    .hand(8_257, put(run, "7f")).runUntil(12_000);
            assertThat(run.moveAcks).as("%s", signal).hasSize(1);
            acks.add(run.moveAcks.get(0));
            if (signal == Signal.MEMORY) {
                assertThat(run.thread.passesSkipped()).as("waited before the move").isGreaterThan(300);
            }
        }
        // put down at 8,257, first read at 8,260, settled 400 ms after that
        assertThat(acks.get(0)).isEqualTo(acks.get(1)).isEqualTo(8_660);
    }

    private static Runnable pawnOnTheSenteKomadai(Run run) {
        return () -> run.hardware.komadai.set(Player.SENTE, KomadaiSlot.PAWN, 1);
    }

    @Test
    void aBoardWhoseSquaresAndKomadaiSignalWaitsAndAKomadaiChangeIsReadWithinOnePeriod() {
        Run run = new Run(Signal.MEMORY, Signal.MEMORY, false);
        run.hand(6_003, pawnOnTheSenteKomadai(run)).runUntil(10_000);

        assertThat(run.passes.stream().filter(t -> t >= 2_090 && t < 6_000).toList())
                .containsExactly(3_040L, 4_040L, 5_040L);
        assertThat(run.komadai.firstRead).isBetween(6_003L, 6_003 + PERIOD);
        assertThat(run.firstPassFrom(6_003)).isEqualTo(6_010);
    }

    @Test
    void aKomadaiThatCannotSignalIsReadEveryPassEvenWhenTheSquaresSignal() {
        // the reference board before its komadai chips had an interrupt line
        Run run = new Run(Signal.MEMORY, Signal.NONE, false);
        run.hand(6_003, pawnOnTheSenteKomadai(run)).runUntil(10_000);

        assertThat(run.passesBetween(0, 10_000)).isEqualTo(1_000);
        assertThat(run.thread.passesSkipped()).isZero();
        assertThat(run.komadai.firstRead).isEqualTo(6_010);
    }

    @Test
    void aLostKomadaiSignalIsCaughtByTheBackstop() {
        Run run = new Run(Signal.MEMORY, Signal.LOST_EDGES, false);
        run.hand(6_003, pawnOnTheSenteKomadai(run)).runUntil(10_000);

        assertThat(run.passesBetween(3_000, 6_000)).isEqualTo(30);
        assertThat(((LostEdges) run.komadai.changeSignal()).skipped).isGreaterThanOrEqualTo(9 * 30);
        assertThat(run.komadai.firstRead).isBetween(6_003L, 6_003 + 10 * PERIOD);
    }

    @Test
    void aPassListenerThatNeedsPassesGetsThemAsOftenAsItAsksWhileTheBoardIsStill() {
        Run run = new Run(Signal.MEMORY, false);
        List<Long> watched = new ArrayList<>();
        run.app.addPassListener(new org.shogiban.hal.scan.PassListener() {
            @Override
            public void onPassCompleted(long nowMillis) {
                watched.add(nowMillis);
            }

            @Override
            public long longestGapMillis() {
                return 250;          // systemd's watchdog at 1 s: a pass within every half window
            }
        });
        run.runUntil(10_000);

        assertThat(run.thread.passesSkipped()).as("still waits between").isGreaterThan(500);
        for (int i = 1; i < watched.size(); i++) {
            assertThat(watched.get(i) - watched.get(i - 1)).as("gap after %d ms", watched.get(i - 1))
                    .isLessThanOrEqualTo(250 + PERIOD);
        }
    }
}
