package org.shogiban.clock;

import java.time.Duration;
import org.shogiban.hal.ClockFace;

/**
 * What a player's seven-segment display shows ({@link ClockFace}, laid out by hal's ClockFaceLayout): main time while
 * it lasts; then the byoyomi count with the periods left; in a consideration unit the unit's seconds with the units
 * left (the one running included) in the period digit. The period digit is left blank (0) when the game has a single
 * period, since it would always read 1. A game without a clock, and a player out of time, show 0:00.
 */
public final class ClockFaces {
    private ClockFaces() {
    }

    /** The face for one player's clock under their time control. */
    public static ClockFace of(SideClock clock, SideTimeControl control) {
        if (control.unlimited() || clock.timeUp()) {
            return ClockFace.mainTime(Duration.ZERO);
        }
        if (clock.mainMs() > 0) {
            return ClockFace.mainTime(Duration.ofMillis(clock.mainMs()));
        }
        if (clock.considerMs() > 0) {
            return ClockFace.byoyomi(Duration.ofMillis(clock.considerMs()), Math.min(99, clock.considerUnits() + 1));
        }
        int periods = control.periods() > 1 ? Math.min(99, clock.periods()) : 0;
        return ClockFace.byoyomi(Duration.ofMillis(clock.byoyomiMs()), periods);
    }

    /**
     * The face as text for consoles and logs: {@code m:ss} or {@code h:mm:ss} for main time, {@code 30s} in byoyomi
     * followed by {@code x3} for three periods left.
     */
    public static String text(ClockFace face) {
        long s = (face.remaining().toMillis() + 999) / 1000;
        if (!face.inByoyomi()) {
            return s >= 3600 ? String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                    : String.format("%d:%02d", s / 60, s % 60);
        }
        return s + "s" + (face.periodsLeft() > 0 ? " x" + face.periodsLeft() : "");
    }
}
