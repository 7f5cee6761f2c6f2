package org.shogiban.session;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The session seen from outside, made from its parts: the {@link BoardView} (LEDs, UIs, tests), the one JSON
 * {@link BoardSnapshot}, and the {@link SessionState} the journal keeps. Pure functions of the session's {@link Match}.
 */
final class SessionProjection {
    private static final DateTimeFormatter GAME_ID = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private SessionProjection() {
    }

    /** The players' names of the game being set up or played: the remote side's as its name and level. */
    static GameRequest.Players players(Match s) {
        return s.remote().names(s.request().players());
    }

    /** The game's result (ONGOING while the game is on or not started). */
    static GameResult result(Match s) {
        return s.history() == null ? GameResult.ONGOING : s.history().result();
    }

    /** Both clocks as of a time (no earlier than the last input); null before the first game. */
    static ClockState clockState(Match s, long nowMillis) {
        return s.clock() == null ? null : s.clock().state(Math.max(nowMillis, s.inputMillis()));
    }

    /** What the board shows now. */
    static BoardView view(Match s) {
        PlayerPrompts p = s.prompts();
        BoardPhase phase = s.phase();
        if (phase == BoardPhase.SETTING_UP) {
            return new BoardView(phase, s.setup().target(), 0, null, p.wrongSquares(phase), p.wrongSlots(phase),
                    null, null, GameResult.ONGOING, s.failing(), p.arbiterCalled());
        }
        GameHistory game = s.history();
        List<Move> moves = game.moves();
        Move last = moves.isEmpty() ? null : moves.get(moves.size() - 1);
        RemoteMoves.Pending remote = s.remote().pending();
        return new BoardView(phase, game.current(), game.plies(), last,
                p.wrongSquares(phase), p.wrongSlots(phase), p.illegalMove(), p.promotionSquare(), game.result(),
                s.failing(), p.arbiterCalled(), remote == null ? null : remote.move(),
                phase == BoardPhase.PLAYING ? s.remote().hint(game.plies()) : null);
    }

    /** The snapshot as of {@code nowMillis}, {@code v} being the view now: written from the facts. */
    static BoardSnapshot snapshot(Match s, BoardView v, long nowMillis) {
        return BoardSnapshot.of(facts(s, v, nowMillis));
    }

    /** The typed facts as of {@code nowMillis}, {@code v} being the view now. */
    static BoardFacts facts(Match s, BoardView v, long nowMillis) {
        GameHistory game = s.history();
        GameSettings settings = s.settings();
        boolean inGame = game != null && s.phase() != BoardPhase.SETTING_UP;
        List<Move> moves = inGame ? game.moves() : List.of();
        BoardFacts.Outcome end = null;
        GameResult result = result(s);
        if (inGame && result.isOver()) {
            String note = s.log().resultNote();
            String reason = note != null ? note : result.reason() == null ? null : result.reason().name();
            end = new BoardFacts.Outcome(result.status(), result.winner(), reason,
                    result.ply() > 0 ? result.ply() : game.plies());
        }
        TimeControl control = settings.timeControl();
        ClockState clock = s.clock() != null ? clockState(s, nowMillis)
                : new ClockState(null, false, control.of(Side.SENTE).initialClock(),
                control.of(Side.GOTE).initialClock());
        // while the first turn waits for the players no clock runs
        boolean waits = s.clock() != null && s.clock().firstTurnWaits();
        return new BoardFacts(s.phase(), v.plies(), v.position(), game == null ? settings.start() : game.start(),
                moves, v.lastMove(), v.phase() == BoardPhase.PLAYING && v.position().isInCheck(), clock,
                waits ? null : clock.running(), control.isNone() ? null : control, end, waitingFor(s, v),
                s.remote().players(s.request().players()),
                // the game set up after NEW has no id yet: never the last game's
                s.startedAt() == null || s.phase() == BoardPhase.SETTING_UP ? null
                        : GAME_ID.format(s.startedAt().atZone(s.wallClock().getZone())),
                PlayMode.of(settings), settings.inference().sensorKind(), s.prompts().arbiterCalled(),
                List.copyOf(s.failing()), 0, s.remote().player() == null ? null : s.remote().player().online());
    }

    /** What the board waits for from the players, and from a side played from elsewhere. */
    private static List<BoardFacts.Prompt> waitingFor(Match s, BoardView v) {
        List<BoardFacts.Prompt> waiting = s.prompts().waitingFor(v);
        BoardFacts.Prompt remote = s.remote().waiting(v.position().sideToMove(), s.phase() == BoardPhase.PLAYING);
        boolean confirm = s.confirming() != null && s.phase() != BoardPhase.OVER
                && s.phase() != BoardPhase.SETTING_UP;
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
    static SessionState state(Match s, long nowMillis) {
        String phaseName = phaseName(s.phase());
        GameSettings settings = s.settings();
        String mode = PlayMode.of(settings).label();
        if (s.log() == null || s.phase() == BoardPhase.SETTING_UP) {
            return new SessionState(1, phaseName, 0, settings.start().toSfen(), settings.timeControl().spec(),
                    List.of(), List.of(), List.of(), List.of(), null, null, s.prompts().arbiterCalled(), mode,
                    asked(s), List.of());
        }
        PlyLog log = s.log();
        GameHistory game = log.history();
        SessionState.Result end = null;
        GameResult result = game.result();
        if (result.isOver()) {
            end = new SessionState.Result(result.status().name(), result.winner() == null ? null
                    : result.winner().name(), result.reason() == null ? null : result.reason().name(), result.ply(),
                    log.resultNote());
        }
        ClockState clocks = s.clock().journalled(Math.max(nowMillis, s.inputMillis()));
        return new SessionState(1, phaseName, log.startedAt().toEpochMilli(), game.start().toSfen(),
                settings.timeControl().spec(), game.moves().stream().map(Move::usi).toList(), log.moveMillis(),
                log.comments(), log.startComments(), end, SessionState.Clocks.of(clocks), s.prompts().arbiterCalled(),
                mode, asked(s), log.journalledTurnClocks());
    }

    /** The request as journalled, or null when the game was not asked to differ from the board's settings. */
    private static SessionState.Asked asked(Match s) {
        GameRequest request = s.request();
        if (request.equals(GameRequest.BOARD_SETTINGS)) {
            return null;
        }
        return new SessionState.Asked(request.sente().orElse(null), request.gote().orElse(null),
                request.timeControl().map(TimeControl::spec).orElse(null),
                request.start().map(Position::toSfen).orElse(null),
                request.mode().map(PlayMode::label).orElse(null),
                request.remote().filter(r -> r.kind().equals(RemotePlayer.ENGINE)).map(r -> r.side().label())
                        .orElse(null),
                request.remote().filter(r -> r.kind().equals(RemotePlayer.ENGINE)).map(RemotePlayer::level)
                        .orElse(null),
                request.remote().filter(RemotePlayer::isHost).map(r -> r.side().label())
                        .orElse(null),
                request.remote().filter(RemotePlayer::isOnline).map(r -> r.side().label()).orElse(null),
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
                        Side.read(asked.onlineSide()).orElseThrow(), asked.online()))
                        : asked.host() != null ? Optional.of(RemotePlayer.parseHost(asked.host()))
                        : Optional.ofNullable(asked.engine()).map(side -> RemotePlayer.parse(side,
                        asked.level() == null ? null : asked.level().toString(), 1)));
    }
}
