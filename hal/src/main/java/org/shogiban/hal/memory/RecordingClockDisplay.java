package org.shogiban.hal.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.hal.ClockDisplay;
import org.shogiban.hal.ClockFace;

/** A clock display that keeps what it was told to show. Thread-safe. */
public final class RecordingClockDisplay implements ClockDisplay {
    /** One update of both clocks; both faces are null for a blanking. */
    public record Shown(ClockFace sente, ClockFace gote) {
        /** Whether this update blanked the displays. */
        public boolean blank() {
            return sente == null;
        }
    }

    private final List<Shown> history = new ArrayList<>();

    @Override
    public synchronized void show(ClockFace sente, ClockFace gote) {
        history.add(new Shown(Objects.requireNonNull(sente), Objects.requireNonNull(gote)));
    }

    @Override
    public synchronized void blank() {
        history.add(new Shown(null, null));
    }

    /** What shows now: empty when blank or never shown. */
    public synchronized Optional<Shown> current() {
        return history.isEmpty() || history.get(history.size() - 1).blank()
                ? Optional.empty() : Optional.of(history.get(history.size() - 1));
    }

    /** Every update, oldest first. */
    public synchronized List<Shown> history() {
        return List.copyOf(history);
    }
}
