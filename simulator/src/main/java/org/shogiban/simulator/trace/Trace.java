package org.shogiban.simulator.trace;

import java.util.List;
import java.util.Optional;
import org.shogiban.hal.SensorKind;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.rules.Position;

/**
 * A handling trace: where the game starts, which sensors the board has (when the trace says), how long the board is
 * left alone after the last event, and the events in time order.
 */
public record Trace(Position start, Optional<SensorKind> sensors, long endMillis, List<TraceEvent> events) {
    /** How long the board is left alone after the last event when the trace does not say. */
    public static final long DEFAULT_END_MILLIS = 2000;
    /**
     * The latest time a trace may name, for an event or the end: 24 hours of board time. A game's handling lasts
     * hours at most, and simulating a day at 100 Hz already takes minutes; a bound also keeps sums far from overflow.
     */
    public static final long MAX_MILLIS = 24L * 60 * 60 * 1000;

    public Trace {
        events = List.copyOf(events);
        if (endMillis < 0 || endMillis > MAX_MILLIS) {
            throw new IllegalArgumentException("end " + endMillis + " ms is outside 0.." + MAX_MILLIS + " (24 h)");
        }
        if (!events.isEmpty() && events.getLast().timeMillis() > MAX_MILLIS) {
            throw new IllegalArgumentException("event time " + events.getLast().timeMillis() + " ms is beyond "
                    + MAX_MILLIS + " (24 h)");
        }
        for (int i = 1; i < events.size(); i++) {
            if (events.get(i).timeMillis() < events.get(i - 1).timeMillis()) {
                throw new IllegalArgumentException("trace events go back in time at event " + (i + 1));
            }
        }
    }

    /** When the board is last looked at: the last event's time plus the end time. */
    public long finishMillis() {
        return (events.isEmpty() ? 0 : events.get(events.size() - 1).timeMillis()) + endMillis;
    }

    /** The trace in the text format, readable by {@link TraceParser}. */
    public String toText() {
        StringBuilder sb = new StringBuilder();
        sb.append("# start ").append(start.equals(Position.startpos()) ? "startpos" : start.toSfen()).append('\n');
        sensors.ifPresent(s -> sb.append("# sensors ").append(SensorKinds.label(s)).append('\n'));
        sb.append("# end ").append(endMillis).append('\n');
        for (TraceEvent e : events) {
            sb.append(e.text()).append('\n');
        }
        return sb.toString();
    }
}
