package org.shogiban.clock;

/**
 * One player's clock at an instant, as the JSON snapshot shows it (keys {@code mainMs}, {@code byoyomiMs},
 * {@code periods}, {@code considerUnits}).
 *
 * @param mainMs main time left
 * @param byoyomiMs what is left of the current byoyomi period (the full byoyomi while main time lasts; 0 while a
 *                  period that ran out is held by a consideration unit, and 0 in a game without byoyomi)
 * @param periods byoyomi periods left, the current one included; 0 in a game without byoyomi
 * @param considerUnits consideration units not yet begun
 * @param timeUp whether this player's time has run out
 * @param considerMs what is left of the consideration unit being used; 0 when none is running
 */
public record SideClock(long mainMs, long byoyomiMs, int periods, int considerUnits, boolean timeUp, long considerMs) {

    public SideClock {
        if (mainMs < 0 || byoyomiMs < 0 || periods < 0 || considerUnits < 0 || considerMs < 0) {
            throw new IllegalArgumentException("negative clock value: main " + mainMs + " ms, byoyomi " + byoyomiMs
                    + " ms, periods " + periods + ", units " + considerUnits + ", unit " + considerMs + " ms");
        }
    }

    /** The clock outside a consideration unit (the five keys of the JSON snapshot). */
    public SideClock(long mainMs, long byoyomiMs, int periods, int considerUnits, boolean timeUp) {
        this(mainMs, byoyomiMs, periods, considerUnits, timeUp, 0);
    }

    /** The clock of a player whose time has run out: everything at 0. */
    public static SideClock expired() {
        return new SideClock(0, 0, 0, 0, true, 0);
    }

    /** Whether main time is over (the player is in byoyomi, a consideration unit, or out of time). */
    public boolean inByoyomi() {
        return mainMs == 0;
    }

    /** This clock with a different main time. */
    SideClock withMain(long newMainMs) {
        return new SideClock(newMainMs, byoyomiMs, periods, considerUnits, timeUp, considerMs);
    }
}
