package org.shogiban.session;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Set;
import org.shogiban.clock.ClockState;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ClockFace;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The game on the board, start to result, as a pure state machine: it takes {@link SessionInput}s (sensor frames,
 * buttons, faults, ticks, commands), each with its time, and returns what happened as one {@link SessionChange}. No
 * threads, no I/O, no sleeping; the runtime feeds it from one thread and passes the change to its stages.
 *
 * <p>What it holds has one owner, the {@link Match}: the phase, the setup, the request and settings, what was played
 * in its {@link PlyLog} (the game, its result, and per ply the time, comments and turn clock), the clock
 * ({@link TurnClock}), what the board asks of the players ({@link PlayerPrompts}), each changed only through the
 * match's named transitions. This class takes the inputs and hands them to {@link GameRules}, which rules on what
 * the inference reports and on the players' and the arbiter's acts; {@link SessionProjection} makes the view, the
 * snapshot and the journalled state; {@link SessionRestore} makes a session from a journalled state. Outside, the
 * game is handed out read-only ({@link GameHistory}). Not thread-safe.
 */
public final class GameSession {
    private static final Logger log = LoggerFactory.getLogger(GameSession.class);

    private final Match match;
    private final GameRules rules;
    private SessionChange lastChange;

    /**
     * @param settings the start position, how moves are read, the illegal-move policy and the declaration rule
     * @param wallClock the calendar time written in the record (a fixed clock in tests)
     */
    public GameSession(GameSettings settings, Clock wallClock) {
        this.match = new Match(settings, wallClock);
        this.rules = new GameRules(match);
    }

    /**
     * A session whose game starts at once from the settings' start, the pieces known to stand on it (a replayed
     * trace starts so): no setup phase, the first mover's time runs from {@code nowMillis}.
     */
    public static GameSession playing(GameSettings settings, Clock wallClock, long nowMillis) {
        GameSession s = new GameSession(settings, wallClock);
        s.match.startPlaying(nowMillis);
        return s;
    }

    /**
     * A session setting up the game a journalled request asked for (the board stopped before the pieces stood on
     * the start): the same players, time control, start and mode; the board's settings for the rest.
     */
    public static GameSession settingUp(GameSettings settings, Clock wallClock, SessionState state) {
        GameSession s = new GameSession(settings, wallClock);
        SessionRestore.settingUp(s.match, state);
        return s;
    }

    /**
     * A session that goes on with a journalled game: the same moves, record times and comments, the clocks as
     * journalled (the time the board was off is not charged). The players first check the pieces: the clocks wait
     * until the board shows the position. The journalled time control and mode win over the settings' for this
     * game; the players' names and what the game was asked to be come back with it.
     *
     * @throws IllegalArgumentException when the state is not a game in progress or its moves do not replay
     */
    public static GameSession resume(GameSettings settings, Clock wallClock, SessionState state, long nowMillis) {
        GameSession s = new GameSession(settings, wallClock);
        SessionRestore.resume(s.match, state, nowMillis);
        return s;
    }

    /** The settings the game being set up or played (or the last one) is played with. */
    public GameSettings settings() {
        return match.settings();
    }

    /** The board's own settings, which a new game keeps for what its request does not ask. */
    public GameSettings boardSettings() {
        return match.boardSettings();
    }

    /** The players' names of the game being set up or played (null where none was given). */
    public GameRequest.Players players() {
        return SessionProjection.players(match);
    }

    /** Who plays from elsewhere in the game being set up or played, and its move waiting to be made. */
    public RemoteMoves remote() {
        return match.remote();
    }

    /** Where the board stands. */
    public BoardPhase phase() {
        return match.phase();
    }

    /**
     * The game being played or last played, read-only; empty while a setup is under way. The session plays, takes
     * back and ends the game.
     */
    public Optional<GameHistory> game() {
        return Optional.ofNullable(match.history());
    }

    /** The result (ONGOING while the game is on or not started). */
    public GameResult result() {
        return SessionProjection.result(match);
    }

    /** When the current (or last) game started, in calendar time; null before the first game. */
    public Instant startedAt() {
        return match.startedAt();
    }

    /** The calendar time zone of the records. */
    public ZoneId zone() {
        return match.wallClock().getZone();
    }

    /** Hardware reported failing, as {@code chip at address}. */
    public Set<String> failingDevices() {
        return Set.copyOf(match.failing());
    }

    // ------------------------------------------------------------------------------------------------ input

    /**
     * Takes one input and returns what it changed, built once: the events in order (often none), and the view,
     * snapshot, state and record as the input left them. Times must never go back.
     */
    public SessionChange accept(SessionInput input) {
        long at = match.takeInput(input.timeMillis());
        switch (input) {
            case SessionInput.Frame f -> {
                match.frameSeen(f.frame());
                rules.see(f.frame());
            }
            case SessionInput.Press p -> onButton(p.event());
            case SessionInput.Fault f -> match.fault(f.fault());
            case SessionInput.Tick t -> rules.tick(t.timeMillis());
            case SessionInput.Command c -> onCommand(c);
        }
        BoardView view = view();
        if (match.events().isEmpty() && lastChange != null) {
            lastChange = lastChange.quiet(view, at);
        } else {
            BoardFacts facts = SessionProjection.facts(match, view, at);
            lastChange = new SessionChange(match.events(), view, facts, SessionProjection.state(match, at), record(), clockState(at), at);
        }
        return lastChange;
    }

    private void onButton(ButtonEvent event) {
        BoardPhase phase = match.phase();
        boolean following = phase == BoardPhase.PLAYING && !match.prompts().checking();
        if (!event.pressed()) {
            if (following) {
                rules.handle(match.inference().onButton(event));
            }
            return;
        }
        long now = event.timeMillis();
        switch (event.button()) {
            case RESIGN_SENTE -> rules.resign(Side.SENTE, now);
            case RESIGN_GOTE -> rules.resign(Side.GOTE, now);
            case DECLARE -> rules.declare(now);
            case ARBITER -> rules.callArbiter(now, "the arbiter button was pressed");
            case MENU -> {
                if (match.remote().player() != null && match.remote().player().isSeeking()) {
                    rules.cancelSeek(now);
                } else if (match.confirming() != null && match.isOn()) {
                    log.info("menu pressed: the players confirm the new game asked for");
                    // confirmed: asking again would wait for another press, for ever
                    newGame(now, match.confirming().confirmed());
                } else if (phase == BoardPhase.OVER) {
                    log.info("menu pressed after the game: set up the next game");
                    if (match.request().remote().filter(RemotePlayer::isOnline).isPresent()) {
                        // the site's game is over: the next game is the board's own unless the site gives another
                        match.ask(GameRequest.BOARD_SETTINGS);
                    }
                    rules.startSetup(now);
                } else {
                    log.debug("menu pressed in phase {}; ignored", phase);
                }
            }
            case CLOCK_SENTE, CLOCK_GOTE -> {
                if (following) {
                    rules.clockPressed(event);
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
            case PROMOTE, CONFIRM -> {
                if (following) {
                    rules.handle(match.inference().onButton(event));
                } else {
                    log.debug("{} pressed in phase {}; ignored", event.button(), phase);
                }
            }
        }
    }

    private void onCommand(SessionInput.Command command) {
        long now = command.timeMillis();
        switch (command) {
            case SessionInput.Resign r -> rules.resign(r.side(), now);
            case SessionInput.Declare d -> rules.declare(now);
            case SessionInput.NewGame n -> newGame(now, n.request());
            case SessionInput.Remote r -> rules.onRemote(r);
            case SessionInput.Arbiter a -> rules.onArbiter(a);
        }
    }

    private void newGame(long now, GameRequest asked) {
        if (match.isOn() && asked.whilePlaying() == GameRequest.WhilePlaying.ADOPT && canAdopt(asked)) {
            match.keep(asked);
            log.info("the game goes on as asked: players {} / {}, {} played from elsewhere", players().sente(),
                    players().gote(), asked.remote().map(r -> r.side().label()).orElse("no side"));
            return;
        }
        if (match.isOn()) {
            // a game with no move yet is not being played: the new one replaces it (a round's pairings reach a
            // board that started its own game as it was switched on)
            if (asked.whilePlaying() == GameRequest.WhilePlaying.REFUSE && match.plies() > 0) {
                rules.refuse(now, "new game", "a game is being played; it must end first");
                return;
            }
            if ((asked.whilePlaying() == GameRequest.WhilePlaying.CONFIRM
                    || asked.whilePlaying() == GameRequest.WhilePlaying.ADOPT) && match.plies() > 0) {
                match.awaitConfirmation(asked);
                log.info("a new game is asked for during the game: waiting for the players to press MENU");
                match.emit(new BoardEvent.CheckPieces(now, match.history().current(),
                        "a new game is asked for: press MENU to end this game and set up the new one"));
                return;
            }
            match.abort();
            match.end(now);
        }
        if (asked.remote().filter(RemotePlayer::isSeeking).isPresent()) {
            // the site looks for an opponent; the board stays as it is until the site gives the game
            OnlineSeat seek = asked.remote().get().online();
            match.seat(asked.remote().get());
            log.info("seeking an opponent on {}", seek.site());
            match.emit(new BoardEvent.OnlineSeeking(now, true, seek.site(), seek.user()));
            return;
        }
        match.ask(asked);
        GameSettings settings = match.settings();
        log.info("new game asked: {} mode, time {}, start {}, players {} / {}", PlayMode.of(settings).label(),
                settings.timeControl().spec(), settings.start().toSfen(), players().sente(), players().gote());
        rules.startSetup(now);
    }

    /** Whether the game being played can become {@code asked} as it stands (see {@link GameRequest.WhilePlaying}). */
    private boolean canAdopt(GameRequest asked) {
        GameSettings next = asked.applyTo(match.boardSettings());
        GameSettings now = match.settings();
        RemotePlayer remote = match.remote().player();
        return (remote == null || remote.equals(asked.remote().orElse(null))) && next.start().equals(now.start())
                && next.timeControl().equals(now.timeControl()) && PlayMode.of(next) == PlayMode.of(now);
    }

    // ------------------------------------------------------------------------------------------------ views

    /** The record of the game so far (its end once it is over); null while no game is played or over. */
    public GameRecord record() {
        if (match.log() == null) {
            return null;
        }
        GameRecord r = match.log().record(players(), match.settings().timeControl(), zone());
        OnlineSeat site = match.request().remote().map(RemotePlayer::online).orElse(null);
        return site == null ? r : new GameRecord(r.start(), site.header(r.header()), r.startComments(),
                r.recordedMoves(), r.end());
    }

    /** What the board shows now, for the LEDs, a UI or a test. */
    public BoardView view() {
        return SessionProjection.view(match);
    }

    /** The board's typed facts as of {@code nowMillis} (see {@link BoardFacts}). */
    public BoardFacts facts(long nowMillis) {
        return SessionProjection.facts(match, view(), nowMillis);
    }

    /**
     * What the journal keeps: the whole state after the last change, the clocks as of {@code nowMillis} (the turn
     * in progress charged up to then).
     */
    public SessionState state(long nowMillis) {
        return SessionProjection.state(match, nowMillis);
    }

    /**
     * Whether a change on the board may complete a move within {@code windowMillis} after {@code nowMillis} (its
     * settle time ends then): the runtime keeps slow work (a clock checkpoint's fsync) out of the way of that move's
     * acknowledgement.
     */
    public boolean moveMaySettleWithin(long nowMillis, long windowMillis) {
        if (match.phase() != BoardPhase.PLAYING || match.lastChangeMillis() == Long.MIN_VALUE) {
            return false;
        }
        long settlesAt = match.lastChangeMillis() + match.settings().inference().settleMillis();
        return settlesAt >= nowMillis && settlesAt - nowMillis <= windowMillis;
    }

    /** Both clocks as of a time (no earlier than the last input); null before the first game. */
    public ClockState clockState(long nowMillis) {
        return SessionProjection.clockState(match, nowMillis);
    }

    /** What a player's clock display shows as of a time; null before the first game. */
    public ClockFace face(Side side, long nowMillis) {
        TurnClock clock = match.clock();
        return clock == null ? null : clock.face(side, Math.max(nowMillis, match.inputMillis()));
    }

    /** The position the board should show: the setup's target or the game's position. */
    public Position position() {
        return match.history() == null || match.phase() == BoardPhase.SETTING_UP ? match.setup().target()
                : match.history().current();
    }
}
