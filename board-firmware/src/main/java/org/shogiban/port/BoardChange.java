package org.shogiban.port;

import java.util.List;
import java.util.Objects;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.SessionChange;

/**
 * One input's change as the runtime's stages and the parts see it: what the session returned (its events and the
 * typed facts as it left them), the link's events for it with their numbers (given once, by the assembly's event
 * numbering), and the input's time. Immutable: no listener ever gets the mutable session.
 *
 * @param change what the session returned for the input (its events never empty), built once
 * @param numbered the link's events for them, numbered; empty when none applies
 * @param nowMillis the input's time on the scan clock
 */
public record BoardChange(SessionChange change, List<LoggedEvent> numbered, long nowMillis) {
    public BoardChange {
        Objects.requireNonNull(change, "change");
        numbered = List.copyOf(numbered);
    }

    /** What the session returned for the input, in order. */
    public List<BoardEvent> events() {
        return change.events();
    }

    /** The board's typed facts as the input left them. */
    public BoardFacts facts() {
        return change.facts();
    }

    /** The game's record as the input left it (null before the first game). */
    public GameRecord record() {
        return change.record();
    }
}
