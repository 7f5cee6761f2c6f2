package org.shogiban.hal.segment;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.ClockFace;

class ClockFaceLayoutTest {
    private static final int H = SevenSegment.HOURS;

    private static int d(int digit) {
        return SevenSegment.digit(digit);
    }

    @Test
    void mainTimeUnderAHundredMinutesIsMinutesColonSeconds() {
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ofSeconds(59 * 60 + 7))))
                .isEqualTo(new FourDigits(d(5), d(9), d(0), d(7), true));
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ofSeconds(65))))
                .isEqualTo(new FourDigits(0, d(1), d(0), d(5), true));
    }

    @Test
    void partialSecondsRoundUpSoZeroMeansTimeIsOver() {
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ofMillis(300))))
                .isEqualTo(new FourDigits(0, d(0), d(0), d(1), true));
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ZERO)))
                .isEqualTo(new FourDigits(0, d(0), d(0), d(0), true));
    }

    @Test
    void longTimesShowHoursAndMinutes() {
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ofMinutes(100))))
                .isEqualTo(new FourDigits(d(1), H, d(4), d(0), false));
        assertThat(ClockFaceLayout.layout(ClockFace.mainTime(Duration.ofHours(12))))
                .isEqualTo(new FourDigits(d(9), H, d(5), d(9), false));
    }

    @Test
    void byoyomiShowsPeriodsLeftAndSeconds() {
        assertThat(ClockFaceLayout.layout(ClockFace.byoyomi(Duration.ofSeconds(30), 3)))
                .isEqualTo(new FourDigits(d(3), 0, d(3), d(0), false));
        assertThat(ClockFaceLayout.layout(ClockFace.byoyomi(Duration.ofMillis(4_200), 0)))
                .isEqualTo(new FourDigits(0, 0, 0, d(5), false));
        assertThat(ClockFaceLayout.layout(ClockFace.byoyomi(Duration.ofSeconds(10), 12)).d0())
                .isEqualTo(SevenSegment.DASH);
    }
}
