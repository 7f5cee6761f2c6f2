package org.shogiban.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BeepScheduleTest {

    @Test
    void theDefaultBeepsAtSixtyThirtyTwentyTenThenEachOfTheLastTenSeconds() {
        assertThat(BeepSchedule.DEFAULT.marksMs()).containsExactly(60_000L, 30_000L, 20_000L, 10_000L, 9_000L,
                8_000L, 7_000L, 6_000L, 5_000L, 4_000L, 3_000L, 2_000L, 1_000L);
        assertThat(BeepSchedule.DEFAULT.longToneAtTimeUp()).isTrue();
        assertThat(BeepSchedule.DEFAULT.spec()).isEqualTo("60,30,20,last10");
    }

    @Test
    void marksAreSortedAndMergedAndTheSpecReadsBack() {
        BeepSchedule s = BeepSchedule.parse("5, 120, last3, 3");
        assertThat(s.marksMs()).containsExactly(120_000L, 5_000L, 3_000L, 2_000L, 1_000L);
        assertThat(s.spec()).isEqualTo("120,5,last3");
        assertThat(BeepSchedule.parse(s.spec())).isEqualTo(s);
        assertThat(BeepSchedule.parse("10").spec()).isEqualTo("10");
    }

    @Test
    void silentHasNoMarksAndNoLongTone() {
        assertThat(BeepSchedule.parse("silent")).isEqualTo(BeepSchedule.SILENT);
        assertThat(BeepSchedule.parse("none")).isEqualTo(BeepSchedule.SILENT);
        assertThat(BeepSchedule.SILENT.marksMs()).isEmpty();
        assertThat(BeepSchedule.SILENT.longToneAtTimeUp()).isFalse();
        assertThat(BeepSchedule.SILENT.spec()).isEqualTo("silent");
    }

    @Test
    void badItemsAreNamed() {
        assertThatThrownBy(() -> BeepSchedule.parse("60,,10")).isInstanceOf(TimeControlException.class)
                .hasMessage("beep schedule: empty item 2 in '60,,10'; write seconds and lastN separated by commas, "
                        + "e.g. 60,30,20,10,last10");
        assertThatThrownBy(() -> BeepSchedule.parse("60,lastten")).isInstanceOf(TimeControlException.class)
                .hasMessage("beep schedule: 'lastten' is neither whole seconds nor lastN; allowed 1..360000 seconds "
                        + "or last1..last60");
        assertThatThrownBy(() -> BeepSchedule.parse("0")).isInstanceOf(TimeControlException.class)
                .hasMessage("beep schedule: '0' is out of range; allowed 1..360000");
        assertThatThrownBy(() -> BeepSchedule.parse("last61")).isInstanceOf(TimeControlException.class)
                .hasMessage("beep schedule: 'last61' is out of range; allowed 1..60");
        assertThatThrownBy(() -> new BeepSchedule(List.of(0L), true)).isInstanceOf(IllegalArgumentException.class);
    }
}
