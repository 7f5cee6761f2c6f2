package org.shogiban.hal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.shogiban.hal.memory.MemoryKomadaiSensors;
import org.shogiban.hal.memory.MemorySquareSensors;

class ScanLoopTest {
    private final ManualClock clock = new ManualClock(1_000);
    private final MemorySquareSensors squares = new MemorySquareSensors(SensorKind.POLARITY);
    private final MemoryKomadaiSensors komadai = new MemoryKomadaiSensors();
    private final FaultReporter faults = new FaultReporter(clock);
    private final List<SensorFrame> frames = new ArrayList<>();
    private final List<FaultEvent> faultEvents = new ArrayList<>();
    private ScanLoop loop;

    @BeforeEach
    void setUp() {
        loop = new ScanLoop(squares, komadai, ScanSettings.defaults(), clock, faults);
        faults.addListener(faultEvents::add);
    }

    /** Runs passes every 10 ms (100 Hz) for {@code millis}. */
    private void run(long millis) {
        for (long t = 0; t < millis; t += 10) {
            loop.step().ifPresent(frames::add);
            clock.advance(10);
        }
    }

    private void settleInitialBoard() {
        run(50);
        assertThat(frames).hasSize(1);
        frames.clear();
    }

    @Test
    void firstFrameComesOnceEveryChannelHeldForTheStableTime() {
        loop.step().ifPresent(frames::add);
        clock.advance(30);
        loop.step().ifPresent(frames::add);
        assertThat(frames).isEmpty();
        clock.advance(10);
        loop.step().ifPresent(frames::add);
        assertThat(frames).hasSize(1);
        assertThat(frames.get(0).sameReadings(SensorFrame.empty(0))).isTrue();
        assertThat(frames.get(0).timeMillis()).isEqualTo(1_000);
        run(200);
        assertThat(frames).hasSize(1);
    }

    @Test
    void bounceShorterThanTheStableTimeNeverReachesTheFirmware() {
        settleInitialBoard();
        // a piece brushes 5e: 30 ms down, up, 20 ms down, up: never 40 ms in one state
        squares.set(5, 5, SquareReading.FACE_UP);
        run(30);
        squares.set(5, 5, SquareReading.EMPTY);
        run(10);
        squares.set(5, 5, SquareReading.FACE_DOWN);
        run(20);
        squares.set(5, 5, SquareReading.FACE_UP);
        run(30);
        squares.set(5, 5, SquareReading.EMPTY);
        run(500);
        assertThat(frames).isEmpty();
        assertThat(loop.lastFrame()).get().extracting(f -> f.square(5, 5)).isEqualTo(SquareReading.EMPTY);
    }

    @Test
    void stableChangeArrivesOnceWithTheTimeItWasFirstSeen() {
        settleInitialBoard();
        long placed = clock.millis();
        squares.set(7, 6, SquareReading.FACE_UP);
        run(40); // passes at +0, +10, +20, +30: held 30 ms, not yet 40
        assertThat(frames).isEmpty();
        run(10); // pass at +40
        assertThat(frames).hasSize(1);
        SensorFrame frame = frames.get(0);
        assertThat(frame.square(7, 6)).isEqualTo(SquareReading.FACE_UP);
        assertThat(frame.timeMillis()).isEqualTo(placed);
        run(1_000);
        assertThat(frames).hasSize(1);
    }

    @Test
    void timeOfAChangeAfterABounceIsTheStartOfTheFinalContact() {
        settleInitialBoard();
        squares.set(7, 6, SquareReading.FACE_UP);
        run(20);
        squares.set(7, 6, SquareReading.EMPTY);
        run(10);
        long lastContact = clock.millis();
        squares.set(7, 6, SquareReading.FACE_UP);
        run(100);
        assertThat(frames).singleElement().extracting(SensorFrame::timeMillis).isEqualTo(lastContact);
    }

    @Test
    void aMoveAcrossTwoSquaresGivesFramesInOrderWithNonDecreasingTimes() {
        settleInitialBoard();
        squares.set(7, 7, SquareReading.FACE_UP);
        run(100);
        squares.set(7, 7, SquareReading.EMPTY);
        run(20);
        squares.set(7, 6, SquareReading.FACE_UP);
        run(100);
        assertThat(frames).hasSize(3);
        assertThat(frames.get(1).square(7, 7)).isEqualTo(SquareReading.EMPTY);
        assertThat(frames.get(1).square(7, 6)).isEqualTo(SquareReading.EMPTY);
        assertThat(frames.get(2).square(7, 6)).isEqualTo(SquareReading.FACE_UP);
        assertThat(frames).extracting(SensorFrame::timeMillis).isSorted();
    }

    @Test
    void komadaiCountsAreDebouncedAndAFailedSlotBecomesUnknownOnlyWhenItStaysFailed() {
        settleInitialBoard();
        komadai.set(Player.SENTE, KomadaiSlot.PAWN, 1);
        run(100);
        assertThat(frames).singleElement().extracting(f -> f.komadai(Player.SENTE, KomadaiSlot.PAWN))
                .isEqualTo(1);
        komadai.set(Player.GOTE, KomadaiSlot.ROOK, SensorFrame.UNKNOWN);
        run(20);
        komadai.set(Player.GOTE, KomadaiSlot.ROOK, 0);
        run(100);
        assertThat(frames).hasSize(1);
        komadai.set(Player.GOTE, KomadaiSlot.ROOK, SensorFrame.UNKNOWN);
        run(100);
        assertThat(frames).hasSize(2);
        assertThat(frames.get(1).komadai(Player.GOTE, KomadaiSlot.ROOK)).isEqualTo(SensorFrame.UNKNOWN);
    }

    @Test
    void aPortThatThrowsIsReportedOnceAndTheLoopGoesOn() {
        settleInitialBoard();
        SquareSensorsThatThrow throwing = new SquareSensorsThatThrow(squares);
        ScanLoop fragile = new ScanLoop(throwing, komadai, ScanSettings.defaults(), clock, faults);
        List<SensorFrame> got = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            fragile.step().ifPresent(got::add);
            clock.advance(10);
        }
        assertThat(got).hasSize(1);
        throwing.throwing = true;
        for (int i = 0; i < 20; i++) {
            fragile.step().ifPresent(got::add);
            clock.advance(10);
        }
        assertThat(faultEvents).singleElement().satisfies(e -> {
            assertThat(e.type()).isEqualTo(FaultEvent.Type.FAILED);
            assertThat(e.chip()).isEqualTo("square sensors");
            assertThat(e.message()).contains("bus on fire");
        });
        throwing.throwing = false;
        squares.set(1, 1, SquareReading.FACE_DOWN);
        for (int i = 0; i < 10; i++) {
            fragile.step().ifPresent(got::add);
            clock.advance(10);
        }
        assertThat(got).hasSize(2);
        assertThat(got.get(1).square(1, 1)).isEqualTo(SquareReading.FACE_DOWN);
        assertThat(faultEvents).extracting(FaultEvent::type)
                .containsExactly(FaultEvent.Type.FAILED, FaultEvent.Type.RECOVERED);
    }

    @Test
    void aPassListenerThatThrowsIsNotReportedAsASensorFaultAndTheLoopGoesOn() {
        loop.addPassListener(now -> {
            throw new IllegalStateException("listener bug");
        });
        List<Long> second = new ArrayList<>();
        loop.addPassListener(second::add);
        run(50);
        squares.set(2, 2, SquareReading.FACE_UP);
        run(50);
        assertThat(second).hasSize(10);
        assertThat(frames).hasSize(2);
        assertThat(faultEvents).as("the sensors are fine").isEmpty();
    }

    @Test
    void aDeadSensorChipKeepsTheLastStableStateAndPublishesNothing() {
        squares.set(5, 9, SquareReading.FACE_UP);
        settleInitialBoard();
        squares.fail();
        squares.set(5, 9, SquareReading.EMPTY);
        run(200);
        assertThat(frames).isEmpty();
        squares.repair();
        run(50);
        assertThat(frames).singleElement().extracting(f -> f.square(5, 9)).isEqualTo(SquareReading.EMPTY);
    }

    @Test
    void zeroStableTimePublishesEveryChangeAtOnce() {
        ScanLoop eager = new ScanLoop(squares, komadai, new ScanSettings(100, 0), clock, faults);
        List<SensorFrame> got = new ArrayList<>();
        eager.step(0).ifPresent(got::add);
        squares.set(3, 3, SquareReading.FACE_UP);
        eager.step(10).ifPresent(got::add);
        assertThat(got).hasSize(2);
        assertThat(got.get(1).timeMillis()).isEqualTo(10);
    }

    /** Square sensors that throw on demand, delegating otherwise. */
    private static final class SquareSensorsThatThrow implements org.shogiban.hal.SquareSensors {
        private final MemorySquareSensors delegate;
        volatile boolean throwing;

        SquareSensorsThatThrow(MemorySquareSensors delegate) {
            this.delegate = delegate;
        }

        @Override
        public SensorKind kind() {
            return delegate.kind();
        }

        @Override
        public void sample(SquareReading[] into) {
            if (throwing) {
                throw new IllegalStateException("bus on fire");
            }
            delegate.sample(into);
        }
    }

    @Test
    void everyPassThatReadTheSquaresIsToldToThePassListenersAndAThrowingPortsPassIsNot() {
        List<Long> passes = new ArrayList<>();
        loop.addPassListener(passes::add);
        run(30);
        assertThat(passes).containsExactly(1_000L, 1_010L, 1_020L);

        boolean[] broken = {false};
        SquareSensors flaky = new SquareSensors() {
            @Override
            public SensorKind kind() {
                return SensorKind.POLARITY;
            }

            @Override
            public void sample(SquareReading[] into) {
                if (broken[0]) {
                    throw new IllegalStateException("bus error");
                }
                java.util.Arrays.fill(into, SquareReading.EMPTY);
            }
        };
        ScanLoop other = new ScanLoop(flaky, komadai, ScanSettings.defaults(), clock, faults);
        List<Long> otherPasses = new ArrayList<>();
        other.addPassListener(otherPasses::add);
        other.step(2_000);
        broken[0] = true;
        other.step(2_010);
        other.step(2_020);
        broken[0] = false;
        other.step(2_030);
        assertThat(otherPasses).containsExactly(2_000L, 2_030L);
    }
}
