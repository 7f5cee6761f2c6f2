package org.shogiban.session;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The session seen from outside, made from its parts: the {@link BoardView} (LEDs, UIs, tests), the one JSON
 * {@link BoardSnapshot}, and the {@link SessionState} the journal keeps. Pure functions of a {@link GameSession}.
 */
final class SessionProjection {
    private static final DateTimeFormatter GAME_ID = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private SessionProjection() {
    }

    /** What the board shows now. */
    static BoardView view(GameSession s) {
        PlayerPrompts p = s.prompts;
        if (s.phase == BoardPhase.SETTING_UP) {
            return new BoardView(s.phase, s.setup.target(), 0, null, p.wrongSquares(s.phase), p.wrongSlots(s.phase),
                    null, null, GameResult.ONGOING, s.failing, p.arbiterCalled());
        }
        Game game = s.plies.game();
        List<Move> moves = game.moves();
        Move last = moves.isEmpty() ? null : moves.get(moves.size() - 1);
        RemoteMoves.Pending remote = s.remote.pending();
        return new BoardView(s.phase, game.current(), game.plies(), last,
                p.wrongSquares(s.phase), p.wrongSlots(s.phase), p.illegalMove(), p.promotionSquare(), game.result(),
                s.failing, p.arbiterCalled(), remote == null ? null : remote.move(),
                s.phase == BoardPhase.PLAYING ? s.remote.hint(game.plies()) : null);
    }

    /** The snapshot as of {@code nowMillis}, {@code v} being the view now: written from the facts. */
    static BoardSnapshot snapshot(GameSession s, BoardView v, long nowMillis) {
        return BoardSnapshot.of(facts(s, v, nowMillis));
    }

    /** The typed facts as of {@code nowMillis}, {@code v} being the view now. */
    static BoardFacts facts(GameSession s, BoardView v, long nowMillis) {
        boolean inGame = s.plies != null && s.phase != BoardPhase.SETTING_UP;
        List<Move> moves = inGame ? s.plies.game().moves() : List.of();
        BoardFacts.Outcome end = null;
        GameResult result = s.result();
        if (inGame && result.isOver()) {
            String note = s.plies.game().resultNote();
            String reason = note != null ? note : result.reason() == null ? null : result.reason().name();
            end = new BoardFacts.Outcome(result.status(), result.winner(), reason,
                    result.ply() > 0 ? result.ply() : s.plies.game().plies());
        }
        TimeControl control = s.settings.timeControl();
        ClockState clock = s.clock != null ? s.clockState(nowMillis)
                : new ClockState(null, false, control.of(Side.SENTE).initialClock(),
                control.of(Side.GOTE).initialClock());
        // while the first turn waits for the players no clock runs
        boolean waits = s.clock != null && s.clock.firstTurnWaits();
        return new BoardFacts(s.phase, v.plies(), v.position(),
                s.plies == null ? s.settings.start() : s.plies.game().start(), moves, v.lastMove(),
                v.phase() == BoardPhase.PLAYING && v.position().isInCheck(), clock, waits ? null : clock.running(),
                control.isNone() ? null : control, end, waitingFor(s, v), s.remote.players(s.request.players()),
                // the game set up after NEW has no id yet: never the last game's
                s.startedAt == null || s.phase == BoardPhase.SETTING_UP ? null
                        : GAME_ID.format(s.startedAt.atZone(s.zone())),
                PlayMode.of(s.settings), s.settings.inference().sensorKind(), s.prompts.arbiterCalled(),
                List.copyOf(s.failing), 0, s.remote.player() == null ? null : s.remote.player().online());
    }

    /** What the board waits for from the players, and from a side played from elsewhere. */
    private static List<BoardFacts.Prompt> waitingFor(GameSession s, BoardView v) {
        List<BoardFacts.Prompt> waiting = s.prompts.waitingFor(v);
        BoardFacts.Prompt remote = s.remote.waiting(v.position().sideToMove(), s.phase == BoardPhase.PLAYING);
        boolean confirm = s.confirming != null && s.phase != BoardPhase.OVER && s.phase != BoardPhase.SETTING_UP;
        if (remote == null && !confirm) {
            return waiting;
        }
        List<BoardFacts.Prompt> all = new java.util.ArrayList<>(waiting);
        if (remote != null) {
            all.add(remote);
        }
        if (confirm) {
            all.add(new BoardFacts.Prompt(BoardFacts.Prompt.Kind.CONFIRM_NEW_GAME, null, null, null,
                    "a new game is asked for: press MENU to end this game and set up the new one", null, null));
        }
        return all;
    }

    private static String phaseName(BoardPhase phase) {
        return phase == BoardPhase.SETTING_UP ? "SETUP" : phase.name();
    }

    /** What the journal keeps, the clocks as of {@code nowMillis} (the turn in progress charged up to then). */
    static SessionState state(GameSession s, long nowMillis) {
        String phaseName = phaseName(s.phase);
        String mode = PlayMode.of(s.settings).label();
        if (s.plies == null || s.phase == BoardPhase.SETTING_UP) {
            return new SessionState(1, phaseName, 0, s.settings.start().toSfen(), s.settings.timeControl().spec(),
                    List.of(), List.of(), List.of(), List.of(), null, null, s.prompts.arbiterCalled(), mode, asked(s),
                    List.of());
        }
        PlyLog log = s.plies;
        Game game = log.game();
        SessionState.Result end = null;
        GameResult result = game.result();
        if (result.isOver()) {
            end = new SessionState.Result(result.status().name(), result.winner() == null ? null
                    : result.winner().name(), result.reason() == null ? null : result.reason().name(), result.ply(),
                    game.resultNote());
        }
        ClockState clocks = s.clock.journalled(Math.max(nowMillis, s.inputMillis));
        return new SessionState(1, phaseName, log.startedAt().toEpochMilli(), game.start().toSfen(),
                s.settings.timeControl().spec(), game.moves().stream().map(Move::usi).toList(), log.moveMillis(),
                log.comments(), log.startComments(), end, SessionState.Clocks.of(clocks), s.prompts.arbiterCalled(),
                mode, asked(s), log.turnClocks().stream().map(SessionState::turnClock).toList());
    }

    /** The request as journalled, or null when the game was not asked to differ from the board's settings. */
    private static SessionState.Asked asked(GameSession s) {
        GameRequest request = s.request;
        if (request.equals(GameRequest.BOARD_SETTINGS)) {
            return null;
        }
        return new SessionState.Asked(request.sente().orElse(null), request.gote().orElse(null),
                request.timeControl().map(TimeControl::spec).orElse(null),
                request.start().map(Position::toSfen).orElse(null),
                request.mode().map(PlayMode::label).orElse(null),
                request.remote().filter(r -> r.kind().equals(RemotePlayer.ENGINE))
                        .map(r -> r.side().name().toLowerCase(Locale.ROOT)).orElse(null),
                request.remote().filter(r -> r.kind().equals(RemotePlayer.ENGINE)).map(RemotePlayer::level)
                        .orElse(null),
                request.remote().filter(RemotePlayer::isHost).map(r -> r.side().name().toLowerCase(Locale.ROOT))
                        .orElse(null),
                request.remote().filter(RemotePlayer::isOnline).map(r -> r.side().name().toLowerCase(Locale.ROOT))
                        .orElse(null),
                request.remote().map(RemotePlayer::online).orElse(null));
    }

    /** A journalled request back (a bad part is an IllegalArgumentException naming it). */
    static GameRequest request(SessionState.Asked asked) {
        if (asked == null) {
            return GameRequest.BOARD_SETTINGS;
        }
        return new GameRequest(Optional.ofNullable(asked.sente()), Optional.ofNullable(asked.gote()),
                Optional.ofNullable(asked.time()).map(TimeControl::parse),
                Optional.ofNullable(asked.start()).map(Position::fromSfen),
                Optional.ofNullable(asked.mode()).map(PlayMode::parse), GameRequest.WhilePlaying.ABORT,
                asked.online() != null && asked.onlineSide() != null ? Optional.of(RemotePlayer.online(
                        Side.valueOf(asked.onlineSide().toUpperCase(Locale.ROOT)), asked.online()))
                        : asked.host() != null ? Optional.of(RemotePlayer.parseHost(asked.host()))
                        : Optional.ofNullable(asked.engine()).map(side -> RemotePlayer.parse(side,
                        asked.level() == null ? null : asked.level().toString(), 1)));
    }
}
