package org.shogiban.simulator.web;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.shogiban.rules.Side;

/**
 * A stand-in for the game session's byoyomi clock (issue 8) while the board application has none: it charges each
 * side the time between the moves the firmware counted, main time first, then byoyomi periods, with a Fischer
 * increment. It only shows time; it never ends a game on time. Pure: the time is passed in. Not thread-safe; the
 * adapter owns it.
 */
final class InterimClock {
    /** The time control the web command starts with when none is given. */
    static final String DEFAULT_SPEC = "main=600,byoyomi=30,periods=1";

    /**
     * A time control read from its text, per side (index 0 sente, 1 gote), in milliseconds.
     *
     * @param text the text it was read from
     */
    record Control(String text, long[] mainMs, long[] byoyomiMs, int[] periods, long[] incrementMs,
                   int[] considerUnits) {
    }

    private final Control control;
    private final long[] mainLeft = new long[2];
    private final int[] periodsLeft = new int[2];
    private Side running;
    private long turnStart;

    InterimClock(Control control) {
        this.control = control;
        for (int s = 0; s < 2; s++) {
            mainLeft[s] = control.mainMs()[s];
            periodsLeft[s] = control.periods()[s];
        }
    }

    /**
     * Reads {@code main=600,byoyomi=30,periods=1,increment=0,consider=0} (seconds; any key may be left out;
     * {@code sente.main=...} for one side). Throws IllegalArgumentException naming the key or value that is wrong.
     */
    static Control parse(String spec) {
        long[] main = {0, 0};
        long[] byoyomi = {0, 0};
        int[] periods = {-1, -1};
        long[] increment = {0, 0};
        int[] consider = {0, 0};
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("the time control is empty; e.g. " + DEFAULT_SPEC);
        }
        for (String item : spec.strip().split(",")) {
            int eq = item.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("time control item '" + item + "' is not key=value");
            }
            String key = item.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String value = item.substring(eq + 1).strip();
            int first = 0;
            int last = 1;
            if (key.startsWith("sente.")) {
                key = key.substring(6);
                last = 0;
            } else if (key.startsWith("gote.")) {
                key = key.substring(5);
                first = 1;
            }
            long n;
            try {
                n = Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("time control key '" + item.substring(0, eq).strip()
                        + "': '" + value + "' is not a whole number");
            }
            if (n < 0 || n > 360_000) {
                throw new IllegalArgumentException("time control key '" + item.substring(0, eq).strip() + "': " + n
                        + " is out of range 0..360000");
            }
            for (int s = first; s <= last; s++) {
                switch (key) {
                    case "main" -> main[s] = n * 1000;
                    case "byoyomi" -> byoyomi[s] = n * 1000;
                    case "periods" -> periods[s] = (int) Math.min(n, 99);
                    case "increment" -> increment[s] = n * 1000;
                    case "consider" -> consider[s] = (int) Math.min(n, 99);
                    default -> throw new IllegalArgumentException("unknown time control key '"
                            + item.substring(0, eq).strip() + "'; keys are main, byoyomi, periods, increment,"
                            + " consider (sente. or gote. before one for one side)");
                }
            }
        }
        for (int s = 0; s < 2; s++) {
            if (periods[s] < 0) {
                periods[s] = byoyomi[s] > 0 ? 1 : 0;
            }
        }
        return new Control(spec.strip(), main, byoyomi, periods, increment, consider);
    }

    /** The side to move's time starts. */
    void start(Side side, long now) {
        running = side;
        turnStart = now;
    }

    /** The mover's turn ends at {@code now}: charge them and start {@code next}'s time. */
    void switchTo(Side next, long now) {
        if (running != null) {
            charge(running, now);
        }
        running = next;
        turnStart = now;
    }

    /** No side's time runs (the game is over or not begun); the running side is charged up to now. */
    void stop(long now) {
        if (running != null) {
            charge(running, now);
        }
        running = null;
    }

    private void charge(Side side, long now) {
        int s = side.ordinal();
        long[] state = remaining(s, Math.max(0, now - turnStart));
        mainLeft[s] = state[0] + control.incrementMs()[s];
        periodsLeft[s] = (int) state[1];
    }

    /** Main time left and periods left after spending {@code spent} ms this turn, and the byoyomi period's time. */
    private long[] remaining(int s, long spent) {
        long byoyomi = control.byoyomiMs()[s];
        if (spent <= mainLeft[s]) {
            return new long[] {mainLeft[s] - spent, periodsLeft[s], byoyomi};
        }
        long over = spent - mainLeft[s];
        if (byoyomi == 0) {
            return new long[] {0, periodsLeft[s], 0};
        }
        long lost = over / byoyomi;
        long periods = Math.max(0, periodsLeft[s] - lost);
        return new long[] {0, periods, periods == 0 ? 0 : byoyomi - over % byoyomi};
    }

    /** The issue-8 clock object at {@code now}: {@code running} and per side mainMs, byoyomiMs, periods, considerUnits. */
    ObjectNode toJson(long now) {
        ObjectNode clock = JsonNodeFactory.instance.objectNode();
        clock.put("running", running == null ? "none" : running.label());
        for (Side side : Side.values()) {
            int s = side.ordinal();
            long[] state = side == running ? remaining(s, Math.max(0, now - turnStart))
                    : new long[] {mainLeft[s], periodsLeft[s], control.byoyomiMs()[s]};
            ObjectNode face = clock.putObject(side.label());
            face.put("mainMs", state[0]);
            face.put("byoyomiMs", state[0] > 0 ? control.byoyomiMs()[s] : state[2]);
            face.put("periods", (int) state[1]);
            face.put("considerUnits", control.considerUnits()[s]);
        }
        clock.put("control", control.text());
        return clock;
    }
}
