package org.shogiban.session;

import java.util.List;
import org.shogiban.clock.ClockSwitch;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rules on what a side played from elsewhere (a USI engine, a host program) tells the board, and on the moves the
 * player makes for it: its chosen move stops its clock when it arrives and is shown; the board counts it when the
 * pieces show it; another move made for it is put back. The state lives in {@link RemoteMoves}, a part of the
 * {@link Match}; holds no state of its own; not thread-safe.
 */
final class RemoteRulings {
    private static final Logger log = LoggerFactory.getLogger(RemoteRulings.class);

    private final Match match;
    private final GameRules rules;

    RemoteRulings(Match match, GameRules rules) {
        this.match = match;
        this.rules = rules;
    }

    private GameHistory game() {
        return match.history();
    }

    /** What a side played from elsewhere tells the board. */
    void onRemote(SessionInput.Remote input) {
        long now = input.timeMillis();
        switch (input) {
            case SessionInput.OpponentReady r -> match.remoteNamed(r.name());
            case SessionInput.OpponentMove m -> opponentMove(m);
            case SessionInput.OpponentFailed f -> {
                if (match.phase() == BoardPhase.PLAYING && match.remote().isRemote(f.side())) {
                    rules.callArbiter(now, f.why());
                }
            }
            case SessionInput.SiteRefused r -> {
                RemotePlayer p = match.remote().player();
                if (r.endsSeek() && p != null && p.isSeeking()) {
                    match.emit(new BoardEvent.OnlineSeeking(now, false, p.online().site(), p.online().user()));
                    match.seatAsAsked();
                }
                match.emit(new BoardEvent.Refused(now, r.what(), r.why()));
            }
            case SessionInput.Hint h -> hint(h);
            case SessionInput.OpponentResult r -> opponentResult(r);
        }
    }

    /**
     * The remote side says the game ended (a result only it knows): its move still waiting to be made counts in
     * the record first (the mate it gave, say); then the result it gives, unless that move ended the game.
     */
    private void opponentResult(SessionInput.OpponentResult r) {
        if (match.history() == null || !match.isOn()) {
            return;
        }
        long now = r.timeMillis();
        if (countWaitingMove(now)) {
            return;
        }
        log.info("ply {}: the remote side ends the game: {} winner {}", game().plies() + 1, r.status(),
                r.winner() == null ? "none" : r.winner().label());
        GameResult ruled = r.status() == GameStatus.ILLEGAL_MOVE && r.winner() != null
                ? GameResult.illegal(r.winner().opponent(), IllegalReason.INVALID_MOVEMENT, game().plies() + 1)
                : GameResult.of(r.status(), r.winner());
        match.adjudicate(ruled, r.note() != null ? r.note() : "remote: " + r.status().name());
        rules.finish(now);
    }

    private void hint(SessionInput.Hint h) {
        if (match.history() == null || match.phase() != BoardPhase.PLAYING || h.ply() != game().plies()) {
            return;
        }
        Move hint = RemoteMoves.readMove(h.usi());
        if (hint != null && game().current().isLegal(hint)) {
            match.hint(h.ply(), hint);
            match.emit(new BoardEvent.HintShown(h.timeMillis(), h.ply() + 1, hint));
        }
    }

    /**
     * The remote side's move arrived: its clock stops now (charged up to here), nobody's time runs while the
     * player makes it on the board. An unreadable or illegal move is never shown: it is the remote side's loss.
     */
    private void opponentMove(SessionInput.OpponentMove m) {
        long now = m.timeMillis();
        Side side = m.side();
        if (match.phase() != BoardPhase.PLAYING || !match.remote().isRemote(side) || m.ply() != game().plies()
                || game().current().sideToMove() != side || match.remote().pending() != null) {
            log.info("{}'s move {} for ply {} ignored: the game is at ply {} ({})", side.label(), m.usi(),
                    m.ply() + 1, match.history() == null ? 0 : match.plies() + 1, match.phase());
            return;
        }
        Move move = RemoteMoves.readMove(m.usi());
        Verdict verdict = move == null ? null : game().current().verdict(move);
        if (verdict == null || !verdict.isLegal()) {
            log.warn("ply {}: {} answered the illegal move '{}': {} loses", game().plies() + 1, side.label(),
                    m.usi(), side.label());
            if (move == null) {
                match.adjudicate(new GameResult(GameStatus.ILLEGAL_MOVE, side.opponent(),
                        IllegalReason.INVALID_MOVEMENT, game().plies() + 1), null);
            } else {
                match.play(move, verdict, null, null);
            }
            rules.finish(now);
            return;
        }
        // a remote first mover starts the clock that waited for the players
        match.startFirstTurn(side, now);
        long elapsed = now - match.clock().turnStartMillis();
        boolean held = false;
        if (match.clock().running() == side) {
            ClockSwitch sw = match.endTurn(side, now, now);
            if (sw.timeUp()) {
                rules.timeUp(side, now);
                return;
            }
            elapsed = sw.elapsedMs();
            match.holdClock(now, true);
            held = true;
        }
        List<Move> moves = game().moves();
        String words = RemoteMoves.words(game().current(), move, side,
                moves.isEmpty() ? null : moves.get(moves.size() - 1).to());
        match.remoteMoveArrived(new RemoteMoves.Pending(side, game().plies() + 1, move, elapsed, words, held));
        log.info("ply {}: {} chose {} {}; waiting for it on the board", game().plies() + 1, side.label(), move.usi(),
                words);
        match.emit(new BoardEvent.OpponentMoved(now, game().plies() + 1, side, move, words));
    }

    /** Whether the move the board saw is the remote side's chosen one; if not, the pieces are to be put back. */
    boolean isRemoteMove(InferenceEvent.MoveCompleted m) {
        RemoteMoves.Pending expected = match.remote().pending();
        if (expected != null && expected.move().equals(m.move()) && expected.ply() == game().plies() + 1) {
            return true;
        }
        Side toMove = game().current().sideToMove();
        log.info("ply {}: {} made for {} is not its move ({}); put it back", game().plies() + 1, m.move(),
                toMove.label(), expected == null ? "it has not chosen yet" : expected.move());
        rules.startGuide(m.timeMillis(), "not " + toMove.label() + "'s move: put back " + m.move().usi());
        return false;
    }

    /**
     * The remote side's move that waits to be made on the board counts in the record now, as the game ends before
     * the pieces show it (the player resigns in reply to it, or the remote side ends the game). True when that move
     * itself ended the game (it is then over).
     */
    boolean countWaitingMove(long now) {
        RemoteMoves.Pending p = release(now);
        if (p == null) {
            return false;
        }
        GameResult after = match.play(p.move(), Verdict.LEGAL, p.elapsedMs(), null);
        match.emit(new BoardEvent.MovePlayed(now, game().plies(), p.side(), p.move()));
        if (after.isOver()) {
            rules.finish(now);
            return true;
        }
        return false;
    }

    /** Forgets the remote move waiting to be made; the clock held for it runs again. Returns it (or null). */
    RemoteMoves.Pending release(long now) {
        RemoteMoves.Pending p = match.dropRemoteMove();
        if (p != null && p.clockHeld() && match.clock() != null && match.phase() == BoardPhase.PLAYING) {
            match.holdClock(now, false);
        }
        return p;
    }
}
