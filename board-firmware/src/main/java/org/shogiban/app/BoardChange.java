package org.shogiban.app;

import java.util.List;
import java.util.Objects;
import org.shogiban.link.LoggedEvent;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;

/**
 * One input's change as the runtime's stages see it: what the session returned, the link's events for it with their
 * numbers (given once, by the event numbering), and the session as it stands after it (read on the runtime's thread
 * only).
 *
 * @param events what the session returned for the input, in order (never empty)
 * @param numbered the link's events for them, numbered; empty when the link is not attached or none applies
 * @param session the session after the input
 * @param nowMillis the input's time on the scan clock
 */
public record BoardChange(List<BoardEvent> events, List<LoggedEvent> numbered, GameSession session, long nowMillis) {
    public BoardChange {
        events = List.copyOf(events);
        numbered = List.copyOf(numbered);
        Objects.requireNonNull(session, "session");
    }
}
