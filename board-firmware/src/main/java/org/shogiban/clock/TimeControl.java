package org.shogiban.clock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.shogiban.rules.Side;

/**
 * The time control of a game, read from one text used alike on the command line, in the configuration and over the
 * link: {@code main=600,byoyomi=30,periods=1,increment=0,consider=0}.
 *
 * <p>Values are whole seconds (consideration: a count of one-minute units). Any key may be left out; the defaults are
 * main 0, byoyomi 0, periods 1 (when there is a byoyomi), increment 0, consider 0, but a side must get some time
 * (main, byoyomi or consideration). {@code sente.KEY=...} and {@code gote.KEY=...} give one side a different value
 * (handicap games); a per-side key overrides the common key whatever their order. {@code none} (or
 * {@code unlimited}) is a game without a clock. Sudden death (切れ負け) is main time alone ({@code byoyomi=0}).
 *
 * <p>Allowed ranges: main 0..360000 s (100 hours), byoyomi 0..3600 s, periods 1..99 with a byoyomi (0 or 1 is
 * accepted and ignored without one), increment 0..3600 s, consider 0..99 units. Anything else (unknown key,
 * duplicate key, empty item, a value that is not a whole number, out of range) is a {@link TimeControlException}
 * naming the key, the value and what is allowed.
 *
 * @param sente sente's time
 * @param gote gote's time
 */
public record TimeControl(SideTimeControl sente, SideTimeControl gote) {
    /** A game without a clock. */
    public static final TimeControl NONE = new TimeControl(SideTimeControl.UNLIMITED, SideTimeControl.UNLIMITED);

    /** The keys in canonical order. */
    private static final List<String> KEYS = List.of("main", "byoyomi", "periods", "increment", "consider");
    private static final long MAX_MAIN_S = 360_000L;
    private static final long MAX_BYOYOMI_S = 3_600L;
    private static final long MAX_INCREMENT_S = 3_600L;
    private static final long MAX_PERIODS = 99;
    private static final long MAX_CONSIDER = 99;

    public TimeControl {
        Objects.requireNonNull(sente, "sente");
        Objects.requireNonNull(gote, "gote");
        if (sente.unlimited() != gote.unlimited()) {
            throw new IllegalArgumentException("either both sides play with a clock or neither does");
        }
    }

    /** The same time for both players. */
    public static TimeControl both(SideTimeControl each) {
        return new TimeControl(each, each);
    }

    /** One player's time. */
    public SideTimeControl of(Side side) {
        return side == Side.SENTE ? sente : gote;
    }

    /** Whether the game is played without a clock. */
    public boolean isNone() {
        return sente.unlimited();
    }

    /**
     * Reads a time control text.
     *
     * @throws TimeControlException naming the key and value at fault and what is allowed
     */
    public static TimeControl parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String text = spec.strip();
        if (text.equalsIgnoreCase("none") || text.equalsIgnoreCase("unlimited")) {
            return NONE;
        }
        if (text.isEmpty()) {
            throw new TimeControlException("time control: empty text; write key=value items such as "
                    + "main=600,byoyomi=30 or 'none' for no clock");
        }
        Map<String, Long> given = new HashMap<>();
        String[] items = text.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            String item = items[i].strip();
            if (item.isEmpty()) {
                throw new TimeControlException("time control: empty item " + (i + 1) + " in '" + spec
                        + "'; items are key=value separated by single commas");
            }
            int eq = item.indexOf('=');
            if (eq < 0) {
                throw new TimeControlException("time control: item '" + item + "' has no '='; write key=value, "
                        + "keys " + allowedKeys());
            }
            String key = item.substring(0, eq).strip();
            String value = item.substring(eq + 1).strip();
            String bare = key.startsWith("sente.") ? key.substring(6) : key.startsWith("gote.") ? key.substring(5) : key;
            if (!KEYS.contains(bare)) {
                throw new TimeControlException("time control: unknown key '" + key + "' in '" + item + "'; keys "
                        + allowedKeys());
            }
            Long previous = given.put(key, value(key, bare, value));
            if (previous != null) {
                throw new TimeControlException("time control: duplicate key " + key + " (" + key + "=" + previous
                        + " and " + item + "); give each key once");
            }
        }
        return new TimeControl(side("sente", given), side("gote", given));
    }

    /** The canonical text: every key in a fixed order, per-side keys only where the sides differ. */
    public String spec() {
        if (isNone()) {
            return "none";
        }
        List<String> items = new ArrayList<>();
        for (String key : KEYS) {
            long s = seconds(sente, key);
            long g = seconds(gote, key);
            if (s == g) {
                items.add(key + "=" + s);
            } else {
                items.add("sente." + key + "=" + s);
                items.add("gote." + key + "=" + g);
            }
        }
        return String.join(",", items);
    }

    @Override
    public String toString() {
        return spec();
    }

    private static long seconds(SideTimeControl side, String key) {
        return switch (key) {
            case "main" -> side.mainMs() / 1000;
            case "byoyomi" -> side.byoyomiMs() / 1000;
            case "periods" -> side.periods();
            case "increment" -> side.incrementMs() / 1000;
            case "consider" -> side.considerUnits();
            default -> throw new IllegalStateException(key);
        };
    }

    private static long value(String key, String bare, String value) {
        long max = switch (bare) {
            case "main" -> MAX_MAIN_S;
            case "byoyomi" -> MAX_BYOYOMI_S;
            case "increment" -> MAX_INCREMENT_S;
            case "periods" -> MAX_PERIODS;
            default -> MAX_CONSIDER;
        };
        String unit = bare.equals("periods") ? "" : bare.equals("consider") ? " one-minute units" : " seconds";
        String allowed = bare.equals("periods") ? "1.." + max : "0.." + max + unit;
        if (bare.equals("main")) {
            allowed += " (100 hours)";
        }
        if (value.startsWith("-")) {
            throw new TimeControlException("time control: " + key + "=" + value + " is negative; allowed "
                    + allowed);
        }
        if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new TimeControlException("time control: " + key + "=" + value + " is not a whole number; allowed "
                    + allowed);
        }
        String digits = value.replaceFirst("^0+(?=.)", "");
        if (digits.length() > 9 || Long.parseLong(digits) > max) {
            throw new TimeControlException("time control: " + key + "=" + value + " is too large; allowed "
                    + allowed);
        }
        return Long.parseLong(digits);
    }

    private static SideTimeControl side(String name, Map<String, Long> given) {
        long main = pick(name, "main", given, 0);
        long byoyomi = pick(name, "byoyomi", given, 0);
        String periodsKey = given.containsKey(name + ".periods") ? name + ".periods" : "periods";
        long periods = pick(name, "periods", given, 1);
        long increment = pick(name, "increment", given, 0);
        long consider = pick(name, "consider", given, 0);
        if (byoyomi > 0 && periods == 0) {
            throw new TimeControlException("time control: " + periodsKey + "=0 with a byoyomi of " + byoyomi
                    + " s; allowed 1.." + MAX_PERIODS + " (write byoyomi=0 for sudden death)");
        }
        if (byoyomi == 0 && periods > 1) {
            throw new TimeControlException("time control: " + periodsKey + "=" + periods + " but " + name
                    + " has no byoyomi; periods need byoyomi > 0");
        }
        if (main == 0 && byoyomi == 0 && consider == 0) {
            throw new TimeControlException("time control: " + name + " gets no time (main, byoyomi and consider "
                    + "are all 0); give main or byoyomi, or write 'none' for a game without a clock");
        }
        return new SideTimeControl(main * 1000, byoyomi * 1000, byoyomi == 0 ? 0 : (int) periods,
                increment * 1000, (int) consider);
    }

    private static long pick(String side, String key, Map<String, Long> given, long fallback) {
        Long own = given.get(side + "." + key);
        if (own != null) {
            return own;
        }
        Long common = given.get(key);
        return common != null ? common : fallback;
    }

    private static String allowedKeys() {
        return String.join(", ", KEYS) + ", each also as sente.KEY or gote.KEY (or the whole text 'none')";
    }
}
