package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.SideClock;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;
import org.shogiban.session.SessionState;

/**
 * An undo (the arbiter's {@code undo}) and a takeback (待った, casual) give back the undone move's time: both clocks
 * as they stood when the undone move's turn began, the mover's time running again from the undo. Memory board and
 * manual clock: nothing sleeps.
 */
class SessionUndoClockTest {

    private static Rig rig(CommitPolicy commit, String time) {
        GameSettings settings = GameSettings.of(Position.startpos(),
                InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(commit))
                .withTime(TimeControl.parse(time)).withBeeps(BeepSchedule.SILENT);
        // gote starts the clock, as players do: the first turn's time waits for it
        return new Rig(settings, RecordSink.NONE).layOut(Position.startpos()).run(600)
                .press(org.shogiban.hal.Button.CLOCK_GOTE);
    }

    private static ClockState clocks(Rig rig) {
        return rig.app.session().clockState(rig.clock.millis());
    }

    private static SideClock initial(Rig rig, Side side) {
        return rig.app.settings().timeControl().of(side).initialClock();
    }

    /**
     * Checks the clocks now, {@code since} being the undo: the mover's as at their turn's start, run since the undo
     * (within main time or the byoyomi period), the opponent's as at that turn's start.
     */
    private static void assertRestored(Rig rig, long since, Side mover, SideClock moverAtStart,
                                       SideClock opponentAtStart) {
        ClockState now = clocks(rig);
        long ran = rig.clock.millis() - since;
        SideClock expected = moverAtStart.mainMs() > ran
                ? new SideClock(moverAtStart.mainMs() - ran, moverAtStart.byoyomiMs(), moverAtStart.periods(),
                        moverAtStart.considerUnits(), false)
                : new SideClock(0, moverAtStart.byoyomiMs() - (ran - moverAtStart.mainMs()), moverAtStart.periods(),
                        moverAtStart.considerUnits(), false);
        assertThat(now.running()).isEqualTo(mover);
        assertThat(now.turnMs()).isEqualTo(ran);
        assertThat(now.of(mover)).isEqualTo(expected);
        assertThat(now.of(mover.opponent())).isEqualTo(opponentAtStart);
    }

    /** The arbiter's undo, handled on the next pass; returns the undo's time. */
    private static long undo(Rig rig) {
        long at = rig.clock.millis();
        rig.app.submit(new SessionInput.Undo(at));
        rig.run(10);
        return at;
    }

    @Test
    void theArbitersUndoGivesBackMainTimeAndTakesBackTheIncrement() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60,increment=5");
        rig.run(3000).move("7g", "7f");
        SideClock senteAtItsNextTurn = clocks(rig).sente();          // 60 s - ~3.2 s + 5 s, held while gote thinks
        rig.run(2000).move("3c", "3d");
        SideClock goteAfterItsMove = clocks(rig).gote();
        assertThat(senteAtItsNextTurn.mainMs()).isGreaterThan(60_000);

        rig.run(7000).move("2g", "2f");
        assertThat(clocks(rig).sente().mainMs()).isLessThan(senteAtItsNextTurn.mainMs());
        rig.run(1500);
        long undoneAt = undo(rig);

        assertThat(rig.app.game().orElseThrow().moves()).extracting(Move::usi).containsExactly("7g7f", "3c3d");
        // sente gets the ~7.2 s spent on 2g2f back and loses the increment it earned; gote the 2.3 s since
        assertRestored(rig, undoneAt, Side.SENTE, senteAtItsNextTurn, goteAfterItsMove);
        rig.run(1000);
        assertRestored(rig, undoneAt, Side.SENTE, senteAtItsNextTurn, goteAfterItsMove);
    }

    @Test
    void theArbitersUndoGivesBackByoyomiPeriodsLostOnTheMove() {
        Rig rig = rig(CommitPolicy.STABLE, "main=0,byoyomi=10,periods=3");
        rig.run(25_000).move("7g", "7f");                             // 25 s: two periods lost, one left
        assertThat(clocks(rig).sente().periods()).isEqualTo(1);
        rig.run(4000);
        assertThat(clocks(rig).gote().byoyomiMs()).isLessThan(10_000);
        long undoneAt = undo(rig);

        assertThat(initial(rig, Side.SENTE)).isEqualTo(new SideClock(0, 10_000, 3, 0, false));
        assertRestored(rig, undoneAt, Side.SENTE, initial(rig, Side.SENTE), initial(rig, Side.GOTE));
    }

    @Test
    void theArbitersUndoAfterATimeUpBringsTheGameBackWithTheClocksOfThatTurn() {
        Rig rig = rig(CommitPolicy.STABLE, "main=10,byoyomi=5");
        rig.run(2000).move("7g", "7f");
        SideClock senteHeld = clocks(rig).sente();
        rig.run(16_000);                                              // gote's 10 s + 5 s run out
        assertThat(rig.events(BoardEvent.TimeUp.class)).singleElement()
                .satisfies(t -> assertThat(t.side()).isEqualTo(Side.GOTE));
        long undoneAt = undo(rig);

        assertThat(senteHeld.mainMs()).isLessThan(8_000);
        assertRestored(rig, undoneAt, Side.SENTE, initial(rig, Side.SENTE), initial(rig, Side.GOTE));
    }

    @Test
    void aCasualTakebackGivesBackTheMoversTimeAndTheOpponentsSince() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60,byoyomi=10,increment=2");
        rig.run(1000).move("7g", "7f");
        SideClock senteHeld = clocks(rig).sente();                    // sente's turn 2 starts with this
        rig.run(2000).move("3c", "3d");
        SideClock goteAfter = clocks(rig).gote();
        rig.run(4000).move("2g", "2f");
        rig.run(3000);
        // sente puts the rook's pawn back: 待った of 2g2f
        rig.lift("2f").place("2g").run(600);

        List<BoardEvent.MovesTakenBack> takebacks = rig.events(BoardEvent.MovesTakenBack.class);
        assertThat(takebacks).singleElement().satisfies(t -> assertThat(t.undone()).extracting(Move::usi)
                .containsExactly("2g2f"));
        assertRestored(rig, takebacks.get(0).timeMillis(), Side.SENTE, senteHeld, goteAfter);
    }

    @Test
    void aCasualTakebackInByoyomiGivesThePeriodBack() {
        Rig rig = rig(CommitPolicy.STABLE, "main=0,byoyomi=10,periods=2");
        rig.run(14_000).move("7g", "7f");                             // the first period lost
        assertThat(clocks(rig).sente().periods()).isEqualTo(1);
        rig.run(3000).lift("7f").place("7g").run(600);

        List<BoardEvent.MovesTakenBack> takebacks = rig.events(BoardEvent.MovesTakenBack.class);
        assertThat(takebacks).hasSize(1);
        assertRestored(rig, takebacks.get(0).timeMillis(), Side.SENTE, initial(rig, Side.SENTE),
                initial(rig, Side.GOTE));
    }

    @Test
    void theTurnClocksAreJournalledSoAnUndoAfterARestartGivesTheTimeBackToo() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60,increment=5");
        rig.run(3000).move("7g", "7f");
        SideClock senteHeld = clocks(rig).sente();
        rig.run(2000).move("3c", "3d");
        SideClock goteAfter = clocks(rig).gote();
        rig.run(4000);

        SessionState journalled = SessionState.fromJson(rig.app.session().state(rig.clock.millis()).toJson());
        assertThat(journalled.turnClocks()).hasSize(3);
        GameSettings settings = rig.app.settings();
        Clock wall = Clock.fixed(Instant.parse("2025-03-01T06:00:00Z"), ZoneOffset.UTC);
        GameSession resumed = GameSession.resume(settings, wall, journalled, 1_000_000);
        resumed.accept(new SessionInput.Undo(1_000_500));

        assertThat(resumed.game().orElseThrow().moves()).extracting(Move::usi).containsExactly("7g7f");
        ClockState after = resumed.clockState(1_000_500);
        assertThat(after.running()).isEqualTo(Side.GOTE);
        // gote's turn at ply 2 began with its full time; sente's clock stood as after 7g7f (increment included)
        assertThat(after.gote()).isEqualTo(initial(rig, Side.GOTE))
                .isNotEqualTo(goteAfter);
        assertThat(after.sente()).isEqualTo(senteHeld);
    }
}
