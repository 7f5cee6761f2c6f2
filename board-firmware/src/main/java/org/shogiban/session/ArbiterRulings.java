package org.shogiban.session;

import java.time.format.DateTimeFormatter;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the arbiter (立会人) does to the game on the board: pause, resume, adjust a clock, rule a result, undo the last
 * move, overrule a foul, abort; and the board calling them. Each act is written in the record as a comment with the
 * wall time; a result goes through the {@link Match}'s transitions to its ply log, the one writer of the game. Holds
 * no state of its own; not thread-safe.
 */
final class ArbiterRulings {
    private static final Logger log = LoggerFactory.getLogger(ArbiterRulings.class);
    private static final DateTimeFormatter COMMENT_TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final Match match;
    private final GameRules rules;

    ArbiterRulings(Match match, GameRules rules) {
        this.match = match;
        this.rules = rules;
    }

    private GameHistory game() {
        return match.history();
    }

    /** The board calls the arbiter: a game being played pauses until they act. */
    void call(long now, String why) {
        match.arbiterCalled(true);
        match.pause(now);
        log.info("arbiter called: {}", why);
        match.emit(new BoardEvent.ArbiterCalled(now, why));
    }

    void act(SessionInput.Arbiter action) {
        long now = action.timeMillis();
        if (match.history() == null) {
            rules.refuse(now, "arbiter " + action.describe(), "no game has started");
            return;
        }
        String refusal = refusal(action);
        if (refusal != null) {
            rules.refuse(now, "arbiter " + action.describe(), refusal);
            return;
        }
        match.arbiterCalled(false);
        match.comment("arbiter " + COMMENT_TIME.format(match.wallClock().instant()
                .atZone(match.wallClock().getZone())) + ": " + action.describe());
        match.emit(new BoardEvent.ArbiterActed(now, action));
        switch (action) {
            case SessionInput.Pause p -> match.pause(now);
            case SessionInput.Resume r -> resume(now);
            case SessionInput.Adjust a -> {
                log.info("arbiter adjusts {}'s time by {} ms", a.side().label(), a.deltaMillis());
                match.adjustClock(a.side(), a.deltaMillis());
            }
            case SessionInput.SetResult r -> {
                match.adjudicate(arbiterResult(r), r.reason().isEmpty() ? "arbiter" : "arbiter: " + r.reason());
                rules.finish(now);
            }
            case SessionInput.Undo u -> undo(now);
            case SessionInput.Overrule o -> overrule(now);
            case SessionInput.Abort a -> {
                match.adjudicate(GameResult.of(GameStatus.ABORTED, null), "arbiter");
                rules.finish(now);
            }
        }
    }

    /** Why the action does not apply now, or null when it does. */
    private String refusal(SessionInput.Arbiter action) {
        BoardPhase phase = match.phase();
        return switch (action) {
            case SessionInput.Pause p -> phase == BoardPhase.PLAYING ? null : "the game is not being played";
            case SessionInput.Resume r -> phase == BoardPhase.PAUSED || (phase == BoardPhase.PLAYING
                    && match.prompts().arbiterCalled()) ? null : "the game is not paused";
            case SessionInput.Adjust a -> match.isOn() ? null : "no game is being played";
            case SessionInput.SetResult r -> null;
            case SessionInput.Undo u -> game().plies() > 0 ? null : "no move to undo";
            case SessionInput.Overrule o -> phase == BoardPhase.OVER
                    && game().result().status() == GameStatus.ILLEGAL_MOVE ? null : "there is no foul to overrule";
            case SessionInput.Abort a -> match.isOn() ? null : "no game is being played";
        };
    }

    private void resume(long now) {
        match.resume(now);
        rules.lookAgain(now);
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
        PlyLog.TurnClocks turn = match.takeBack(1);
        match.turnStarts(now);
        if (match.phase() == BoardPhase.OVER) {
            match.reopen();
        }
        match.restoreTurn(game().current().sideToMove(), turn, now, match.phase() == BoardPhase.PAUSED);
        log.info("arbiter undoes {}; ply {} again", taken, match.plies() + 1);
        rules.startGuide(now, "the arbiter took back " + taken.usi());
    }

    private void overrule(long now) {
        match.overrule();
        rules.releaseRemote(now);
        match.reopen();
        match.putBack();
        match.restartClock(game().current().sideToMove(), now, false);
        log.info("arbiter overrules the foul; the game goes on from ply {}", match.plies() + 1);
        match.emit(new BoardEvent.CheckPieces(now, game().current(), "the foul was overruled: put the pieces back"));
        if (match.inference() == null) {
            rules.startGuide(now, "the foul was overruled");
        } else if (match.lastFrame() != null) {
            rules.handle(match.inference().onFrame(match.stillFrame(now)));
        }
    }
}
