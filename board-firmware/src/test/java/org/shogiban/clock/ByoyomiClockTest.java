package org.shogiban.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.shogiban.rules.Side.GOTE;
import static org.shogiban.rules.Side.SENTE;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.ClockSignal.Beep;
import org.shogiban.clock.ClockSignal.TimeUp;
import org.shogiban.clock.ClockSignal.Tone;

/** The clock's rules, on an injected time in milliseconds (nothing sleeps). */
class ByoyomiClockTest {
    private static final long S = 1000;

    private static ByoyomiClock clock(String spec) {
        return new ByoyomiClock(TimeControl.parse(spec), BeepSchedule.SILENT);
    }

    private static List<TimeUp> timeUps(List<ClockSignal> signals) {
        return signals.stream().filter(TimeUp.class::isInstance).map(TimeUp.class::cast).toList();
    }

    @Nested
    class SuddenDeath {
        @Test
        void mainTimeRunsDownOnlyForThePlayerToMove() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            ClockSwitch sw = c.endTurn(SENTE, 12_345, 12_345);
            assertThat(sw.elapsedMs()).isEqualTo(12_345);
            assertThat(sw.elapsedSeconds()).isEqualTo(12);
            assertThat(sw.timeUp()).isFalse();
            assertThat(sw.after().running()).isEqualTo(GOTE);
            assertThat(sw.after().sente()).isEqualTo(new SideClock(47_655, 0, 0, 0, false));
            assertThat(c.state(20_345).gote()).isEqualTo(new SideClock(52_000, 0, 0, 0, false));
            assertThat(c.state(20_345).sente().mainMs()).isEqualTo(47_655);
        }

        @Test
        void timeUpIsReportedAtTheExactInstantEvenByALateTick() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 1_000);
            assertThat(c.tick(60_999)).isEmpty();
            List<ClockSignal> signals = c.tick(61_700);
            assertThat(signals).containsExactly(new TimeUp(SENTE, 61_000));
            ClockState after = c.state(62_000);
            assertThat(after.running()).isNull();
            assertThat(after.runningLabel()).isEqualTo("none");
            assertThat(after.sente()).isEqualTo(SideClock.expired());
            assertThat(c.tick(70_000)).isEmpty();
        }

        @Test
        void aMoveCompletedAtTheInstantTimeRunsOutIsTooLate() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            ClockSwitch late = c.endTurn(SENTE, 60_000, 60_100);
            assertThat(late.timeUp()).isTrue();
            assertThat(late.after().running()).isNull();
            assertThat(late.after().sente().timeUp()).isTrue();

            ByoyomiClock d = clock("main=60");
            d.start(SENTE, 0);
            assertThat(d.endTurn(SENTE, 59_999, 60_100).timeUp()).isFalse();
        }

        @Test
        void stateBeforeATickAlreadyShowsTheTimeUp() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            assertThat(c.state(59_000).sente().mainMs()).isEqualTo(1_000);
            assertThat(c.state(60_000).sente().timeUp()).isTrue();
            assertThat(c.state(60_000).running()).isNull();
        }
    }

    @Nested
    class OnePeriodByoyomi {
        @Test
        void afterMainTimeEachMoveMustBeMadeWithinTheByoyomiWhichStartsFullEveryTurn() {
            ByoyomiClock c = clock("main=10,byoyomi=30");
            c.start(SENTE, 0);
            assertThat(c.state(35_000).sente()).isEqualTo(new SideClock(0, 5_000, 1, 0, false));
            ClockSwitch sw = c.endTurn(SENTE, 35_000, 35_000);
            assertThat(sw.after().sente()).isEqualTo(new SideClock(0, 30_000, 1, 0, false));
            c.endTurn(GOTE, 36_000, 36_000);
            // 29.999 s is in time
            ClockSwitch inTime = c.endTurn(SENTE, 65_999, 65_999);
            assertThat(inTime.timeUp()).isFalse();
            assertThat(inTime.elapsedSeconds()).isEqualTo(29);
            c.endTurn(GOTE, 66_000, 66_000);
            assertThat(c.tick(95_999)).isEmpty();
            assertThat(c.tick(96_000)).containsExactly(new TimeUp(SENTE, 96_000));
        }

        @Test
        void theByoyomiIsRestoredOnlyAfterAMoveNotByAStateQuery() {
            ByoyomiClock c = clock("main=0,byoyomi=30");
            c.start(GOTE, 0);
            assertThat(c.state(20_000).gote().byoyomiMs()).isEqualTo(10_000);
            assertThat(c.state(25_000).gote().byoyomiMs()).isEqualTo(5_000);
        }
    }

    @Nested
    class SeveralPeriods {
        @Test
        void aPeriodThatRunsOutIsLostAndTheNextBeginsFull() {
            ByoyomiClock c = clock("byoyomi=10,periods=3");
            c.start(SENTE, 0);
            assertThat(c.state(9_999).sente()).isEqualTo(new SideClock(0, 1, 3, 0, false));
            assertThat(c.state(10_000).sente()).isEqualTo(new SideClock(0, 10_000, 2, 0, false));
            assertThat(c.state(25_000).sente()).isEqualTo(new SideClock(0, 5_000, 1, 0, false));
            ClockSwitch sw = c.endTurn(SENTE, 25_000, 25_000);
            assertThat(sw.after().sente()).isEqualTo(new SideClock(0, 10_000, 1, 0, false));
        }

        @Test
        void aMoveMadeWithinAPeriodKeepsIt() {
            ByoyomiClock c = clock("main=5,byoyomi=10,periods=3");
            c.start(SENTE, 0);
            ClockSwitch sw = c.endTurn(SENTE, 14_000, 14_000);
            assertThat(sw.after().sente()).isEqualTo(new SideClock(0, 10_000, 3, 0, false));
        }

        @Test
        void timeIsUpWhenTheLastPeriodRunsOut() {
            ByoyomiClock c = clock("main=5,byoyomi=10,periods=3");
            c.start(GOTE, 1_000);
            assertThat(c.timeUpAt()).hasValue(36_000);
            assertThat(c.tick(35_999)).isEmpty();
            assertThat(c.tick(40_000)).containsExactly(new TimeUp(GOTE, 36_000));
        }
    }

    @Nested
    class Fischer {
        @Test
        void theIncrementIsAddedToTheMoversMainTimeAfterEachMove() {
            ByoyomiClock c = clock("main=60,increment=10");
            c.start(SENTE, 0);
            assertThat(c.endTurn(SENTE, 15_000, 15_000).after().sente().mainMs()).isEqualTo(55_000);
            assertThat(c.endTurn(GOTE, 16_000, 16_000).after().gote().mainMs()).isEqualTo(69_000);
            assertThat(c.state(16_000).sente().mainMs()).isEqualTo(55_000);
        }

        @Test
        void noIncrementForAMoveMadeTooLate() {
            ByoyomiClock c = clock("main=10,increment=10");
            c.start(SENTE, 0);
            ClockSwitch sw = c.endTurn(SENTE, 10_500, 10_500);
            assertThat(sw.timeUp()).isTrue();
            assertThat(sw.after().sente()).isEqualTo(SideClock.expired());
        }

        @Test
        void inByoyomiTheIncrementPutsThePlayerBackIntoMainTime() {
            ByoyomiClock c = clock("main=10,byoyomi=30,increment=5");
            c.start(SENTE, 0);
            assertThat(c.endTurn(SENTE, 20_000, 20_000).after().sente())
                    .isEqualTo(new SideClock(5_000, 30_000, 1, 0, false));
        }
    }

    @Nested
    class ConsiderationUnits {
        @Test
        void aUnitBeginsWhenTheByoyomiWouldRunOutAndAUnitBegunIsAUnitUsed() {
            ByoyomiClock c = clock("main=0,byoyomi=30,consider=3");
            c.start(SENTE, 0);
            assertThat(c.state(30_000).sente()).isEqualTo(new SideClock(0, 0, 1, 2, false, 60_000));
            assertThat(c.state(30_500).sente()).isEqualTo(new SideClock(0, 0, 1, 2, false, 59_500));
            ClockSwitch sw = c.endTurn(SENTE, 30_500, 30_500);
            assertThat(sw.timeUp()).isFalse();
            assertThat(sw.after().sente()).isEqualTo(new SideClock(0, 30_000, 1, 2, false, 0));
        }

        @Test
        void unitsFollowOneAnotherThenTimeIsUp() {
            ByoyomiClock c = clock("main=0,byoyomi=30,consider=2");
            c.start(SENTE, 0);
            assertThat(c.state(100_000).sente()).isEqualTo(new SideClock(0, 0, 1, 0, false, 50_000));
            assertThat(c.timeUpAt()).hasValue(150_000);
            assertThat(c.tick(149_999)).isEmpty();
            assertThat(c.tick(150_000)).containsExactly(new TimeUp(SENTE, 150_000));
        }

        @Test
        void withSeveralPeriodsTheUnitsAreUsedBeforeAPeriodIsLost() {
            ByoyomiClock c = clock("byoyomi=10,periods=2,consider=1");
            c.start(SENTE, 0);
            assertThat(c.state(69_999).sente()).isEqualTo(new SideClock(0, 0, 2, 0, false, 1));
            assertThat(c.state(70_000).sente()).isEqualTo(new SideClock(0, 10_000, 1, 0, false, 0));
            assertThat(c.timeUpAt()).hasValue(80_000);
        }

        @Test
        void withoutByoyomiTheUnitsFollowMainTime() {
            ByoyomiClock c = clock("main=60,consider=1");
            c.start(SENTE, 0);
            assertThat(c.state(90_000).sente()).isEqualTo(new SideClock(0, 0, 0, 0, false, 30_000));
            assertThat(c.endTurn(SENTE, 90_000, 90_000).after().sente()).isEqualTo(new SideClock(0, 0, 0, 0, false));
            c.endTurn(GOTE, 91_000, 91_000);
            assertThat(c.tick(91_000)).containsExactly(new TimeUp(SENTE, 91_000));
        }
    }

    @Nested
    class HandicapTimes {
        @Test
        void eachSideRunsItsOwnTimeControl() {
            ByoyomiClock c = clock("sente.main=600,gote.main=300,byoyomi=30,gote.periods=2");
            ClockState start = c.state(0);
            assertThat(start.sente()).isEqualTo(new SideClock(600_000, 30_000, 1, 0, false));
            assertThat(start.gote()).isEqualTo(new SideClock(300_000, 30_000, 2, 0, false));
            assertThat(start.running()).isNull();
            c.start(SENTE, 0);
            c.endTurn(SENTE, 1_000, 1_000);
            assertThat(c.timeUpAt()).hasValue(1_000 + 300_000 + 60_000);
        }
    }

    @Nested
    class CommitPolicies {
        @Test
        void underStableCommitTheMoverIsChargedUpToTheCompletingChangeNotTheSettleTime() {
            ByoyomiClock c = clock("main=600");
            c.start(SENTE, 0);
            ClockSwitch sw = c.endTurn(SENTE, 12_000, 12_300);
            assertThat(sw.elapsedMs()).isEqualTo(12_000);
            assertThat(sw.after().sente().mainMs()).isEqualTo(588_000);
            // gote's time started at the completing change
            assertThat(sw.after().gote().mainMs()).isEqualTo(599_700);
            assertThat(sw.after().turnMs()).isEqualTo(300);
        }

        @Test
        void underClockCommitGotesPressBeforeTheFirstMoveRestartsSentesTimeFromThePress() {
            ByoyomiClock c = clock("main=600");
            c.start(SENTE, 0);
            c.start(SENTE, 5_000);
            assertThat(c.state(5_000).sente().mainMs()).isEqualTo(600_000);
            ClockSwitch sw = c.endTurn(SENTE, 15_000, 15_000);
            assertThat(sw.elapsedMs()).isEqualTo(10_000);
            assertThat(sw.after().sente().mainMs()).isEqualTo(590_000);
        }

        @Test
        void theForgottenPressCountsBothMovesInOrder() {
            // sente moves at 10 s but forgets to press; gote replies on the board at 14 s; sente presses at 16 s,
            // then gote presses at 18 s: sente is charged up to the press, gote from it
            ByoyomiClock c = clock("main=600");
            c.start(SENTE, 0);
            assertThat(c.endTurn(SENTE, 16_000, 16_000).elapsedMs()).isEqualTo(16_000);
            assertThat(c.endTurn(GOTE, 18_000, 18_000).elapsedMs()).isEqualTo(2_000);
        }

        @Test
        void onlyTheRunningSideCanEndItsTurn() {
            ByoyomiClock c = clock("main=600");
            assertThatThrownBy(() -> c.endTurn(SENTE, 0, 0)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot end sente's turn: the running clock is none");
            c.start(SENTE, 0);
            assertThatThrownBy(() -> c.endTurn(GOTE, 10, 10)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("cannot end gote's turn: the running clock is sente");
            assertThatThrownBy(() -> c.endTurn(SENTE, 20, 10)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the move completed at 20 ms, after now 10 ms");
        }
    }

    @Nested
    class Arbiter {
        @Test
        void pausedTimeIsNotChargedAndTheMoveTimeExcludesIt() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            c.pause(10_000);
            assertThat(c.state(500_000).paused()).isTrue();
            assertThat(c.state(500_000).sente().mainMs()).isEqualTo(50_000);
            assertThat(c.tick(500_000)).isEmpty();
            assertThat(c.timeUpAt()).isEmpty();
            c.resume(600_000);
            assertThat(c.state(601_000).sente().mainMs()).isEqualTo(49_000);
            ClockSwitch sw = c.endTurn(SENTE, 605_000, 605_000);
            assertThat(sw.elapsedMs()).isEqualTo(15_000);
            assertThat(sw.after().sente().mainMs()).isEqualTo(45_000);
            assertThat(c.tick(650_000)).isEmpty();
            assertThat(c.tick(665_000)).containsExactly(new TimeUp(GOTE, 665_000));
        }

        @Test
        void aTimeUpBeforeALatePauseIsStillReportedAtItsInstant() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            c.pause(70_000);
            assertThat(c.tick(70_100)).containsExactly(new TimeUp(SENTE, 60_000));
            assertThat(c.state(70_100).sente().timeUp()).isTrue();
        }

        @Test
        void aMoveCompletedDuringAPauseIsChargedOnlyUpToThePause() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            c.pause(10_000);
            ClockSwitch sw = c.endTurn(SENTE, 12_000, 12_000);
            assertThat(sw.elapsedMs()).isEqualTo(10_000);
            assertThat(sw.after().paused()).isTrue();
            assertThat(sw.after().running()).isEqualTo(GOTE);
            c.resume(20_000);
            assertThat(c.state(25_000).gote().mainMs()).isEqualTo(55_000);
        }

        @Test
        void adjustAddsOrTakesMainTimeAndNeverGoesBelowZero() {
            ByoyomiClock c = clock("main=600,byoyomi=30");
            c.adjust(GOTE, 60_000);
            assertThat(c.state(0).gote().mainMs()).isEqualTo(660_000);
            c.adjust(SENTE, -700_000);
            assertThat(c.state(0).sente()).isEqualTo(new SideClock(0, 30_000, 1, 0, false));
            c.setMain(SENTE, 120_000);
            assertThat(c.state(0).sente().mainMs()).isEqualTo(120_000);
            assertThatThrownBy(() -> c.setMain(SENTE, -1)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("main time cannot be negative: -1 ms");
        }

        @Test
        void adjustingTheRunningSideActsAtTheLatestInstantTheClockWasTold() {
            ByoyomiClock c = clock("main=60,byoyomi=10,periods=3");
            c.start(SENTE, 0);
            c.tick(75_000); // main gone at 60 s, the first period lost at 70 s, 5 s into the second
            assertThat(c.state(75_000).sente()).isEqualTo(new SideClock(0, 5_000, 2, 0, false));
            c.adjust(SENTE, 30_000);
            // the periods already lost stay lost
            assertThat(c.state(75_000).sente()).isEqualTo(new SideClock(30_000, 5_000, 2, 0, false));
            assertThat(c.endTurn(SENTE, 80_000, 80_000).elapsedMs()).isEqualTo(80_000);
            assertThat(c.state(80_000).sente()).isEqualTo(new SideClock(25_000, 10_000, 2, 0, false));
        }

        @Test
        void givingTimeToAPlayerOutOfTimeBringsThemBackWithOnePeriod() {
            ByoyomiClock c = clock("main=60,byoyomi=30,periods=3");
            c.start(SENTE, 0);
            assertThat(timeUps(c.tick(200_000))).containsExactly(new TimeUp(SENTE, 150_000));
            c.adjust(SENTE, 60_000);
            assertThat(c.state(200_000).sente()).isEqualTo(new SideClock(60_000, 30_000, 1, 0, false));
            assertThat(c.state(200_000).running()).isNull();
            c.start(SENTE, 200_000);
            assertThat(c.timeUpAt()).hasValue(290_000);
        }

        @Test
        void stopChargesTheRunningSideAndStopsEveryClock() {
            ByoyomiClock c = clock("main=60");
            c.start(SENTE, 0);
            c.stop(20_000);
            ClockState s = c.state(90_000);
            assertThat(s.running()).isNull();
            assertThat(s.sente().mainMs()).isEqualTo(40_000);
            assertThat(c.tick(90_000)).isEmpty();
        }
    }

    @Nested
    class Beeps {
        private ByoyomiClock beeping(String spec) {
            return new ByoyomiClock(TimeControl.parse(spec), BeepSchedule.DEFAULT);
        }

        private static List<ClockSignal> marks(ClockSignal... signals) {
            return List.of(signals);
        }

        private static Beep shortBeep(long s) {
            return new Beep(SENTE, s * S, Tone.SHORT);
        }

        private static List<ClockSignal> lastTen() {
            List<ClockSignal> out = new ArrayList<>();
            for (long s = 10; s >= 1; s--) {
                out.add(shortBeep(s));
            }
            return out;
        }

        @Test
        void mainTimeBeepsAtEachMarkThenALongToneAtTimeUp() {
            ByoyomiClock c = beeping("main=65");
            c.start(SENTE, 0);
            List<ClockSignal> expected = new ArrayList<>(marks(shortBeep(60), shortBeep(30), shortBeep(20)));
            expected.addAll(lastTen());
            expected.add(new Beep(SENTE, 0, Tone.LONG));
            expected.add(new TimeUp(SENTE, 65_000));
            assertThat(c.tick(100_000)).containsExactlyElementsOf(expected);
        }

        @Test
        void eachBeepSoundsOnTheFirstTickAtOrAfterItsMark() {
            ByoyomiClock c = beeping("main=65");
            c.start(SENTE, 0);
            assertThat(c.tick(4_999)).isEmpty();
            assertThat(c.tick(5_000)).containsExactly(shortBeep(60));
            assertThat(c.tick(34_999)).isEmpty();
            assertThat(c.tick(35_000)).containsExactly(shortBeep(30));
            assertThat(c.tick(35_001)).isEmpty();
            List<ClockSignal> upToTwo = new ArrayList<>(List.of(shortBeep(20)));
            upToTwo.addAll(lastTen().subList(0, 9));
            assertThat(c.tick(63_999)).containsExactlyElementsOf(upToTwo);
            assertThat(c.tick(64_000)).containsExactly(shortBeep(1));
            // between two ticks: the exact marks, in order
            ByoyomiClock d = beeping("main=65");
            d.start(SENTE, 0);
            d.tick(55_500);
            assertThat(d.tick(58_000)).containsExactly(shortBeep(9), shortBeep(8), shortBeep(7));
        }

        @Test
        void fineTicksGiveTheSameSignalsAsOneCoarseTick() {
            ByoyomiClock fine = beeping("main=40,byoyomi=30,periods=2,consider=1");
            ByoyomiClock coarse = beeping("main=40,byoyomi=30,periods=2,consider=1");
            fine.start(SENTE, 0);
            coarse.start(SENTE, 0);
            List<ClockSignal> seen = new ArrayList<>();
            for (long t = 0; t <= 200_000; t += 137) {
                seen.addAll(fine.tick(t));
            }
            assertThat(seen).containsExactlyElementsOf(coarse.tick(200_000));
        }

        @Test
        void beepsCountDownInEveryByoyomiPeriodAndConsiderationUnitButNotAtTheirFullLength() {
            ByoyomiClock c = beeping("byoyomi=30,periods=2,consider=1");
            c.start(SENTE, 0);
            List<ClockSignal> period = new ArrayList<>(marks(shortBeep(20)));
            period.addAll(lastTen());
            List<ClockSignal> unit = new ArrayList<>(marks(shortBeep(30), shortBeep(20)));
            unit.addAll(lastTen());
            List<ClockSignal> expected = new ArrayList<>(period); // first period
            expected.addAll(unit);                                 // the consideration unit holds it
            expected.addAll(period);                               // second period
            expected.add(new Beep(SENTE, 0, Tone.LONG));
            expected.add(new TimeUp(SENTE, 30_000 + 60_000 + 30_000));
            assertThat(c.tick(1_000_000)).containsExactlyElementsOf(expected);
        }

        @Test
        void theOpponentsBeepsStartAtTheCompletingChange() {
            ByoyomiClock c = beeping("byoyomi=30");
            c.start(SENTE, 0);
            c.endTurn(SENTE, 5_000, 7_000);
            assertThat(c.tick(24_999)).containsExactly(new Beep(GOTE, 20_000, Tone.SHORT));
            assertThat(c.tick(25_000)).containsExactly(new Beep(GOTE, 10_000, Tone.SHORT));
        }

        @Test
        void silentMakesNoSoundButStillReportsTimeUp() {
            ByoyomiClock c = clock("main=65");
            c.start(SENTE, 0);
            assertThat(c.tick(100_000)).containsExactly(new TimeUp(SENTE, 65_000));
        }
    }

    @Nested
    class Restore {
        @Test
        void aRestoredClockContinuesTheTurnInProgressFromTheSavedInstant() {
            TimeControl tc = TimeControl.parse("main=60,byoyomi=30,periods=2");
            ByoyomiClock before = new ByoyomiClock(tc, BeepSchedule.SILENT);
            before.start(SENTE, 0);
            before.endTurn(SENTE, 20_000, 20_000);
            ClockState saved = before.state(95_000); // gote: main gone at 80 s, 15 s into the first period
            assertThat(saved.gote()).isEqualTo(new SideClock(0, 15_000, 2, 0, false));
            assertThat(saved.turnMs()).isEqualTo(75_000);

            ByoyomiClock after = ByoyomiClock.restore(tc, BeepSchedule.SILENT, saved, 7); // a new process's clock
            assertThat(after.state(7)).isEqualTo(saved);
            assertThat(after.state(5_007).gote().byoyomiMs()).isEqualTo(10_000);
            assertThat(after.timeUpAt()).hasValue(7 + 15_000 + 30_000);
            ClockSwitch sw = after.endTurn(GOTE, 10_007, 10_007);
            assertThat(sw.elapsedMs()).isEqualTo(85_000);
            assertThat(sw.after().gote()).isEqualTo(new SideClock(0, 30_000, 2, 0, false));
            assertThat(sw.after().sente()).isEqualTo(new SideClock(40_000, 30_000, 2, 0, false));
        }

        @Test
        void aRestoredPausedClockStaysPaused() {
            TimeControl tc = TimeControl.parse("main=60");
            ByoyomiClock before = new ByoyomiClock(tc, BeepSchedule.SILENT);
            before.start(GOTE, 0);
            before.pause(30_000);
            ByoyomiClock after = ByoyomiClock.restore(tc, BeepSchedule.SILENT, before.state(40_000), 0);
            assertThat(after.state(100_000).paused()).isTrue();
            assertThat(after.state(100_000).gote().mainMs()).isEqualTo(30_000);
            after.resume(100_000);
            assertThat(after.tick(200_000)).containsExactly(new TimeUp(GOTE, 130_000));
        }
    }

    @Nested
    class WithoutAClock {
        @Test
        void movesAreTimedButTimeNeverRunsOut() {
            ByoyomiClock c = new ByoyomiClock(TimeControl.NONE, BeepSchedule.DEFAULT);
            c.start(SENTE, 0);
            assertThat(c.tick(10_000_000)).isEmpty();
            ClockSwitch sw = c.endTurn(SENTE, 10_000_000, 10_000_000);
            assertThat(sw.elapsedSeconds()).isEqualTo(10_000);
            assertThat(sw.timeUp()).isFalse();
            assertThat(c.timeUpAt()).isEmpty();
            assertThat(sw.after().runningLabel()).isEqualTo("gote");
        }
    }
}
