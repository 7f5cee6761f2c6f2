package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.GameSettings;

/**
 * The clock display is asked for its faces when a shown second can change, not at every 10 ms pass, and still shows
 * every second on the pass it changes: through main time into byoyomi, and across a move that switches the clocks.
 */
class ClockDisplayPassTest {
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static Rig rig() {
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY))
                .withTime(TimeControl.parse("main=3,byoyomi=5"));
        return new Rig(settings, RecordSink.NONE).layOut(Position.startpos()).run(600);
    }

    @Test
    void theDisplayShowsWhatTheClockSaysAtEveryPass() {
        Rig rig = rig();
        for (int pass = 0; pass < 900; pass++) {
            if (pass == 300) {
                // sente moves: the clocks switch between two passes, whatever second each shows
                rig.hardware.squares.set(org.shogiban.rules.Square.parse("7g").index(),
                        org.shogiban.hal.SquareReading.EMPTY);
                rig.hardware.squares.set(org.shogiban.rules.Square.parse("7f").index(),
                        org.shogiban.hal.SquareReading.OCCUPIED);
            }
            rig.run(Rig.PASS);
            long now = rig.clock.millis();
            assertThat(shown(rig.hardware.clock.current().orElseThrow().sente()))
                    .as("sente's display at %d ms", now).isEqualTo(shown(rig.app.session().face(Side.SENTE, now)));
            assertThat(shown(rig.hardware.clock.current().orElseThrow().gote()))
                    .as("gote's display at %d ms", now).isEqualTo(shown(rig.app.session().face(Side.GOTE, now)));
        }
        assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(1);
    }

    @Test
    void aPassWhileAClockRunsAsksForNoFace() {
        Rig rig = rig();
        rig.run(2_000);
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().threadId());
        rig.run(10_000);
        long perPass = (threads.getThreadAllocatedBytes(Thread.currentThread().threadId()) - before) / 1_000;
        // a pass of a game waiting for a move: its tick through the session and the facts every 100 ms; with the two
        // faces asked for at every pass (a side's clock run, two durations, two faces) 465 bytes a pass, 335 without
        assertThat(perPass).as("bytes allocated per pass while sente's clock runs").isLessThan(420);
    }

    private static String shown(ClockFace face) {
        return (face.remaining().toMillis() + 999) / 1000 + "s " + face.periodsLeft() + (face.inByoyomi() ? " byo" : "");
    }
}
