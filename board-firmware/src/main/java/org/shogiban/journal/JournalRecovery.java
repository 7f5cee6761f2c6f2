package org.shogiban.journal;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link Journal#open} found in the state directory.
 *
 * @param entries the whole entries read, oldest first (empty for a new journal; for a damaged one, the whole entries
 *                before the damage, which the new journal holds)
 * @param problem what was wrong, for the log and the console; empty when the journal was read cleanly
 * @param setAside where a damaged journal was moved (kept for inspection); empty unless damaged
 * @param salvaged the whole entries read before the damage in a journal set aside (the new journal holds them too)
 */
public record JournalRecovery(List<JournalEntry> entries, Optional<String> problem, Optional<Path> setAside,
                              List<JournalEntry> salvaged) {
    public JournalRecovery {
        entries = List.copyOf(entries);
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(setAside, "setAside");
        salvaged = List.copyOf(salvaged);
    }

    /** Whether the journal was damaged and set aside (a new one holds its whole entries before the damage). */
    public boolean damaged() {
        return setAside.isPresent();
    }

    /** Whether the journal was read without any problem. */
    public boolean clean() {
        return problem.isEmpty();
    }
}
