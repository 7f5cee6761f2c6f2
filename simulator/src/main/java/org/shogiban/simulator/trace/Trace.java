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

    public Trace {
        events = List.copyOf(events);
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
