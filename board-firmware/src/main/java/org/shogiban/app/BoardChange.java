package org.shogiban.app;

import java.util.List;
import java.util.Objects;
import org.shogiban.link.LoggedEvent;
import org.shogiban.session.BoardEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;

/**
 * One input's change as the runtime's stages see it: what the session returned, the link's events for it with their
 * numbers (given once, by the event numbering), and the session as it stands after it (read on the runtime's thread
 * only).
 *
 * @param change what the session returned for the input (its events never empty), built once
 * @param numbered the link's events for them, numbered; empty when the link is not attached or none applies
 * @param session the session after the input
 * @param nowMillis the input's time on the scan clock
 */
public record BoardChange(SessionChange change, List<LoggedEvent> numbered, GameSession session, long nowMillis) {
    public BoardChange {
        Objects.requireNonNull(change, "change");
        numbered = List.copyOf(numbered);
        Objects.requireNonNull(session, "session");
    }

    /** What the session returned for the input, in order. */
    public List<BoardEvent> events() {
        return change.events();
    }

    /** The game's record as the input left it (null before the first game). */
    public GameRecord record() {
        return change.record();
    }
}
