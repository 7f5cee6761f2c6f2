package org.shogiban.simulator.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.rules.GameStart;
import org.shogiban.rules.Position;
import org.shogiban.simulator.physical.PhysicalBoard;

/**
 * Reads the handling trace format: one event per line, {@code <milliseconds> <action> <place> [up|down]}.
 *
 * <ul>
 *   <li>{@code 1200 lift 7g}, {@code 1350 place 7f}, {@code 1350 place 2b down} (promoted side up),
 *       {@code 900 lift sente:P}, {@code 2000 place gote:R} (a komadai slot, one per unpromoted kind P L N S G B R);
 *   <li>{@code 2500 press clock-sente} (also {@code clock-gote}, {@code promote}, {@code confirm}, {@code arbiter},
 *       {@code menu});
 *   <li>{@code #} starts a comment; the headers {@code # start startpos}, {@code # start <sfen>},
 *       {@code # sensors occupancy|polarity} and {@code # end <ms>} (time left alone after the last event,
 *       2000 when absent) set up the board.
 *   <li>every time is 0..{@link Trace#MAX_MILLIS} (24 hours) in ASCII digits.
 * </ul>
 * Times never go back, and every event must be physically possible (no lifting from an empty square or slot, no
 * placing on an occupied square). Errors name the source and line.
 */
public final class TraceParser {
    private TraceParser() {
    }

    public static Trace parse(String text, String source) {
        Position start = Position.startpos();
        Optional<SensorKind> sensors = Optional.empty();
        long end = Trace.DEFAULT_END_MILLIS;
        List<TraceEvent> events = new ArrayList<>();
        String[] lines = text.split("\\R", -1);
        long lastTime = 0;
        PhysicalBoard board = null;
        for (int n = 1; n <= lines.length; n++) {
            String line = lines[n - 1].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                if (board != null && line.matches("#\\s*start\\b.*")) {
                    throw new TraceFormatException(source, n, "'# start' must come before the first event");
                }
                String header = line.substring(1).strip();
                String[] words = header.split("\\s+", 2);
                try {
                    switch (words[0]) {
                        case "start" -> start = words.length < 2 || words[1].equals("startpos")
                                ? Position.startpos()
                                : GameStart.check(Position.fromSfen(words[1].replaceFirst("^sfen\\s+", "")));
                        case "sensors" -> sensors = Optional.of(SensorKinds.parse(words.length < 2 ? "" : words[1]));
                        case "end" -> end = parseTime(words.length < 2 ? "" : words[1]);
                        default -> {
                            // a comment
                        }
                    }
                } catch (IllegalArgumentException e) {
                    throw new TraceFormatException(source, n, "header '" + line + "': " + e.getMessage());
                }
                continue;
            }
            TraceEvent event;
            try {
                event = parseEvent(line);
            } catch (IllegalArgumentException e) {
                throw new TraceFormatException(source, n, e.getMessage());
            }
            if (event.timeMillis() < lastTime) {
                throw new TraceFormatException(source, n, "time " + event.timeMillis() + " is before the previous "
                        + "event's " + lastTime);
            }
            lastTime = event.timeMillis();
            if (board == null) {
                board = new PhysicalBoard(start);
            }
            try {
                board.apply(event);
            } catch (IllegalStateException e) {
                throw new TraceFormatException(source, n, e.getMessage());
            }
            events.add(event);
        }
        return new Trace(start, sensors, end, events);
    }

    private static TraceEvent parseEvent(String line) {
        String[] w = line.split("\\s+");
        if (w.length < 3) {
            throw new IllegalArgumentException("'" + line + "' is not '<ms> lift|place <place> [up|down]' or"
                    + " '<ms> press <button>'");
        }
        long time = parseTime(w[0]);
        switch (w[1]) {
            case "lift" -> {
                requireWords(w, 3, line);
                return new TraceEvent.Lift(time, Place.parse(w[2]));
            }
            case "place" -> {
                if (w.length > 4) {
                    throw new IllegalArgumentException("'" + line + "' has too many words");
                }
                boolean down = false;
                if (w.length == 4) {
                    down = switch (w[3]) {
                        case "down" -> true;
                        case "up" -> false;
                        default -> throw new IllegalArgumentException("'" + w[3] + "' is not up or down");
                    };
                }
                Place place = Place.parse(w[2]);
                if (down && place instanceof Place.OnKomadai) {
                    throw new IllegalArgumentException("a piece on a komadai lies face up: '" + line + "'");
                }
                return new TraceEvent.Put(time, place, down);
            }
            case "press" -> {
                requireWords(w, 3, line);
                return new TraceEvent.Press(time, parseButton(w[2]));
            }
            default -> throw new IllegalArgumentException("unknown action '" + w[1] + "'; actions are lift, place,"
                    + " press");
        }
    }

    private static void requireWords(String[] w, int count, String line) {
        if (w.length != count) {
            throw new IllegalArgumentException("'" + line + "' has " + w.length + " words, expected " + count);
        }
    }

    private static long parseTime(String text) {
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
            throw new IllegalArgumentException("'" + shown + "' is not a time in milliseconds");
        }
        // more digits than any long holds are as far beyond the bound as Long.MAX_VALUE: never parsed, never wrapped
        if (text.length() > 18 || Long.parseLong(text) > Trace.MAX_MILLIS) {
            String shown = text.length() > 40 ? text.substring(0, 40) + "…" : text;
            throw new IllegalArgumentException("time " + shown + " ms is beyond " + Trace.MAX_MILLIS
                    + " (24 h of board time, the longest trace)");
        }
        return Long.parseLong(text);
    }

    static Button parseButton(String name) {
        for (Button b : Button.values()) {
            if (TraceEvent.buttonName(b).equals(name.toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown button '" + name + "'; buttons are clock-sente, clock-gote,"
                + " promote, confirm, arbiter, menu");
    }
}
