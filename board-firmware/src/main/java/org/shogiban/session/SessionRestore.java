package org.shogiban.session;

import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Restoring a saved game: a new session's {@link Match} made from the {@link SessionState} of the journal's last whole entry,
 * a game in progress to go on with or a game being set up as a request asked.
 */
final class SessionRestore {
    private static final Logger log = LoggerFactory.getLogger(SessionRestore.class);

    private SessionRestore() {
    }

    /** {@code s} (new) setting up the game the journalled request asked for. */
    static void settingUp(Match s, SessionState state) {
        s.restoreSetup(SessionProjection.request(state.asked()));
    }

    /** {@code s} (new) going on with the journalled game; see {@link GameSession#resume}. */
    static void resume(Match s, SessionState state, long nowMillis) {
        if (!state.inGame()) {
            throw new IllegalArgumentException("the journalled state is " + state.phase() + ", not a game to resume");
        }
        TimeControl control = TimeControl.parse(state.timeControl());
        GameRequest request = SessionProjection.request(state.asked());
        GameSettings asked = request.applyTo(s.boardSettings()).withTime(control);
        GameSettings settings = state.mode() == null ? asked : PlayMode.parse(state.mode()).applyTo(asked);
        PlyLog plies = PlyLog.restore(state);
        GameHistory game = plies.history();
        ClockState clocks = state.clock() == null ? new ClockState(game.current().sideToMove(), false,
                control.of(Side.SENTE).initialClock(), control.of(Side.GOTE).initialClock())
                : state.clock().toClockState();
        TurnClock clock = TurnClock.restore(control, settings.beeps(), clocks, nowMillis,
                game.plies() == 0 && clocks.paused() && !state.phase().equals("PAUSED"));
        s.restoreGame(request, settings, plies, clock, state.phase().equals("PAUSED"), state.arbiterCalled(),
                nowMillis);
        log.info("game resumed from the journal: {} plies, {} to move, clocks {}", game.plies(),
                game.current().sideToMove().label(), clocks);
    }
}
