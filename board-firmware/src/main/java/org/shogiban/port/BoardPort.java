package org.shogiban.port;

import java.nio.file.Path;
import java.util.Optional;
import org.shogiban.notation.GameRecord;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;

/**
 * All a part may see of and do to the board: its typed facts and their changes, the numbered events, the inbox for
 * the part's inputs, where it keeps its files, and its health. Implemented by the assembly; one port per part.
 *
 * <p>Threads: {@link #facts()}, {@link #now()}, {@link #submit}, {@link #health} and {@link #showHostClocks} from any
 * thread; listeners are called on the runtime's thread (changes) or the event keeper's thread (numbered events) and
 * must return at once.
 */
public interface BoardPort {

    /** The part's name (its factory's). */
    String name();

    /**
     * The board's facts now: as the last change left them, the clocks at most 100 ms old. Any thread; never null.
     */
    BoardFacts facts();

    /** The game's record as the last change left it; empty before the first game. Any thread. */
    Optional<GameRecord> record();

    /**
     * Tells {@code listener} each input's change from now on, after the journal has the change (and after the
     * listeners subscribed before it).
     *
     * @return what the part closes to stop it
     */
    Subscription subscribe(ChangeListener listener);

    /** The board's numbered events (the link's words), owned by the assembly: the same numbers for every part. */
    EventStream events();

    /** The scan clock's time now: the time to give an input. */
    long now();

    /** Queues an input for the runtime's next pass (a move of the part's side, a new game, an arbiter's command...). */
    void submit(SessionInput.Command command);

    /**
     * Says how the part, or one of its devices, is doing: the one way a part reports its trouble. A change of it (ok
     * to failing, or back) is shown at once in the snapshot's {@code faults}, the status light and the link's
     * {@code FAULT}; each device of the part on its own. Saying the same again changes nothing.
     */
    void health(PartHealth health);

    /** Whether a part of this name is on the board (the link refuses engine games when no {@code engine} is). */
    boolean hasPart(String name);

    /** The settings games are played with when a game asks nothing else (they never change while the board runs). */
    GameSettings boardSettings();

    /** The records directory, or empty when records are not kept on disk. */
    Optional<Path> records();

    /** The state directory (journal, events, a part's own files), or empty without one. */
    Optional<Path> state();

    /** The arbiter's PIN the board was assembled with; empty: the arbiter's commands are off. */
    Optional<String> arbiterPin();

    /**
     * What the clock display shows when a host keeps the time (the USI bridge's {@code go btime ... wtime ...}): shown
     * while the game has no time control of its own.
     */
    void showHostClocks(long senteMs, long goteMs, long byoyomiMs);

    /**
     * Shows a site's clocks (lishogi's {@code btime}/{@code wtime}: sente's, gote's) on the clock display while the
     * game has no time control of its own, {@code running}'s (or none) counting down until the next update.
     */
    void showSiteClocks(long senteMs, long goteMs, org.shogiban.rules.Side running);
}
