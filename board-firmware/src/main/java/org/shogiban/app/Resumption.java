package org.shogiban.app;

import java.time.Clock;
import java.util.Optional;
import java.util.function.Consumer;
import org.shogiban.journal.JournalRecovery;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the board starts on a state directory: the game in progress in the journal is resumed; a game being set up as
 * a request asked (players, time control, start, mode) is set up again as asked; a damaged journal resumes as of its
 * last whole entry before the damage; a finished game or a state that does not replay starts a new game, and says
 * why. The same for the service and the
 * console board.
 */
public final class Resumption {
    private static final Logger log = LoggerFactory.getLogger(Resumption.class);

    private Resumption() {
    }

    /**
     * The session to run: resumed from the journal, or new.
     *
     * @param say where the board tells people what it found (the console prints it; the service logs)
     */
    public static GameSession session(GameSettings settings, Clock wallClock, SessionJournal journal,
                                      long nowMillis, Consumer<String> say) {
        JournalRecovery recovery = journal.recovery();
        if (recovery.damaged()) {
            say.accept("journal damaged (" + recovery.problem().orElse("?") + "); kept aside as "
                    + recovery.setAside().map(Object::toString).orElse("?") + "; "
                    + (recovery.entries().isEmpty() ? "no whole entry before the damage: a new game starts"
                    : "the board goes on as of the last whole entry before the damage"));
        } else if (recovery.problem().isPresent()) {
            say.accept("journal: " + recovery.problem().get());
        }
        Optional<SessionState> saved = journal.gameInProgress();
        if (saved.isPresent()) {
            try {
                GameSession session = GameSession.resume(settings, wallClock, saved.get(), nowMillis);
                say.accept("resuming the game in progress after " + saved.get().moves().size()
                        + " plies: check the pieces");
                return session;
            } catch (IllegalArgumentException e) {
                log.error("the journalled game cannot be resumed", e);
                say.accept("the journalled game cannot be resumed (" + e.getMessage() + "); a new game starts");
            }
        }
        Optional<SessionState> last = journal.lastState();
        if (last.isPresent() && last.get().phase().equals("SETUP") && last.get().asked() != null) {
            try {
                GameSession session = GameSession.settingUp(settings, wallClock, last.get());
                say.accept("setting up the game asked for before the restart");
                return session;
            } catch (IllegalArgumentException e) {
                log.error("the journalled new game cannot be set up", e);
                say.accept("the journalled new game cannot be set up (" + e.getMessage() + "); the board's settings"
                        + " are used");
            }
        }
        return new GameSession(settings, wallClock);
    }
}
