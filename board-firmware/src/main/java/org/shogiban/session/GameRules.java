package org.shogiban.session;

import java.util.List;
import org.shogiban.clock.ClockSignal;
import org.shogiban.clock.ClockSwitch;
import org.shogiban.clock.SideClock;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.PositionSetup;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the session rules on what the players do: what the inference reports (a legal move is played as the inference
 * ruled it, not judged again; checkmate, no legal move, sennichite and perpetual check end the game; an illegal move
 * loses under {@link IllegalMovePolicy#LOSS} and calls the arbiter, or waits to be put back under
 * {@link IllegalMovePolicy#PUT_BACK}; a takeback gives the turn back; a discrepancy lights the wrong squares), the
 * clock presses under clock commit (with the forgotten press), the flag, resignations and declarations. The
 * arbiter's acts are {@link ArbiterRulings}'. Works on its {@link GameSession}'s parts; not thread-safe.
 */
final class GameRules {
    private static final Logger log = LoggerFactory.getLogger(GameRules.class);

    private final GameSession s;
    private final ArbiterRulings arbiter;
    private final RemoteRulings remote;

    GameRules(GameSession session) {
        this.s = session;
        this.arbiter = new ArbiterRulings(session, this);
        this.remote = new RemoteRulings(session, this);
    }

    private Game game() {
        return s.plies.game();
    }

    int plies() {
        return s.plies == null ? 0 : game().plies();
    }

    boolean isOn() {
        return s.phase == BoardPhase.PLAYING || s.phase == BoardPhase.PAUSED;
    }

    void handle(List<InferenceEvent> events) {
        for (InferenceEvent e : events) {
            if (s.phase != BoardPhase.PLAYING) {
                log.debug("{} after the game ended; ignored", e);
                continue;
            }
            switch (e) {
                case InferenceEvent.MoveCompleted m when m.isLegal() -> onLegalMove(m);
                case InferenceEvent.MoveCompleted m -> onIllegalMove(m);
                case InferenceEvent.PromotionPending p -> {
                    s.prompts.askPromotion(p.square());
                    log.info("ply {}: {} may promote on {}; waiting for PROMOTE or CONFIRM", plies() + 1,
                            p.withoutPromotion(), p.square());
                    s.out.add(new BoardEvent.PromotionAsked(p.timeMillis(), p.square(), p.withoutPromotion()));
                }
                case InferenceEvent.TakeBack t -> onTakeBack(t);
                case InferenceEvent.Discrepancy d -> {
                    s.prompts.differs(d);
                    log.info("ply {}: board differs from the game: {}", plies() + 1, d.describe());
                    s.out.add(new BoardEvent.DiscrepancySeen(d.timeMillis(), d));
                }
                case InferenceEvent.BackInSync b -> {
                    s.prompts.settled();
                    log.info("ply {}: board back in sync", plies() + 1);
                    s.out.add(new BoardEvent.BackInSync(b.timeMillis()));
                }
            }
        }
    }

    /** What a side played from elsewhere tells the board. */
    void onRemote(SessionInput.Remote input) {
        remote.onRemote(input);
    }

    /** Forgets the remote move waiting to be made (the game changed under it); the clock held for it runs again. */
    void releaseRemote(long now) {
        remote.release(now);
    }

    private void onLegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game().current().sideToMove();
        if (s.remote.isRemote(mover) && !remote.isRemoteMove(m)) {
            return;
        }
        Long elapsed = null;
        // the opponent's clock does not run before the switch: as it stands now, it is the one their turn starts with
        SideClock nextTurn = s.clock.of(mover.opponent(), s.inputMillis);
        if (s.clock.running() == mover) {
            // stable commit: charged up to the sensor change that completed the move; clock commit: to the press
            long at = s.settings.inference().commitPolicy() == CommitPolicy.STABLE
                    ? Math.min(Math.max(s.lastChangeMillis, 0), m.timeMillis()) : m.timeMillis();
            // no one started the clock: the first move starts it, and is charged nothing
            s.clock.startFirstTurn(mover, Math.min(at, s.inputMillis));
            ClockSwitch sw = s.clock.endTurn(mover, Math.min(at, s.inputMillis), s.inputMillis);
            if (sw.timeUp()) {
                log.info("ply {}: {} completed {} after their time ran out", plies() + 1, mover.label(), m.move());
                timeUp(mover, m.timeMillis());
                return;
            }
            elapsed = sw.elapsedMs();
        }
        RemoteMoves.Pending made = s.remote.isRemote(mover) ? remote.release(s.inputMillis) : null;
        if (made != null) {
            // the remote side was charged when its move arrived
            elapsed = made.elapsedMs();
        }
        GameResult after = s.plies.play(m.move(), m.verdict(),
                elapsed != null ? elapsed : m.timeMillis() - s.clock.turnStartMillis(), nextTurn);
        s.clock.turnStarts(m.timeMillis());
        s.prompts.settled();
        log.info("ply {}: {} played {}", game().plies(), mover.label(), m.move());
        s.out.add(new BoardEvent.MovePlayed(m.timeMillis(), game().plies(), mover, m.move()));
        if (after.isOver()) {
            finish(m.timeMillis());
        }
    }

    private void onIllegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game().current().sideToMove();
        int ply = plies() + 1;
        s.prompts.illegal(m.move());
        // a wrong move made for the remote side is the hands' slip, not the remote side's foul: put back
        IllegalMovePolicy policy = s.prompts.puttingBack() || s.remote.isRemote(mover) ? IllegalMovePolicy.PUT_BACK
                : s.settings.illegalMoves();
        log.warn("ply {}: illegal move {} by {}: {}; policy {}", ply, m.move(), mover.label(), m.verdict().reason(),
                policy);
        s.out.add(new BoardEvent.IllegalMove(m.timeMillis(), ply, mover, m.move(), m.verdict().reason(), policy));
        if (policy == IllegalMovePolicy.LOSS) {
            s.plies.play(m.move(), m.verdict(), null, null);
            s.prompts.arbiterCalled(true);
            s.out.add(new BoardEvent.ArbiterCalled(m.timeMillis(), "illegal move " + m.move().usi() + " by "
                    + mover.label() + " (" + m.verdict().reason() + ")"));
            finish(m.timeMillis());
        }
    }

    private void onTakeBack(InferenceEvent.TakeBack t) {
        remote.release(t.timeMillis());
        List<Move> played = game().moves();
        for (int i = 0; i < t.undone().size(); i++) {
            Move undone = t.undone().get(i);
            Move last = played.get(played.size() - 1 - i);
            if (!last.equals(undone)) {
                log.error("takeback of {} but the game's move was {}", undone, last);
            }
        }
        PlyLog.TurnClocks turn = s.plies.takeBack(t.undone().size());
        s.clock.turnStarts(t.timeMillis());
        if (s.clock.running() != null) {
            // 待った gives the turn back: the clocks as they stood when the undone move began, running from now
            s.clock.restoreTurn(game().current().sideToMove(), turn, t.timeMillis(), s.phase == BoardPhase.PAUSED);
        }
        s.prompts.boardMoved();
        log.info("ply {}: takeback (待った) of {}", plies() + 1, t.undone());
        s.out.add(new BoardEvent.MovesTakenBack(t.timeMillis(), t.undone(), t.restored()));
    }

    void resign(Side side, long now) {
        if (!isOn()) {
            refuse(now, side.label() + " resigns", "no game is being played");
            return;
        }
        if (onSite() && s.remote.isRemote(side)) {
            refuse(now, side.label() + " resigns", "the opponent on the site resigns there, not on the board");
            return;
        }
        game().resign(side);
        log.info("ply {}: {} resigns", plies() + 1, side.label());
        finish(now);
    }

    /** Whether the game is played on a site (lishogi), which judges what the board's buttons would. */
    private boolean onSite() {
        return s.remote.player() != null && s.remote.player().isOnline();
    }

    void declare(long now) {
        if (!isOn()) {
            refuse(now, "declare", "no game is being played");
            return;
        }
        if (onSite()) {
            refuse(now, "declare", "the site judges an impasse itself; the board sends no declaration");
            return;
        }
        Side declarer = game().current().sideToMove();
        GameResult result = game().declareImpasse(s.settings.impasse());
        log.info("ply {}: {} declares an impasse ({}): {}", plies() + 1, declarer.label(), s.settings.impasse(),
                result.status());
        finish(now);
    }

    /** The game is over (its result set in the game): the clock stops, the end is written. */
    void finish(long now) {
        if (s.clock != null) {
            s.clock.stop(Math.max(now, s.inputMillis));
        }
        s.phase = BoardPhase.OVER;
        s.remote.clearPending();
        s.prompts.promotionDropped();
        s.prompts.stopChecking();
        s.plies.end(s.wallClock.instant());
        GameResult result = game().result();
        log.info("game over after {} plies: {} winner {}{}", game().plies(), result.status(),
                result.winner() == null ? "none" : result.winner().label(),
                result.reason() == null ? "" : " (" + result.reason() + " at ply " + result.ply() + ")");
        s.out.add(new BoardEvent.GameOver(now, result));
    }

    void refuse(long now, String what, String why) {
        log.info("{} refused: {}", what, why);
        s.out.add(new BoardEvent.Refused(now, what, why));
    }

    void callArbiter(long now, String why) {
        arbiter.call(now, why);
    }

    void onArbiter(SessionInput.Arbiter action) {
        arbiter.act(action);
    }

    // ------------------------------------------------------------------------------------------------ clock

    /**
     * A clock button under clock commit. Gote's press before the first move starts sente's time again from the
     * press; the mover's press counts their move (the inference) and switches the clock; a player who forgot to press
     * may press once after the opponent's reply: both moves count in order, and the opponent's next press switches.
     */
    void clockPressed(ButtonEvent event) {
        Side presser = event.button() == Button.CLOCK_SENTE ? Side.SENTE : Side.GOTE;
        long now = event.timeMillis();
        Side toMove = game().current().sideToMove();
        if (presser != toMove && s.phase == BoardPhase.PLAYING && s.clock.startFirstTurn(toMove, now)) {
            log.info("{} started the clock: {}'s time starts now", presser.label(), toMove.label());
            s.out.add(new BoardEvent.ClockPressed(now, toMove, 0));
            return;
        }
        if (s.settings.inference().commitPolicy() != CommitPolicy.CLOCK) {
            handle(s.inference.onButton(event));
            return;
        }
        Side firstMover = game().start().sideToMove();
        if (game().plies() == 0 && presser == firstMover.opponent() && s.clock.running() == firstMover) {
            s.clock.restartFirstTurn(firstMover, now);
            log.info("{} pressed before the first move: {}'s time starts now", presser.label(), firstMover.label());
            s.out.add(new BoardEvent.ClockPressed(now, firstMover, 0));
            return;
        }
        int before = game().plies();
        handle(s.inference.onButton(event));
        if (game().plies() != before || s.phase != BoardPhase.PLAYING || s.clock.running() != presser) {
            return;
        }
        if (game().current().sideToMove() != presser) {
            // the presser's move already counted (made up after a forgotten press): their press switches the clock
            ClockSwitch sw = s.clock.endTurn(presser, now, now);
            if (sw.timeUp()) {
                timeUp(presser, now);
                return;
            }
            s.plies.setLastMillis(sw.elapsedMs());
            s.out.add(new BoardEvent.ClockPressed(now, presser.opponent(), sw.elapsedMs()));
        } else {
            forgottenPress(presser, now);
        }
    }

    /**
     * The mover pressed after the opponent already replied on the board: if exactly one pair of legal moves (the
     * mover's, then the opponent's) explains the board, both count in order; the mover is charged up to the press.
     */
    private void forgottenPress(Side presser, long now) {
        if (s.lastFrame == null) {
            return;
        }
        Position here = game().current();
        Move first = null;
        Move second = null;
        int found = 0;
        for (Move m1 : here.legalMoves()) {
            Position p1 = here.play(m1);
            for (Move m2 : p1.legalMoves()) {
                if (new PositionSetup(p1.play(m2), s.settings.inference()).onFrame(s.lastFrame).matches()) {
                    found++;
                    first = m1;
                    second = m2;
                }
            }
        }
        if (found != 1) {
            log.info("ply {}: {} pressed; {} pairs of moves explain the board", plies() + 1, presser.label(), found);
            return;
        }
        log.info("ply {}: {} pressed late: {} then {} count", plies() + 1, presser.label(), first, second);
        SideClock opponentTurn = s.clock.of(presser.opponent(), now);
        ClockSwitch sw = s.clock.endTurn(presser, now, now);
        if (sw.timeUp()) {
            timeUp(presser, now);
            return;
        }
        s.prompts.boardMoved();
        for (Move m : List.of(first, second)) {
            Side mover = game().current().sideToMove();
            // both were found among the legal moves; the presser's next turn begins with their clock after this
            // switch (it waits for the opponent's press)
            GameResult after = s.plies.play(m, Verdict.LEGAL, m == first ? sw.elapsedMs() : 0L,
                    m == first ? opponentTurn : sw.after().of(presser));
            s.out.add(new BoardEvent.MovePlayed(now, game().plies(), mover, m));
            if (after.isOver()) {
                finish(now);
                return;
            }
        }
        s.clock.turnStarts(now);
        s.follow();
        handle(s.inference.onFrame(s.stillFrame(now)));
    }

    /** Beeps and time up as time passes; held under stable commit while a change may still complete a move. */
    void tickClock(long now) {
        if (s.clock == null || s.clock.running() == null) {
            return;
        }
        if (s.settings.inference().commitPolicy() == CommitPolicy.STABLE
                && (now - s.lastChangeMillis <= s.settings.inference().settleMillis()
                || s.prompts.promotionAsked())) {
            return;
        }
        for (ClockSignal signal : s.clock.tick(now)) {
            switch (signal) {
                case ClockSignal.Beep b -> s.out.add(new BoardEvent.ClockBeep(now, b.side(), b.remainingMs(),
                        b.tone() == ClockSignal.Tone.LONG));
                case ClockSignal.TimeUp t -> {
                    if (isOn()) {
                        timeUp(t.side(), t.atMs());
                    }
                }
            }
        }
    }

    void timeUp(Side side, long atMs) {
        s.clock.timedOut();
        game().timeUp(side);
        log.info("ply {}: {}'s time is up", plies() + 1, side.label());
        s.out.add(new BoardEvent.TimeUp(atMs, side));
        finish(atMs);
    }
}
