package org.shogiban.app;

import java.util.Objects;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.BoardView;
import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;

/**
 * The board's typed facts, and the one JSON snapshot written from them when someone asks: made again after every
 * change (the change's own facts) and otherwise at least every {@value #SNAPSHOT_MAX_AGE_MILLIS} ms while a clock
 * runs (its clock is at most that old), every {@value #SNAPSHOT_IDLE_AGE_MILLIS} ms while none does (nothing in them
 * moves with time then, but what changes without an event, a prompt's words, shows within this). Made on the
 * runtime's thread: a change's as soon as the journal took it, the others at the end of a pass; {@link #facts()} and
 * {@link #snapshot()} read from any thread.
 */
final class FactsKeeper {
    /** How old the facts' clock may be while a clock runs. */
    static final long SNAPSHOT_MAX_AGE_MILLIS = 100;
    /** How old the facts may be while no clock runs: an idle board does not make its facts ten times a second. */
    static final long SNAPSHOT_IDLE_AGE_MILLIS = 1_000;

    private final GameSession session;
    private volatile BoardFacts facts;
    private volatile Written written;
    /** Whether a change of this pass showed its facts. */
    private boolean changedThisPass;
    private long madeMillis = Long.MIN_VALUE;
    private BoardView madeView;

    FactsKeeper(GameSession session, long nowMillis) {
        this.session = Objects.requireNonNull(session, "session");
        this.facts = session.facts(nowMillis);
    }

    /** The snapshot last written and the facts it was written from. */
    private record Written(BoardFacts facts, BoardSnapshot snapshot) {
    }

    /**
     * A change's own facts (made once by the session), shown at once with the number of its last event: after the
     * journal took the change and before anyone is told of it, so that a host asking for the state on hearing the
     * change's events finds the change there (the USB bridge asked on a {@code GAME} and got the set-up before it).
     */
    void changed(SessionChange change, long seq) {
        facts = change.facts().withSeq(seq);
        madeMillis = change.timeMillis();
        madeView = change.view();
        changedThisPass = true;
    }

    /**
     * The end of a pass at {@code nowMillis} showing {@code view}, the event numbers up to {@code seq}.
     *
     * @return whether the pass changed the session (its change's facts were taken)
     */
    boolean passEnded(long nowMillis, BoardView view, long seq) {
        boolean changed = changedThisPass;
        changedThisPass = false;
        if (!view.equals(madeView) || nowMillis - madeMillis >= maxAge()) {
            // not every pass: the facts hold the position and the moves, and only their clock changes between
            facts = session.facts(nowMillis).withSeq(seq);
            madeMillis = nowMillis;
            madeView = view;
        } else if (facts.seq() != seq) {
            facts = facts.withSeq(seq);
        }
        return changed;
    }

    /** When the facts are made again if nothing changes (the scan thread of a still board wakes up for it). */
    long nextDue() {
        return madeMillis == Long.MIN_VALUE ? Long.MIN_VALUE : madeMillis + maxAge();
    }

    private long maxAge() {
        return facts.clockRunning() != null ? SNAPSHOT_MAX_AGE_MILLIS : SNAPSHOT_IDLE_AGE_MILLIS;
    }

    /** The typed facts. Any thread. */
    BoardFacts facts() {
        return facts;
    }

    /** The JSON snapshot, written from the facts when asked (the edge), once per facts: an idle board writes none. */
    BoardSnapshot snapshot() {
        BoardFacts now = facts;
        Written w = written;
        if (w == null || w.facts() != now) {
            w = new Written(now, BoardSnapshot.of(now));
            written = w;
        }
        return w.snapshot();
    }
}
