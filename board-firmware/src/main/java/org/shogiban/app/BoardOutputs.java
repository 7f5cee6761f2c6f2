package org.shogiban.app;

import java.time.Duration;
import org.shogiban.clock.ClockFaces;
import org.shogiban.hal.Board;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.LedFrame;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardView;
import org.shogiban.session.GameSession;

/**
 * What the board shows at the end of each pass: the LEDs planned from the view and the clock display (the game's
 * clock, or a host's when the game has none). Apart from the runtime so that the "write only what changed" memory of
 * both outputs is in one place; owned and driven by the {@link BoardApplication}'s thread.
 */
final class BoardOutputs {
    private final Board board;
    private final GameSession session;
    private LedFrame shownLeds;
    private BoardView plannedView;
    /** What the clock display shows ({@link #shownKey}); MIN_VALUE before the first time. */
    private long shownSente = Long.MIN_VALUE;
    private long shownGote = Long.MIN_VALUE;
    /** The clocks a host that keeps the time gave ({@code CLOCKS}), shown when the game has no clock of its own. */
    private volatile HostClocks hostClocks;
    /**
     * When the clock faces are next asked for: when a running clock's shown second next changes, at most
     * {@link #FACES_MAX_AGE_MILLIS} on, or at the next pass after a change ({@link #clocksChanged}). Asking at every
     * pass made six objects a pass, a sixth of what the board allocated per move (docs/benchmarks.md).
     */
    private long facesDueMillis = Long.MIN_VALUE;
    /** The host's clocks the faces were last asked with (a new one from another thread asks again). */
    private HostClocks facesHost;
    private static final long FACES_MAX_AGE_MILLIS = 100;

    BoardOutputs(Board board, GameSession session) {
        this.board = board;
        this.session = session;
    }

    /**
     * Both sides' remaining time as a host or site that keeps the time gave them, and the byoyomi; {@code running}
     * (or null) counts down from {@code atMillis} on the scan clock (a site's clock between its updates).
     */
    private record HostClocks(long senteMs, long goteMs, long byoyomiMs, Side running, long atMillis) {
        ClockFace face(Side side, long nowMillis) {
            long main = side == Side.SENTE ? senteMs : goteMs;
            if (side == running) {
                main = Math.max(0, main - Math.max(0, nowMillis - atMillis));
            }
            return main > 0 || byoyomiMs == 0 ? ClockFace.mainTime(Duration.ofMillis(main))
                    : ClockFace.byoyomi(Duration.ofMillis(byoyomiMs), 1);
        }
    }

    /** The host's clocks, shown while the game has no time control of its own. Any thread. */
    void showHostClocks(long senteMs, long goteMs, long byoyomiMs) {
        hostClocks = new HostClocks(senteMs, goteMs, byoyomiMs, null, 0);
    }

    /**
     * A site's clocks (main time plus the current byoyomi period, as the site counts them), the side whose time
     * runs counting down from {@code atMillis} until the next update. Any thread.
     */
    void showSiteClocks(long senteMs, long goteMs, Side running, long atMillis) {
        hostClocks = new HostClocks(senteMs, goteMs, 0, running, atMillis);
    }

    /** The clock display, written only when what it shows changes (to the second). */
    void showClock(long nowMillis) {
        HostClocks host = hostClocks;
        if (nowMillis < facesDueMillis && host == facesHost) {
            return;
        }
        facesHost = host;
        facesDueMillis = nowMillis + FACES_MAX_AGE_MILLIS;
        ClockFace sente = session.face(Side.SENTE, nowMillis);
        ClockFace gote = session.face(Side.GOTE, nowMillis);
        if (host != null && session.settings().timeControl().isNone()) {
            sente = host.face(Side.SENTE, nowMillis);
            gote = host.face(Side.GOTE, nowMillis);
        }
        if (sente == null || gote == null) {
            return;
        }
        facesDueMillis = nowMillis + Math.min(FACES_MAX_AGE_MILLIS, Math.min(untilNextSecond(sente),
                untilNextSecond(gote)));
        long senteShown = shownKey(sente);
        long goteShown = shownKey(gote);
        if (senteShown != shownSente || goteShown != shownGote) {
            board.clock().show(sente, gote);
            shownSente = senteShown;
            shownGote = goteShown;
        }
    }

    /** The session changed (a move, a pause, a new game...): the clock faces are asked for at the next pass. */
    void clocksChanged() {
        facesDueMillis = Long.MIN_VALUE;
    }

    /** How long until a face counting down shows another second (its remaining time crosses a whole second). */
    private static long untilNextSecond(ClockFace face) {
        long remaining = face.remaining().toMillis();
        return remaining <= 0 ? FACES_MAX_AGE_MILLIS : (remaining - 1) % 1000 + 1;
    }

    /** What a face shows, as a number (the seconds as {@link ClockFaces#text} rounds them): no text per pass. */
    private static long shownKey(ClockFace face) {
        long seconds = (face.remaining().toMillis() + 999) / 1000;
        return (seconds * 128 + face.periodsLeft()) * 2 + (face.inByoyomi() ? 1 : 0);
    }

    /** The LEDs for {@code view}, planned only when the view changed and written only when the frame did. */
    void showLeds(BoardView view) {
        if (view.equals(plannedView)) {
            return;
        }
        plannedView = view;
        LedFrame frame = LedPlanner.plan(view);
        if (!frame.equals(shownLeds)) {
            board.leds().show(frame);
            shownLeds = frame;
        }
    }
}
