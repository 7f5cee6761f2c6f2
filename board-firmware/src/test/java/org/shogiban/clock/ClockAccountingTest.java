package org.shogiban.clock;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.shogiban.rules.Side;

/**
 * Whatever the order of moves, pauses, ticks and state queries, each player is charged exactly the time their clock
 * ran: main time left = start - time run + increments, and the move times add up to the time run.
 */
class ClockAccountingTest {

    @RepeatedTest(20)
    void everyMillisecondTheClockRanIsChargedToTheRightPlayerOnce(RepetitionInfo run) {
        Random random = new Random(run.getCurrentRepetition());
        long increment = random.nextInt(3) * 1000L;
        TimeControl tc = TimeControl.both(new SideTimeControl(10_000_000, 30_000, 1, increment, 0));
        ByoyomiClock clock = new ByoyomiClock(tc, BeepSchedule.DEFAULT);
        Map<Side, Long> ran = new EnumMap<>(Side.class);
        Map<Side, Long> moveTimes = new EnumMap<>(Side.class);
        Map<Side, Integer> moves = new EnumMap<>(Side.class);
        for (Side s : Side.values()) {
            ran.put(s, 0L);
            moveTimes.put(s, 0L);
            moves.put(s, 0);
        }
        long now = random.nextInt(1000);
        clock.start(Side.SENTE, now);
        Side toMove = Side.SENTE;
        boolean paused = false;
        for (int step = 0; step < 300; step++) {
            long dt = random.nextInt(5_000);
            if (!paused) {
                ran.merge(toMove, dt, Long::sum);
            }
            now += dt;
            switch (random.nextInt(6)) {
                case 0 -> {
                    clock.pause(now);
                    paused = true;
                }
                case 1 -> {
                    clock.resume(now);
                    paused = false;
                }
                case 2 -> clock.tick(now);
                case 3 -> clock.state(now);
                default -> {
                    if (!paused) {
                        // stable commit: the completing change came up to 0.5 s before now
                        long back = Math.min(dt, random.nextInt(500));
                        ran.merge(toMove, -back, Long::sum);
                        ClockSwitch sw = clock.endTurn(toMove, now - back, now);
                        moveTimes.merge(toMove, sw.elapsedMs(), Long::sum);
                        moves.merge(toMove, 1, Integer::sum);
                        toMove = toMove.opponent();
                        ran.merge(toMove, back, Long::sum);
                    }
                }
            }
        }
        ClockState state = clock.state(now);
        for (Side s : Side.values()) {
            long expected = 10_000_000 - ran.get(s) + (long) moves.get(s) * increment;
            assertThat(state.of(s).mainMs()).as("%s main time", s).isEqualTo(expected);
        }
        assertThat(moveTimes.get(toMove.opponent()) + moveTimes.get(toMove) + state.turnMs())
                .isEqualTo(ran.get(Side.SENTE) + ran.get(Side.GOTE));
    }
}
