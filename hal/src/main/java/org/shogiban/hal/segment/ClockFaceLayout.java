package org.shogiban.hal.segment;

import java.time.Duration;
import org.shogiban.hal.ClockFace;

/**
 * Lays a {@link ClockFace} out on four seven-segment digits with a centre colon. Times are rounded up to the whole
 * second, so a display reads 0 only when the time is really over.
 *
 * <ul>
 *   <li>Main time under 100 minutes: {@code MM:SS} with the colon lit and a leading zero blanked ({@code " 9:05"}).
 *   <li>Main time of 100 minutes or more: {@code HhMM} without colon ({@code "1h40"}); 10 hours or more shows
 *       {@code "9h59"}.
 *   <li>Byoyomi: the periods left on the first digit (blank when the game counts none, {@code -} above 9), the
 *       second digit blank, the seconds of the period on the last two (up to 99; {@code "3 30"} is 30 s with 3
 *       periods left). Longer periods show {@code MM:SS} like main time, with the period count lost.
 * </ul>
 */
public final class ClockFaceLayout {
    private ClockFaceLayout() {
    }

    /** The digits for one player's clock. */
    public static FourDigits layout(ClockFace face) {
        long seconds = ceilSeconds(face.remaining());
        if (face.inByoyomi() && seconds <= 99) {
            int periods = face.periodsLeft();
            int first = periods == 0 ? SevenSegment.BLANK : periods > 9 ? SevenSegment.DASH : SevenSegment.digit(periods);
            int tens = seconds >= 10 ? SevenSegment.digit((int) (seconds / 10)) : SevenSegment.BLANK;
            return new FourDigits(first, SevenSegment.BLANK, tens, SevenSegment.digit((int) (seconds % 10)), false);
        }
        if (seconds < 100 * 60) {
            int minutes = (int) (seconds / 60);
            int secs = (int) (seconds % 60);
            int minuteTens = minutes >= 10 ? SevenSegment.digit(minutes / 10) : SevenSegment.BLANK;
            return new FourDigits(minuteTens, SevenSegment.digit(minutes % 10),
                    SevenSegment.digit(secs / 10), SevenSegment.digit(secs % 10), true);
        }
        long hours = Math.min(9, seconds / 3600);
        long minutes = hours == 9 && seconds >= 10 * 3600 ? 59 : (seconds % 3600) / 60;
        return new FourDigits(SevenSegment.digit((int) hours), SevenSegment.HOURS,
                SevenSegment.digit((int) (minutes / 10)), SevenSegment.digit((int) (minutes % 10)), false);
    }

    private static long ceilSeconds(Duration d) {
        long s = d.getSeconds();
        return d.getNano() > 0 ? s + 1 : s;
    }
}
