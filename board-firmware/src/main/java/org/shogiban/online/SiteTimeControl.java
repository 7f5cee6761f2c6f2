package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.shogiban.clock.SideTimeControl;
import org.shogiban.clock.TimeControl;

/**
 * The board's time control in lishogi's words and back: a seek's form (minutes, increment, byoyomi seconds,
 * periods), a challenge's ({@code clock.limit} in seconds ...), and a game's {@code clock} as the board's text. The
 * Board API plays only games long enough: an estimated total (main + 60·increment + 25·periods·byoyomi seconds) of
 * at least 300 s casual, 900 s rated ({@link #boardCompatible}).
 */
public final class SiteTimeControl {
    /** Casual games the Board API plays: at least this estimated total, in seconds. */
    public static final long CASUAL_MIN_SECONDS = 300;
    /** Rated games: at least this. */
    public static final long RATED_MIN_SECONDS = 900;

    private SiteTimeControl() {
    }

    /** lishogi's estimate of a game's length, in seconds: main + 60·increment + 25·periods·byoyomi. */
    public static long estimatedSeconds(SideTimeControl t) {
        return t.mainMs() / 1000 + 60 * t.incrementMs() / 1000 + 25L * Math.max(1, t.periods())
                * (t.byoyomiMs() / 1000) * (t.byoyomiMs() > 0 ? 1 : 0);
    }

    /**
     * Why lishogi's clocks cannot show this time control at all (no clock, sides differing, fractions), or null;
     * whether a game is long enough for the Board API is the site's to judge.
     */
    public static String refusal(TimeControl tc) {
        if (tc.isNone()) {
            return "lishogi plays the Board API's games with a clock: give time=main=...,byoyomi=...";
        }
        if (!tc.sente().equals(tc.gote())) {
            return "lishogi plays both sides on the same clock";
        }
        SideTimeControl t = tc.sente();
        if (t.mainMs() % 15_000 != 0 || t.mainMs() > 180 * 60_000L || t.byoyomiMs() % 1000 != 0
                || t.byoyomiMs() > 180_000 || t.incrementMs() % 1000 != 0 || t.incrementMs() > 180_000
                || t.periods() > 5 || t.considerUnits() > 0) {
            return "lishogi's clocks are minutes (0-180, or 1/4, 1/2, 3/4, 3/2), increment and byoyomi in seconds "
                    + "(0-180), 0-5 periods; no thinking units";
        }
        // too short a game for the Board API is the site's to say (its 400 gives its own words)
        return null;
    }

    /** Whether lishogi's Board API plays this time control ({@link #estimatedSeconds} against the minimum). */
    public static boolean boardCompatible(TimeControl tc, boolean rated) {
        return !tc.isNone() && estimatedSeconds(tc.sente()) >= (rated ? RATED_MIN_SECONDS : CASUAL_MIN_SECONDS);
    }

    /** A seek's form fields for the time control. */
    public static Map<String, String> seekForm(TimeControl tc) {
        SideTimeControl t = tc.sente();
        Map<String, String> form = new LinkedHashMap<>();
        double minutes = t.mainMs() / 60_000d;
        form.put("time", minutes == Math.rint(minutes) ? Long.toString((long) minutes) : Double.toString(minutes));
        form.put("increment", Long.toString(t.incrementMs() / 1000));
        form.put("byoyomi", Long.toString(t.byoyomiMs() / 1000));
        form.put("periods", Integer.toString(t.byoyomiMs() > 0 ? Math.max(1, t.periods()) : 0));
        return form;
    }

    /** A challenge's form fields for the time control ({@code clock.limit} in seconds). */
    public static Map<String, String> challengeForm(TimeControl tc) {
        SideTimeControl t = tc.sente();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("clock.limit", Long.toString(t.mainMs() / 1000));
        form.put("clock.increment", Long.toString(t.incrementMs() / 1000));
        form.put("clock.byoyomi", Long.toString(t.byoyomiMs() / 1000));
        form.put("clock.periods", Integer.toString(t.byoyomiMs() > 0 ? Math.max(1, t.periods()) : 0));
        return form;
    }

    /** A game's {@code clock} ({@code initial}, {@code increment}, {@code byoyomi} in ms, {@code periods}) as the board's text; null without. */
    public static String fromGame(JsonNode clock) {
        if (clock == null || clock.isNull() || clock.isMissingNode()) {
            return null;
        }
        long main = clock.path("initial").asLong() / 1000;
        long inc = clock.path("increment").asLong() / 1000;
        long byo = clock.path("byoyomi").asLong() / 1000;
        int periods = clock.path("periods").asInt(byo > 0 ? 1 : 0);
        StringBuilder s = new StringBuilder("main=" + main);
        if (byo > 0) {
            s.append(",byoyomi=").append(byo);
            if (periods > 1) {
                s.append(",periods=").append(periods);
            }
        }
        if (inc > 0) {
            s.append(",increment=").append(inc);
        }
        try {
            return TimeControl.parse(s.toString()).spec();
        } catch (RuntimeException e) {
            return s.toString();
        }
    }
}
