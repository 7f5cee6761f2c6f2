package org.shogiban.session;

import java.util.List;
import org.shogiban.clock.ClockSignal;
import org.shogiban.clock.ClockSwitch;
import org.shogiban.clock.SideClock;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.PositionSetup;
import org.shogiban.inference.SetupStatus;
import org.shogiban.rules.GameHistory;
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
 * arbiter's acts are {@link ArbiterRulings}', a remote side's {@link RemoteRulings}'. It also decides who reads the
 * board (the setup, the players' check, the inference). Reads the {@link Match} and changes it only through its
 * transitions; holds no state of its own. Not thread-safe.
 */
final class GameRules {
    private static final Logger log = LoggerFactory.getLogger(GameRules.class);

    private final Match match;
    private final ArbiterRulings arbiter;
    private final RemoteRulings remote;

    GameRules(Match match) {
        this.match = match;
        this.arbiter = new ArbiterRulings(match, this);
        this.remote = new RemoteRulings(match, this);
    }

    private GameHistory game() {
        return match.history();
    }

    private int plies() {
        return match.plies();
    }

    // ------------------------------------------------------------------------------------------------ the board

    /** The sensors show a frame: the setup, the players' check or the inference reads it, by the phase. */
    void see(SensorFrame frame) {
        switch (match.phase()) {
            case SETTING_UP -> onSetupFrame(frame);
            case PLAYING -> {
                if (match.prompts().checking()) {
                    onGuideFrame(frame);
                } else {
                    handle(match.inference().onFrame(frame));
                }
            }
            case PAUSED, OVER -> {
                // paused: nothing on the board counts until the game resumes; over: the pieces may be put away
            }
        }
    }

    /** Time passes without a new frame: the still board is read again, the clock beeps and runs out. */
    void tick(long now) {
        if (match.phase() == BoardPhase.SETTING_UP && match.lastFrame() != null && !match.setup().isReady()) {
            // the scan loop publishes changes only: show the setup the still board again, later
            onSetupFrame(match.stillFrame(now));
        } else if (match.phase() == BoardPhase.PLAYING) {
            if (match.prompts().checking()) {
                if (match.lastFrame() != null) {
                    onGuideFrame(match.stillFrame(now));
                }
            } else {
                handle(match.inference().onTick(now));
            }
            if (match.phase() == BoardPhase.PLAYING) {
                tickClock(now);
            }
        }
    }

    /** Whether the board waits for a site to find an opponent (no game starts meanwhile). */
    private boolean seeking() {
        return match.remote().player() != null && match.remote().player().isSeeking();
    }

    /** The seek for an opponent on a site is given up (MENU): the board goes on with what it was doing. */
    void cancelSeek(long now) {
        log.info("menu pressed: the seek for an opponent is cancelled");
        OnlineSeat seek = match.remote().player().online();
        match.emit(new BoardEvent.OnlineSeeking(now, false, seek.site(), seek.user()));
        match.seatAsAsked();
        if (match.phase() == BoardPhase.SETTING_UP && match.lastFrame() != null) {
            onSetupFrame(match.stillFrame(now));
        }
    }

    /** The players set up the next game's start; the board as it stands is compared with it at once. */
    void startSetup(long now) {
        match.startSetup(now);
        if (match.lastFrame() != null) {
            onSetupFrame(match.stillFrame(now));
        }
    }

    private void onSetupFrame(SensorFrame frame) {
        SetupStatus status = match.setup().onFrame(frame);
        match.setupShows(status);
        if (status.ready() && !seeking()) {
            match.startGame(frame.timeMillis());
            handle(match.inference().onFrame(match.stillFrame(frame.timeMillis())));
            if (match.history().result().isOver() && match.phase() == BoardPhase.PLAYING) {
                match.end(frame.timeMillis());
            }
        }
    }

    /** Compares the pieces with the game's position until they match, then follows the game again. */
    private void onGuideFrame(SensorFrame frame) {
        if (match.checkPieces(frame).ready()) {
            match.piecesChecked(frame.timeMillis());
            handle(match.inference().onFrame(frame));
        }
    }

    /** The players check the pieces against the game's position (after an undo or an overrule). */
    void startGuide(long now, String why) {
        match.checkPieces(now, why);
        if (match.lastFrame() != null && match.phase() == BoardPhase.PLAYING) {
            onGuideFrame(match.stillFrame(now));
        }
    }

    /** The board as it stands now is seen again, as a frame of now (the game resumed). */
    void lookAgain(long now) {
        if (match.lastFrame() != null) {
            SensorFrame still = match.stillFrame(now);
            match.frameSeen(still);
            see(still);
        }
    }

    // ------------------------------------------------------------------------------------------------ rulings

    void handle(List<InferenceEvent> events) {
        for (InferenceEvent e : events) {
            if (match.phase() != BoardPhase.PLAYING) {
                log.debug("{} after the game ended; ignored", e);
                continue;
            }
            switch (e) {
                case InferenceEvent.MoveCompleted m when m.isLegal() -> onLegalMove(m);
                case InferenceEvent.MoveCompleted m -> onIllegalMove(m);
                case InferenceEvent.PromotionPending p -> {
                    match.askPromotion(p.square());
                    log.info("ply {}: {} may promote on {}; waiting for PROMOTE or CONFIRM", plies() + 1,
                            p.withoutPromotion(), p.square());
                    match.emit(new BoardEvent.PromotionAsked(p.timeMillis(), p.square(), p.withoutPromotion()));
                }
                case InferenceEvent.TakeBack t -> onTakeBack(t);
                case InferenceEvent.Discrepancy d -> {
                    match.differs(d);
                    log.info("ply {}: board differs from the game: {}", plies() + 1, d.describe());
                    match.emit(new BoardEvent.DiscrepancySeen(d.timeMillis(), d));
                }
                case InferenceEvent.BackInSync b -> {
                    match.settled();
                    log.info("ply {}: board back in sync", plies() + 1);
                    match.emit(new BoardEvent.BackInSync(b.timeMillis()));
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
        if (match.remote().isRemote(mover) && !remote.isRemoteMove(m)) {
            return;
        }
        Long elapsed = null;
        // the opponent's clock does not run before the switch: as it stands now, it is the one their turn starts with
        SideClock nextTurn = match.clock().of(mover.opponent(), match.inputMillis());
        if (match.clock().running() == mover) {
            // stable commit: charged up to the sensor change that completed the move; clock commit: to the press
            long at = match.settings().inference().commitPolicy() == CommitPolicy.STABLE
                    ? Math.min(Math.max(match.lastChangeMillis(), 0), m.timeMillis()) : m.timeMillis();
            // no one started the clock: the first move starts it, and is charged nothing
            match.startFirstTurn(mover, Math.min(at, match.inputMillis()));
            ClockSwitch sw = match.endTurn(mover, Math.min(at, match.inputMillis()), match.inputMillis());
            if (sw.timeUp()) {
                log.info("ply {}: {} completed {} after their time ran out", plies() + 1, mover.label(), m.move());
                timeUp(mover, m.timeMillis());
                return;
            }
            elapsed = sw.elapsedMs();
        }
        RemoteMoves.Pending made = match.remote().isRemote(mover) ? remote.release(match.inputMillis()) : null;
        if (made != null) {
            // the remote side was charged when its move arrived
            elapsed = made.elapsedMs();
        }
        GameResult after = match.play(m.move(), m.verdict(),
                elapsed != null ? elapsed : m.timeMillis() - match.clock().turnStartMillis(), nextTurn);
        match.turnStarts(m.timeMillis());
        match.settled();
        log.info("ply {}: {} played {}", game().plies(), mover.label(), m.move());
        match.emit(new BoardEvent.MovePlayed(m.timeMillis(), game().plies(), mover, m.move()));
        if (after.isOver()) {
            finish(m.timeMillis());
        }
    }

    private void onIllegalMove(InferenceEvent.MoveCompleted m) {
        Side mover = game().current().sideToMove();
        int ply = plies() + 1;
        match.illegal(m.move());
        // a wrong move made for the remote side is the hands' slip, not the remote side's foul: put back
        IllegalMovePolicy policy = match.prompts().puttingBack() || match.remote().isRemote(mover)
                ? IllegalMovePolicy.PUT_BACK
                : match.settings().illegalMoves();
        log.warn("ply {}: illegal move {} by {}: {}; policy {}", ply, m.move(), mover.label(), m.verdict().reason(),
                policy);
        match.emit(new BoardEvent.IllegalMove(m.timeMillis(), ply, mover, m.move(), m.verdict().reason(), policy));
        if (policy == IllegalMovePolicy.LOSS) {
            match.play(m.move(), m.verdict(), null, null);
            match.arbiterCalled(true);
            match.emit(new BoardEvent.ArbiterCalled(m.timeMillis(), "illegal move " + m.move().usi() + " by "
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
        PlyLog.TurnClocks turn = match.takeBack(t.undone().size());
        match.turnStarts(t.timeMillis());
        if (match.clock().running() != null) {
            // 待った gives the turn back: the clocks as they stood when the undone move began, running from now
            match.restoreTurn(game().current().sideToMove(), turn, t.timeMillis(),
                    match.phase() == BoardPhase.PAUSED);
        }
        match.boardMoved();
        log.info("ply {}: takeback (待った) of {}", plies() + 1, t.undone());
        match.emit(new BoardEvent.MovesTakenBack(t.timeMillis(), t.undone(), t.restored()));
    }

    void resign(Side side, long now) {
        if (!match.isOn()) {
            refuse(now, side.label() + " resigns", "no game is being played");
            return;
        }
        if (onSite() && match.remote().isRemote(side)) {
            refuse(now, side.label() + " resigns", "the opponent on the site resigns there, not on the board");
            return;
        }
        RemoteMoves.Pending lit = match.remote().pending();
        // resigning in reply to the lit move: it counts first, so the record has the resignation on the resigner's turn
        if (lit != null && lit.side() != side && remote.countWaitingMove(now)) {
            return;
        }
        match.resign(side);
        log.info("ply {}: {} resigns", plies() + 1, side.label());
        finish(now);
    }

    /** Whether the game is played on a site (lishogi), which judges what the board's buttons would. */
    private boolean onSite() {
        return match.remote().player() != null && match.remote().player().isOnline();
    }

    void declare(long now) {
        if (!match.isOn()) {
            refuse(now, "declare", "no game is being played");
            return;
        }
        if (onSite()) {
            refuse(now, "declare", "the site judges an impasse itself; the board sends no declaration");
            return;
        }
        Side declarer = game().current().sideToMove();
        GameResult result = match.declare(match.settings().impasse());
        log.info("ply {}: {} declares an impasse ({}): {}", plies() + 1, declarer.label(), match.settings().impasse(),
                result.status());
        finish(now);
    }

    /** The game is over (its result set in the game): the clock stops, the end is written. */
    void finish(long now) {
        match.end(now);
    }

    void refuse(long now, String what, String why) {
        log.info("{} refused: {}", what, why);
        match.emit(new BoardEvent.Refused(now, what, why));
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
        if (presser != toMove && match.phase() == BoardPhase.PLAYING && match.startFirstTurn(toMove, now)) {
            log.info("{} started the clock: {}'s time starts now", presser.label(), toMove.label());
            match.emit(new BoardEvent.ClockPressed(now, toMove, 0));
            return;
        }
        if (match.settings().inference().commitPolicy() != CommitPolicy.CLOCK) {
            handle(match.inference().onButton(event));
            return;
        }
        Side firstMover = game().start().sideToMove();
        if (game().plies() == 0 && presser == firstMover.opponent() && match.clock().running() == firstMover) {
            match.restartFirstTurn(firstMover, now);
            log.info("{} pressed before the first move: {}'s time starts now", presser.label(), firstMover.label());
            match.emit(new BoardEvent.ClockPressed(now, firstMover, 0));
            return;
        }
        int before = game().plies();
        handle(match.inference().onButton(event));
        if (game().plies() != before || match.phase() != BoardPhase.PLAYING || match.clock().running() != presser) {
            return;
        }
        if (game().current().sideToMove() != presser) {
            // the presser's move already counted (made up after a forgotten press): their press switches the clock
            ClockSwitch sw = match.endTurn(presser, now, now);
            if (sw.timeUp()) {
                timeUp(presser, now);
                return;
            }
            match.chargeLastMove(sw.elapsedMs());
            match.emit(new BoardEvent.ClockPressed(now, presser.opponent(), sw.elapsedMs()));
        } else {
            forgottenPress(presser, now);
        }
    }

    /**
     * The mover pressed after the opponent already replied on the board: if exactly one pair of legal moves (the
     * mover's, then the opponent's) explains the board, both count in order; the mover is charged up to the press.
     */
    private void forgottenPress(Side presser, long now) {
        if (match.lastFrame() == null) {
            return;
        }
        Position here = game().current();
        Move first = null;
        Move second = null;
        int found = 0;
        for (Move m1 : here.legalMoves()) {
            Position p1 = here.play(m1);
            for (Move m2 : p1.legalMoves()) {
                if (new PositionSetup(p1.play(m2), match.settings().inference()).onFrame(match.lastFrame()).matches()) {
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
        SideClock opponentTurn = match.clock().of(presser.opponent(), now);
        ClockSwitch sw = match.endTurn(presser, now, now);
        if (sw.timeUp()) {
            timeUp(presser, now);
            return;
        }
        match.boardMoved();
        for (Move m : List.of(first, second)) {
            Side mover = game().current().sideToMove();
            // both were found among the legal moves; the presser's next turn begins with their clock after this
            // switch (it waits for the opponent's press)
            GameResult after = match.play(m, Verdict.LEGAL, m == first ? sw.elapsedMs() : 0L,
                    m == first ? opponentTurn : sw.after().of(presser));
            match.emit(new BoardEvent.MovePlayed(now, game().plies(), mover, m));
            if (after.isOver()) {
                finish(now);
                return;
            }
        }
        match.turnStarts(now);
        match.follow();
        handle(match.inference().onFrame(match.stillFrame(now)));
    }

    /** Beeps and time up as time passes; held under stable commit while a change may still complete a move. */
    void tickClock(long now) {
        if (match.clock() == null || match.clock().running() == null) {
            return;
        }
        if (match.settings().inference().commitPolicy() == CommitPolicy.STABLE
                && (now - match.lastChangeMillis() <= match.settings().inference().settleMillis()
                || match.prompts().promotionAsked())) {
            return;
        }
        for (ClockSignal signal : match.tickClock(now)) {
            switch (signal) {
                case ClockSignal.Beep b -> match.emit(new BoardEvent.ClockBeep(now, b.side(), b.remainingMs(),
                        b.tone() == ClockSignal.Tone.LONG));
                case ClockSignal.TimeUp t -> {
                    if (match.isOn()) {
                        timeUp(t.side(), t.atMs());
                    }
                }
            }
        }
    }

    void timeUp(Side side, long atMs) {
        match.clockTimedOut();
        match.timeUp(side);
        log.info("ply {}: {}'s time is up", plies() + 1, side.label());
        match.emit(new BoardEvent.TimeUp(atMs, side));
        finish(atMs);
    }
}
