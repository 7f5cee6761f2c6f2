package org.shogiban.app;

import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;

/**
 * Where the runtime writes every change of the game before anything acknowledges it (the journal). Called on the
 * runtime's thread; a failure is the journal's to log, the board goes on.
 */
public interface ChangeJournal {
    /** A journal that keeps nothing (tests, the console without {@code --state}). */
    ChangeJournal NONE = new ChangeJournal() {
        @Override
        public void changed(SessionChange change, long nowMillis) {
        }

        @Override
        public void passed(GameSession session, long nowMillis) {
        }

        @Override
        public long lastSeq() {
            return 0;
        }
    };

    /**
     * The session's change for one input (its events and the state they left); a change whose events change the game
     * is written and forced now.
     */
    void changed(SessionChange change, long nowMillis);

    /** One pass went by: a running clock is checkpointed now and then. */
    void passed(GameSession session, long nowMillis);

    /** The last sequence number written (0 when none). */
    long lastSeq();
}
