package org.shogiban.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.hal.FaultEvent;

/**
 * The journal's fault as the board shows a device's: what the runtime gives the session (a {@link FaultEvent} of
 * chip {@code journal (disk full)} at {@code journal.log}) when the journal's fault begins, changes or ends; nothing
 * while it stays the same, so it is said once.
 */
final class JournalFaultShown {
    /** The address the journal's fault is shown under (the journal's file name). */
    static final String ADDRESS = "journal.log";

    private FaultEvent shown;

    /**
     * The fault events to give the session now for the journal's fault {@code why} (empty when none): an end and a
     * beginning when it changed, nothing when it is what is shown.
     */
    List<FaultEvent> update(Optional<String> why, Optional<String> detail, long nowMillis) {
        String chip = why.map(w -> "journal (" + w + ")").orElse(null);
        if (Objects.equals(chip, shown == null ? null : shown.chip())) {
            return List.of();
        }
        List<FaultEvent> out = new ArrayList<>(2);
        if (shown != null) {
            out.add(new FaultEvent(shown.chip(), ADDRESS, FaultEvent.Type.RECOVERED, "the journal is written again",
                    nowMillis));
        }
        shown = chip == null ? null : new FaultEvent(chip, ADDRESS, FaultEvent.Type.FAILED,
                detail.orElse(why.get()) + "; the game goes on, the changes wait in memory", nowMillis);
        if (shown != null) {
            out.add(shown);
        }
        return out;
    }
}
