package org.shogiban.session;

import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.inference.PositionSetup;
import org.shogiban.rules.Game;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Restoring a saved game: a {@link GameSession} made from the {@link SessionState} of the journal's last whole entry,
 * a game in progress to go on with or a game being set up as a request asked.
 */
final class SessionRestore {
    private static final Logger log = LoggerFactory.getLogger(SessionRestore.class);

    private SessionRestore() {
    }

    /** {@code s} (new) setting up the game the journalled request asked for. */
    static GameSession settingUp(GameSession s, SessionState state) {
        s.request = SessionProjection.request(state.asked());
        s.remote.reset(s.request.remote().orElse(null));
        s.settings = s.request.applyTo(s.boardSettings());
        s.setup = new PositionSetup(s.settings.start(), s.settings.inference());
        return s;
    }

    /** {@code s} (new) going on with the journalled game; see {@link GameSession#resume}. */
    static GameSession resume(GameSession s, SessionState state, long nowMillis) {
        if (!state.inGame()) {
            throw new IllegalArgumentException("the journalled state is " + state.phase() + ", not a game to resume");
        }
        TimeControl control = TimeControl.parse(state.timeControl());
        s.request = SessionProjection.request(state.asked());
        s.remote.reset(s.request.remote().orElse(null));
        GameSettings asked = s.request.applyTo(s.boardSettings()).withTime(control);
        s.settings = state.mode() == null ? asked : PlayMode.parse(state.mode()).applyTo(asked);
        PlyLog plies = PlyLog.restore(state);
        Game game = plies.game();
        s.plies = plies;
        s.startedAt = plies.startedAt();
        s.prompts.arbiterCalled(state.arbiterCalled());
        s.phase = state.phase().equals("PAUSED") ? BoardPhase.PAUSED : BoardPhase.PLAYING;
        s.inputMillis = nowMillis;
        ClockState clocks = state.clock() == null ? new ClockState(game.current().sideToMove(), false,
                control.of(Side.SENTE).initialClock(), control.of(Side.GOTE).initialClock())
                : state.clock().toClockState();
        s.clock = TurnClock.restore(control, s.settings.beeps(), clocks, nowMillis,
                game.plies() == 0 && clocks.paused() && !state.phase().equals("PAUSED"));
        s.prompts.checkAgainst(game.current(), s.settings.inference());
        log.info("game resumed from the journal: {} plies, {} to move, clocks {}", game.plies(),
                game.current().sideToMove().label(), clocks);
        return s;
    }
}
