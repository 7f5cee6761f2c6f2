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
    private org.shogiban.hal.segment.FourDigits[] digits;

    @Override
    public synchronized void show(ClockFace sente, ClockFace gote) {
        history.add(new Shown(Objects.requireNonNull(sente), Objects.requireNonNull(gote)));
        digits = null;
    }

    @Override
    public synchronized void blank() {
        history.add(new Shown(null, null));
        digits = null;
    }

    @Override
    public synchronized void showDigits(org.shogiban.hal.segment.FourDigits sente,
                                        org.shogiban.hal.segment.FourDigits gote) {
        digits = new org.shogiban.hal.segment.FourDigits[] {Objects.requireNonNull(sente), Objects.requireNonNull(gote)};
    }

    /** The raw digits shown last (sente's, gote's), empty unless the last update was {@link #showDigits}. */
    public synchronized Optional<List<org.shogiban.hal.segment.FourDigits>> digits() {
        return digits == null ? Optional.empty() : Optional.of(List.of(digits));
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
