package org.shogiban.clock;

/**
 * The time one player gets. All times in milliseconds.
 *
 * @param mainMs main time (持ち時間), used first
 * @param byoyomiMs the byoyomi (秒読み) each move must be made within once main time is gone; 0 for none
 * @param periods byoyomi periods (1 in the usual game); 0 exactly when {@code byoyomiMs} is 0
 * @param incrementMs Fischer increment added to main time after each of this player's moves
 * @param considerUnits one-minute consideration units (考慮時間, NHK style)
 */
public record SideTimeControl(long mainMs, long byoyomiMs, int periods, long incrementMs, int considerUnits) {
    /** The length of one consideration unit: one minute. */
    public static final long CONSIDER_UNIT_MS = 60_000L;

    /** No clock at all: nothing is charged and time never runs out. */
    public static final SideTimeControl UNLIMITED = new SideTimeControl(0, 0, 0, 0, 0);

    public SideTimeControl {
        if (mainMs < 0 || byoyomiMs < 0 || incrementMs < 0 || periods < 0 || considerUnits < 0) {
            throw new IllegalArgumentException("negative time control value: main " + mainMs + " ms, byoyomi "
                    + byoyomiMs + " ms, periods " + periods + ", increment " + incrementMs + " ms, consider "
                    + considerUnits);
        }
        if ((byoyomiMs == 0) != (periods == 0)) {
            throw new IllegalArgumentException("byoyomi periods must be 0 exactly when there is no byoyomi: byoyomi "
                    + byoyomiMs + " ms, periods " + periods);
        }
    }

    /** Sudden death (切れ負け): main time alone. */
    public static SideTimeControl suddenDeath(long mainMs) {
        return new SideTimeControl(mainMs, 0, 0, 0, 0);
    }

    /** Main time then one byoyomi period, the usual amateur tournament control. */
    public static SideTimeControl byoyomi(long mainMs, long byoyomiMs) {
        return new SideTimeControl(mainMs, byoyomiMs, byoyomiMs == 0 ? 0 : 1, 0, 0);
    }

    /** Whether this side plays without a clock. */
    public boolean unlimited() {
        return mainMs == 0 && byoyomiMs == 0 && considerUnits == 0 && incrementMs == 0;
    }

    /** The clock this side starts the game with. */
    public SideClock initialClock() {
        return new SideClock(mainMs, byoyomiMs, periods, considerUnits, false, 0);
    }
}
