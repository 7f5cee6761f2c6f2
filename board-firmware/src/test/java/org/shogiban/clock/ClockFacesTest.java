package org.shogiban.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.shogiban.rules.Side.SENTE;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;

class ClockFacesTest {

    private static ClockFace face(String spec, long atMs) {
        ByoyomiClock c = new ByoyomiClock(TimeControl.parse(spec), BeepSchedule.SILENT);
        c.start(SENTE, 0);
        return c.face(SENTE, atMs);
    }

    @Test
    void mainTimeShowsAsMainTime() {
        ClockFace f = face("main=600,byoyomi=30", 4_500);
        assertThat(f).isEqualTo(ClockFace.mainTime(Duration.ofMillis(595_500)));
        assertThat(ClockFaces.text(f)).isEqualTo("9:56");
        assertThat(ClockFaces.text(face("main=7200", 0))).isEqualTo("2:00:00");
    }

    @Test
    void byoyomiShowsTheCountAndThePeriodsLeftOnlyWhenThereAreSeveral() {
        ClockFace single = face("main=10,byoyomi=30", 15_000);
        assertThat(single).isEqualTo(ClockFace.byoyomi(Duration.ofMillis(25_000), 0));
        assertThat(ClockFaces.text(single)).isEqualTo("25s");
        ClockFace several = face("byoyomi=10,periods=5", 12_000);
        assertThat(several).isEqualTo(ClockFace.byoyomi(Duration.ofMillis(8_000), 4));
        assertThat(ClockFaces.text(several)).isEqualTo("8s x4");
    }

    @Test
    void aConsiderationUnitShowsItsSecondsAndTheUnitsLeft() {
        ClockFace f = face("byoyomi=30,consider=10", 40_000);
        assertThat(f).isEqualTo(ClockFace.byoyomi(Duration.ofMillis(50_000), 10));
        assertThat(ClockFaces.text(f)).isEqualTo("50s x10");
    }

    @Test
    void timeUpAndNoClockShowZero() {
        assertThat(face("main=60", 70_000)).isEqualTo(ClockFace.mainTime(Duration.ZERO));
        assertThat(face("none", 70_000)).isEqualTo(ClockFace.mainTime(Duration.ZERO));
        assertThat(ClockFaces.text(ClockFace.mainTime(Duration.ZERO))).isEqualTo("0:00");
    }
}
