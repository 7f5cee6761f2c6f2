package org.shogiban.clock;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NavigableSet;
import java.util.Objects;
import java.util.TreeSet;

/**
 * When the clock beeps: a short beep as the time left in the running phase (main time, each byoyomi period, each
 * consideration unit) reaches a mark, and a long tone when time runs out. A mark equal to the full length of a phase
 * is not crossed in it (a 30 s byoyomi does not beep at 30), since it is where the phase starts.
 *
 * <p>Text form: marks in seconds separated by commas, and {@code lastN} for every second from N down to 1
 * ({@code 60,30,20,10,last10}, the default); {@code silent} (or {@code none}) for no sound at all. The long tone at
 * time up is part of every schedule except the silent one.
 *
 * @param marksMs the marks in milliseconds left, highest first
 * @param longToneAtTimeUp whether time up sounds a long tone
 */
public record BeepSchedule(List<Long> marksMs, boolean longToneAtTimeUp) {
    /** No sound at all (for tests and quiet rooms). */
    public static final BeepSchedule SILENT = new BeepSchedule(List.of(), false);

    /** The default text: 60, 30, 20 and 10 seconds left, then each second of the last ten. */
    public static final String DEFAULT_SPEC = "60,30,20,10,last10";

    /** The default schedule, as shogi clocks sound. */
    public static final BeepSchedule DEFAULT = parse(DEFAULT_SPEC);

    private static final long MAX_MARK_S = 360_000L;
    private static final long MAX_LAST = 60;

    public BeepSchedule {
        NavigableSet<Long> sorted = new TreeSet<>(Collections.reverseOrder());
        for (Long mark : Objects.requireNonNull(marksMs, "marksMs")) {
            if (mark == null || mark <= 0) {
                throw new IllegalArgumentException("a beep mark must be positive, got " + mark);
            }
            sorted.add(mark);
        }
        marksMs = List.copyOf(sorted);
    }

    /**
     * Reads a schedule text.
     *
     * @throws TimeControlException naming the item at fault and what is allowed
     */
    public static BeepSchedule parse(String spec) {
        String text = Objects.requireNonNull(spec, "spec").strip();
        if (text.equalsIgnoreCase("silent") || text.equalsIgnoreCase("none")) {
            return SILENT;
        }
        List<Long> marks = new ArrayList<>();
        String[] items = text.split(",", -1);
        for (int i = 0; i < items.length; i++) {
            String item = items[i].strip();
            if (item.isEmpty()) {
                throw new TimeControlException("beep schedule: empty item " + (i + 1) + " in '" + spec
                        + "'; write seconds and lastN separated by commas, e.g. " + DEFAULT_SPEC);
            }
            if (item.startsWith("last")) {
                long n = number(item, item.substring(4), MAX_LAST);
                for (long s = n; s >= 1; s--) {
                    marks.add(s * 1000);
                }
            } else {
                marks.add(number(item, item, MAX_MARK_S) * 1000);
            }
        }
        return new BeepSchedule(marks, true);
    }

    /** The canonical text: marks highest first, a run down to 1 second written {@code lastN}. */
    public String spec() {
        if (marksMs.isEmpty()) {
            return longToneAtTimeUp ? "" : "silent";
        }
        int run = 0; // how many of the lowest marks are exactly run..1 seconds
        for (int i = marksMs.size() - 1; i >= 0 && marksMs.get(i) == (long) (marksMs.size() - i) * 1000; i--) {
            run++;
        }
        List<String> items = new ArrayList<>();
        int plain = run >= 2 ? marksMs.size() - run : marksMs.size();
        for (int i = 0; i < plain; i++) {
            items.add(Long.toString(marksMs.get(i) / 1000));
        }
        if (run >= 2) {
            items.add("last" + run);
        }
        return String.join(",", items);
    }

    private static long number(String item, String digits, long max) {
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9') || digits.length() > 9) {
            throw new TimeControlException("beep schedule: '" + item + "' is neither whole seconds nor lastN; "
                    + "allowed 1.." + MAX_MARK_S + " seconds or last1..last" + MAX_LAST);
        }
        long n = Long.parseLong(digits);
        if (n < 1 || n > max) {
            throw new TimeControlException("beep schedule: '" + item + "' is out of range; allowed 1.." + max);
        }
        return n;
    }
}
