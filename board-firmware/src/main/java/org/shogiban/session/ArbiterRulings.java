package org.shogiban.session;

import java.time.format.DateTimeFormatter;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the arbiter (立会人) does to the game on the board: pause, resume, adjust a clock, rule a result, undo the last
 * move, overrule a foul, abort; and the board calling them. Each act is written in the record as a comment with the
 * wall time; a result goes through the {@link Game}, the one owner of the result. Works on its
 * {@link GameSession}'s parts; not thread-safe.
 */
final class ArbiterRulings {
    private static final Logger log = LoggerFactory.getLogger(ArbiterRulings.class);
    private static final DateTimeFormatter COMMENT_TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final GameSession s;
    private final GameRules rules;

    ArbiterRulings(GameSession session, GameRules rules) {
        this.s = session;
        this.rules = rules;
    }

    private Game game() {
        return s.plies.game();
    }

    /** The board calls the arbiter: a game being played pauses until they act. */
    void call(long now, String why) {
        s.prompts.arbiterCalled(true);
        if (s.phase == BoardPhase.PLAYING) {
            s.phase = BoardPhase.PAUSED;
            s.clock.pause(now);
        }
        log.info("arbiter called: {}", why);
        s.out.add(new BoardEvent.ArbiterCalled(now, why));
    }

    void act(SessionInput.Arbiter action) {
        long now = action.timeMillis();
        if (s.plies == null) {
            rules.refuse(now, "arbiter " + action.describe(), "no game has started");
            return;
        }
        String refusal = refusal(action);
        if (refusal != null) {
            rules.refuse(now, "arbiter " + action.describe(), refusal);
            return;
        }
        s.prompts.arbiterCalled(false);
        s.plies.comment("arbiter " + COMMENT_TIME.format(s.wallClock.instant().atZone(s.wallClock.getZone()))
                + ": " + action.describe());
        s.out.add(new BoardEvent.ArbiterActed(now, action));
        switch (action) {
            case SessionInput.Pause p -> {
                s.phase = BoardPhase.PAUSED;
                s.clock.pause(now);
            }
            case SessionInput.Resume r -> resume(now);
            case SessionInput.Adjust a -> {
                log.info("arbiter adjusts {}'s time by {} ms", a.side().label(), a.deltaMillis());
                s.clock.adjust(a.side(), a.deltaMillis());
            }
            case SessionInput.SetResult r -> {
                game().adjudicate(arbiterResult(r), r.reason().isEmpty() ? "arbiter" : "arbiter: " + r.reason());
                rules.finish(now);
            }
            case SessionInput.Undo u -> undo(now);
            case SessionInput.Overrule o -> overrule(now);
            case SessionInput.Abort a -> {
                game().adjudicate(GameResult.of(GameStatus.ABORTED, null), "arbiter");
                rules.finish(now);
            }
        }
    }

    /** Why the action does not apply now, or null when it does. */
    private String refusal(SessionInput.Arbiter action) {
        BoardPhase phase = s.phase;
        return switch (action) {
            case SessionInput.Pause p -> phase == BoardPhase.PLAYING ? null : "the game is not being played";
            case SessionInput.Resume r -> phase == BoardPhase.PAUSED || (phase == BoardPhase.PLAYING
                    && s.prompts.arbiterCalled()) ? null : "the game is not paused";
            case SessionInput.Adjust a -> rules.isOn() ? null : "no game is being played";
            case SessionInput.SetResult r -> null;
            case SessionInput.Undo u -> game().plies() > 0 ? null : "no move to undo";
            case SessionInput.Overrule o -> phase == BoardPhase.OVER
                    && game().result().status() == GameStatus.ILLEGAL_MOVE ? null : "there is no foul to overrule";
            case SessionInput.Abort a -> rules.isOn() ? null : "no game is being played";
        };
    }

    private void resume(long now) {
        s.phase = BoardPhase.PLAYING;
        s.clock.resume(now);
        if (s.lastFrame != null) {
            s.onFrame(s.stillFrame(now));
        }
    }

    /**
     * The arbiter's result. An illegal move ruled by the arbiter has no reason the board saw; it is recorded as
     * {@link IllegalReason#INVALID_MOVEMENT} at the next ply, the arbiter's words in the note.
     */
    private GameResult arbiterResult(SessionInput.SetResult r) {
        if (r.status() == GameStatus.ILLEGAL_MOVE) {
            return new GameResult(GameStatus.ILLEGAL_MOVE, r.winner(), IllegalReason.INVALID_MOVEMENT,
                    game().plies() + 1);
        }
        return GameResult.of(r.status(), r.winner());
    }

    private void undo(long now) {
        rules.releaseRemote(now);
        Move taken = game().moves().get(game().plies() - 1);
        PlyLog.TurnClocks turn = s.plies.takeBack(1);
        s.clock.turnStarts(now);
        if (s.phase == BoardPhase.OVER) {
            s.phase = BoardPhase.PLAYING;
            s.plies.reopen();
        }
        s.clock.restoreTurn(game().current().sideToMove(), turn, now, s.phase == BoardPhase.PAUSED);
        log.info("arbiter undoes {}; ply {} again", taken, rules.plies() + 1);
        s.startGuide(now, "the arbiter took back " + taken.usi());
    }

    private void overrule(long now) {
        game().overrule();
        rules.releaseRemote(now);
        s.phase = BoardPhase.PLAYING;
        s.plies.reopen();
        s.prompts.putBack();
        s.clock.restart(game().current().sideToMove(), now, false);
        log.info("arbiter overrules the foul; the game goes on from ply {}", rules.plies() + 1);
        s.out.add(new BoardEvent.CheckPieces(now, game().current(), "the foul was overruled: put the pieces back"));
        if (s.inference == null) {
            s.startGuide(now, "the foul was overruled");
        } else if (s.lastFrame != null) {
            rules.handle(s.inference.onFrame(s.stillFrame(now)));
        }
    }
}
