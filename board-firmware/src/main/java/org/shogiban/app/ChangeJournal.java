package org.shogiban.app;

import org.shogiban.port.BoardChange;
import java.util.Optional;
import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;

/**
 * Where the runtime writes every change of the game before anything acknowledges it (the journal): the first of the
 * runtime's stages. Called on the runtime's thread. When the disk refuses, the journal keeps the changes in memory and
 * says so in {@link #fault()}; the board goes on.
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

    /**
     * One input's change, with the link's numbers for its events: a journal that stores them writes them with the
     * change, so the numbering is on the disk with it. By default the events only.
     */
    default void changed(BoardChange change) {
        changed(change.change(), change.nowMillis());
    }

    /** One pass went by: a running clock is checkpointed now and then. */
    void passed(GameSession session, long nowMillis);

    /** The last sequence number written (0 when none). */
    long lastSeq();

    /**
     * Why the disk does not hold every change ({@code disk full}, {@code read-only}, ...); empty when it does. The
     * runtime shows it at once as a fault (status light, snapshot {@code faults}, the link's {@code FAULT}).
     */
    default Optional<String> fault() {
        return Optional.empty();
    }

    /** The fault's detail for people (file, system's words); empty when there is no fault. */
    default Optional<String> faultDetail() {
        return Optional.empty();
    }
}
