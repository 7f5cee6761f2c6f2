package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Side;
import org.shogiban.rules.Move;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameRequest;
import org.shogiban.session.OnlineSeat;
import org.shogiban.session.PlayMode;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The account's games on lishogi played on the wooden board. On a thread of its own it takes, one at a time, what
 * the site's streams read ({@link SiteStream}: the account's events, the game being played) and the board's
 * changes (handed in by the part that attaches it; never polled), and:
 * <ul>
 *   <li>sets a game the site starts up on the board when the board is idle (its start, or its current position
 *       for a game taken up mid-way), the opponent on the site's side;</li>
 *   <li>shows each move of the opponent as the board shows an engine's ({@link SessionInput.OpponentMove});</li>
 *   <li>sends each move the board counts for the account exactly once: a move whose answer was lost is not sent
 *       again; the game stream is opened again and its full state decides (the site is the judge);</li>
 *   <li>sends the board's resignation (an abort before both sides moved); never a draw or an impasse declaration;</li>
 *   <li>makes every ending the site reports the board's result, and the site's clocks the board's display;</li>
 *   <li>seeks or challenges when the board asks ({@code waitingFor} {@code online-seeking}), and stops when the
 *       board no longer asks (a new game, MENU).</li>
 * </ul>
 * Faults (the site not reached) are named in the snapshot's {@code faults} until it answers again.
 */
public final class LishogiPlayer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LishogiPlayer.class);

    /** What the player needs of the board: its inbox, its scan clock, its clock display, the part's health. */
    public interface Board {
        void submit(SessionInput.Command command);

        /** Says whether the site can be reached (the part's health, shown in the board's faults while it fails). */
        void health(org.shogiban.port.PartHealth health);

        long now();

        /** Shows the site's clocks (sente's, gote's), {@code running}'s counting down. */
        void showClocks(long senteMs, long goteMs, Side running);
    }

    /** Timings: the first pause before a stream is opened again, and how long an answer is waited for. */
    public record Timing(Duration firstPause, Duration silence, Duration answer, Duration rateLimitPause) {
        /** lishogi's: keep-alives every 6 s, so a stream silent for 20 s is dropped; after a 429, a minute. */
        public static final Timing SITE = new Timing(Duration.ofSeconds(1), Duration.ofSeconds(20),
                Duration.ofSeconds(15), Duration.ofMinutes(1));
    }

    private sealed interface Message {
    }

    private record BoardChanged(BoardFacts facts) implements Message {
    }

    private record Event(JsonNode event) implements Message {
    }

    private record GameLine(String gameId, JsonNode line) implements Message {
    }

    private record SeekOver(String why, boolean matched) implements Message {
    }

    private record Stop() implements Message {
    }

    private final Board board;
    private final LishogiClient client;
    private final Timing timing;
    private final BlockingQueue<Message> inbox = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final SiteFaults faults;
    private volatile boolean running = true;

    private String accountId;
    private SiteStream events;
    private SiteStream gameStream;
    private String streamedGame;
    /** Games the site started that the board has not taken up yet (board busy), by id, with the side the account plays. */
    private final Map<String, Side> waitingGames = new LinkedHashMap<>();
    private SiteGame game;
    /** The site's moves before the board's start (a game taken up mid-way). */
    private int base;
    /** The site's ply (1-based) of the board's last move sent, and whether its answer was lost. */
    private int sentPly;
    private boolean answerLost;
    private BoardFacts seen;
    private SeekRun seek;
    private boolean resignSent;

    private LishogiPlayer(Board board, LishogiClient client, Timing timing) {
        this.board = Objects.requireNonNull(board, "board");
        this.client = Objects.requireNonNull(client, "client");
        this.timing = timing;
        this.faults = new SiteFaults(board, client.host());
        this.thread = Thread.ofPlatform().daemon().name("shogiban-lishogi").unstarted(this::run);
    }

    /** Starts following the account: its events, and the board's changes handed in by {@link #boardChanged}. */
    public static LishogiPlayer start(Board board, LishogiClient client, Timing timing) {
        LishogiPlayer p = new LishogiPlayer(board, client, timing);
        p.thread.start();
        return p;
    }

    /** The board changed (any thread; cheap: the work is done on the player's thread). */
    public void boardChanged(BoardFacts facts) {
        inbox.add(new BoardChanged(facts));
    }

    private void run() {
        account();
        events = new SiteStream("events", client::events, new SiteStream.Sink() {
            @Override
            public void line(JsonNode line) {
                inbox.add(new Event(line));
            }

            @Override
            public void reached() {
                faults.reached();
            }

            @Override
            public void failed(SiteException e) {
                faults.failed(e);
            }
        }, timing.firstPause(), timing.rateLimitPause(), () -> false).start();
        while (running) {
            Message m;
            try {
                m = inbox.take();
            } catch (InterruptedException e) {
                return;
            }
            try {
                switch (m) {
                    case BoardChanged b -> onBoard(b.facts());
                    case Event e -> onEvent(e.event());
                    case GameLine g -> onGameLine(g.gameId(), g.line());
                    case SeekOver s -> onSeekOver(s);
                    case Stop s -> {
                        return;
                    }
                }
            } catch (RuntimeException e) {
                log.error("lishogi player: {} failed; it goes on", m.getClass().getSimpleName(), e);
            }
        }
    }

    /** The account's id (which side of a game is the board's); tried until the site answers. */
    private void account() {
        long pause = timing.firstPause().toMillis();
        while (running) {
            try {
                accountId = client.account().path("id").asText(null);
                faults.reached();
                log.info("lishogi at {}: playing as {}", client.host(), accountId);
                return;
            } catch (SiteException e) {
                faults.failed(e);
                try {
                    Thread.sleep(e.kind() == SiteException.Kind.RATE_LIMITED ? timing.rateLimitPause().toMillis()
                            : pause);
                } catch (InterruptedException ie) {
                    return;
                }
                pause = Math.min(pause * 2, 60_000);
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ the site

    private void onEvent(JsonNode e) {
        String type = e.path("type").asText();
        if (type.equals("gameStart")) {
            JsonNode g = e.path("game");
            String id = g.path("gameId").asText(g.path("id").asText());
            if (g.path("compat").path("board").isBoolean() && !g.path("compat").path("board").asBoolean()) {
                log.info("lishogi game {} cannot be played with the Board API; not taken up", id);
                return;
            }
            if (game != null && game.id().equals(id)) {
                return;
            }
            String color = g.path("color").asText("");
            waitingGames.put(id, color.equals("gote") ? Side.GOTE : color.equals("sente") ? Side.SENTE : null);
            log.info("lishogi game {} started (against {})", id, g.path("opponent").path("username").asText("?"));
            takeUpWaiting();
        } else if (type.equals("challengeDeclined") || type.equals("challengeCanceled")) {
            String id = e.path("challenge").path("id").asText("");
            if (seek != null && id.equals(seek.challengeId())) {
                seek = null;
                board.submit(new SessionInput.SiteRefused(board.now(), "online game", "the challenge was "
                        + (type.equals("challengeDeclined") ? "declined" : "cancelled"), true));
            }
        } else if (type.equals("gameFinish")) {
            String id = e.path("game").path("gameId").asText(e.path("game").path("id").asText());
            waitingGames.remove(id);
        }
    }

    /** A game the site started is followed when the board is idle (no game in play). */
    private void takeUpWaiting() {
        String onBoard = seen == null || seen.online() == null ? null : seen.online().gameId();
        if (onBoard != null && waitingGames.containsKey(onBoard) && (game == null || !game.id().equals(onBoard))) {
            // the board plays this game already (restarted mid-game, resumed from its journal): go on with it
            waitingGames.remove(onBoard);
            follow(onBoard);
            return;
        }
        if (waitingGames.isEmpty() || !idle(seen)) {
            return;
        }
        Map.Entry<String, Side> next = waitingGames.entrySet().iterator().next();
        waitingGames.remove(next.getKey());
        follow(next.getKey());
    }

    private void follow(String id) {
        if (seek != null) {
            seek.close();
            seek = null;
        }
        if (gameStream != null) {
            gameStream.close();
        }
        game = null;
        base = 0;
        sentPly = 0;
        answerLost = false;
        resignSent = false;
        streamedGame = id;
        java.util.concurrent.atomic.AtomicBoolean over = new java.util.concurrent.atomic.AtomicBoolean();
        gameStream = new SiteStream("game", (onLine, handle) -> client.game(id, onLine, handle),
                new SiteStream.Sink() {
                    @Override
                    public void line(JsonNode line) {
                        JsonNode state = line.has("state") ? line.get("state") : line;
                        if (!SiteEnding.ongoing(state.path("status").asText(null))) {
                            over.set(true);
                        }
                        inbox.add(new GameLine(id, line));
                    }

                    @Override
                    public void reached() {
                        faults.reached();
                    }

                    @Override
                    public void failed(SiteException e) {
                        faults.failed(e);
                    }
                }, timing.firstPause(), timing.rateLimitPause(), over::get).start();
    }

    private void onGameLine(String id, JsonNode line) {
        if (!id.equals(streamedGame)) {
            return;
        }
        switch (line.path("type").asText()) {
            case "gameFull" -> {
                game = SiteGame.full(line, accountId, client.site().toString(), null);
                if (answerLost && game.moves().size() < sentPly) {
                    // the site's full state, taken after the answer was lost, lacks the move: it never arrived
                    log.info("lishogi game {}: ply {} did not reach the site; it is sent again", id, sentPly);
                    sentPly--;
                }
                answerLost = false;
                log.info("lishogi game {}: {} against {}, {} moves so far", id, game.own().label(),
                        game.seat().opponentName(), game.moves().size());
                if (!boardPlays(seen)) {
                    setUp();
                }
            }
            case "gameState" -> {
                if (game != null) {
                    SiteGame next = game.with(line);
                    if (next.moves().size() < game.moves().size() && !next.over()) {
                        // the Board API has no takeback: a state with fewer moves is an old one
                        return;
                    }
                    game = next;
                }
            }
            default -> {
                return;
            }
        }
        if (game != null) {
            showClocks();
            reconcile();
        }
    }

    private void showClocks() {
        if (game.btime() < Integer.MAX_VALUE) {
            board.showClocks(game.btime(), game.wtime(), game.over() ? null : game.toMove());
        }
    }

    /** Sets the site's game up on the board: its start, or its position now for a game taken up mid-way. */
    private void setUp() {
        base = game.moves().size();
        if (game.over()) {
            return;
        }
        OnlineSeat seat = game.seat();
        String own = OnlineSeat.withRating(seat.ownName(), seat.ownRating());
        String them = OnlineSeat.withRating(seat.opponentName(), seat.opponentRating());
        GameRequest request = new GameRequest(Optional.of(game.own() == Side.SENTE ? own : them),
                Optional.of(game.own() == Side.SENTE ? them : own), Optional.of(TimeControl.NONE),
                Optional.of(game.positionAfter(base)), Optional.of(PlayMode.CASUAL), GameRequest.WhilePlaying.ABORT,
                Optional.of(RemotePlayer.online(game.own().opponent(), seat)));
        log.info("lishogi game {}: set up on the board{}", game.id(), base == 0 ? "" : " at ply " + (base + 1));
        board.submit(new SessionInput.NewGame(board.now(), request));
    }

    /**
     * The site's moves and the board's, made to agree: the site's next move shown for the opponent; the board's
     * move the site lacks sent (once); the site's ending made the board's result.
     */
    private void reconcile() {
        BoardFacts s = seen;
        if (game == null || !boardPlays(s)) {
            return;
        }
        int toStart = game.pliesTo(s.start().toSfen());
        if (toStart >= 0 && base != toStart) {
            base = toStart;
        }
        List<String> site = game.moves().subList(Math.min(base, game.moves().size()), game.moves().size());
        List<String> here = s.moves().stream().map(Move::usi).toList();
        int common = 0;
        while (common < site.size() && common < here.size() && site.get(common).equals(here.get(common))) {
            common++;
        }
        if (common < here.size() && common < site.size()) {
            log.warn("lishogi game {}: the board's move {} at ply {} is not the site's {}; the site is the judge",
                    game.id(), here.get(common), base + common + 1, site.get(common));
            board.submit(new SessionInput.Undo(board.now()));
            return;
        }
        boolean playing = s.phase() == BoardPhase.PLAYING;
        if (playing && site.size() > here.size()) {
            showOpponentMove(s, site.get(here.size()));
        } else if (here.size() == site.size() + 1 && game.toMove() == game.own() && !game.over()
                && (playing || s.phase() == BoardPhase.OVER)) {
            // the board's move (also one that ended the game on the board: the site must have it too)
            send(here.get(here.size() - 1), base + here.size());
        }
        if (game.over() && s.result() == null && playing) {
            end();
        }
    }

    private void showOpponentMove(BoardFacts s, String usi) {
        Side them = game.own().opponent();
        if (them != s.toMove()) {
            return;
        }
        if (!s.waitsFor(BoardFacts.Prompt.Kind.OPPONENT_MOVE)) {
            board.submit(new SessionInput.OpponentMove(board.now(), them, s.plies(), usi));
        }
    }

    /** Sends the board's move, once: a move already sent (even one whose answer was lost) is not sent again. */
    private void send(String usi, int sitePly) {
        if (sitePly <= sentPly) {
            return;
        }
        sentPly = sitePly;
        try {
            client.move(game.id(), usi);
            faults.reached();
            answerLost = false;
            log.info("lishogi game {}: ply {} {} sent", game.id(), sitePly, usi);
        } catch (SiteException e) {
            switch (e.kind()) {
                case UNREACHABLE -> {
                    // the move may have reached the site: never sent twice; the game's full state will tell
                    answerLost = true;
                    faults.failed(e);
                    log.warn("lishogi game {}: the answer to ply {} {} was lost; the game's state decides",
                            game.id(), sitePly, usi);
                    gameStream.reopen();
                }
                case REFUSED -> {
                    log.warn("lishogi game {}: ply {} {} refused: {}", game.id(), sitePly, usi, e.getMessage());
                    board.submit(new SessionInput.SiteRefused(board.now(), "move " + usi, e.getMessage(), false));
                    board.submit(new SessionInput.Undo(board.now()));
                    sentPly = sitePly - 1;
                }
                default -> refused("move " + usi, e, false);
            }
        }
    }

    /** The site's ending as the board's result. */
    private void end() {
        SiteEnding ending = SiteEnding.of(game.status(), game.winner());
        log.info("lishogi game {} over: {} (winner {}) → {}", game.id(), game.status(), game.winner(),
                ending.status());
        board.submit(new SessionInput.OpponentResult(board.now(), ending.status(), ending.winner(),
                "lishogi: " + ending.siteStatus()));
    }

    // ------------------------------------------------------------------------------------------------ the board

    private void onBoard(BoardFacts s) {
        BoardFacts before = seen;
        seen = s;
        seekAsked(s);
        if (game == null && streamedGame == null && s.phase() == BoardPhase.PLAYING && s.online() != null
                && !s.online().isSeeking()) {
            // the board resumed a site's game from its journal: the site's full state says how it stands
            log.info("lishogi game {}: resumed on the board; taking it up from the site", s.online().gameId());
            waitingGames.remove(s.online().gameId());
            follow(s.online().gameId());
        }
        if (game != null && boardPlays(s)) {
            resignation(s);
            reconcile();
        } else if (game != null && !game.over() && s.online() == null && before != null && boardPlays(before)) {
            log.info("lishogi game {} left on the board (a new game); the site's game goes on there", game.id());
        }
        if (game != null && game.over() && !boardPlays(s)) {
            stopGame();
        }
        if (game == null || game.over() || !boardPlays(s)) {
            takeUpWaiting();
        }
    }

    /** The board's own side resigned on the board: sent to the site (an abort before both sides moved). */
    private void resignation(BoardFacts s) {
        if (resignSent || s.result() == null || game.over()
                || s.result().status() != org.shogiban.rules.GameStatus.RESIGNATION
                || s.result().winner() != game.own().opponent()) {
            return;
        }
        resignSent = true;
        try {
            if (game.moves().size() < 2) {
                client.abort(game.id());
                log.info("lishogi game {}: aborted from the board", game.id());
            } else {
                client.resign(game.id());
                log.info("lishogi game {}: resigned from the board", game.id());
            }
        } catch (SiteException e) {
            refused("resign", e, false);
        }
    }

    private void stopGame() {
        if (gameStream != null) {
            gameStream.close();
            gameStream = null;
        }
        streamedGame = null;
        game = null;
    }

    /** A seek asked by the board starts; one the board no longer asks for stops. */
    private void seekAsked(BoardFacts s) {
        boolean asked = s.waitsFor(BoardFacts.Prompt.Kind.ONLINE_SEEKING);
        if (asked && seek == null && s.online() != null) {
            seek = SeekRun.start(client, s.online(), (why, matched) -> inbox.add(new SeekOver(why, matched)),
                    timing.rateLimitPause());
        } else if (!asked && seek != null) {
            seek.close();
            seek = null;
        }
    }

    private void onSeekOver(SeekOver s) {
        if (seek == null) {
            return;
        }
        seek = null;
        if (!s.matched()) {
            board.submit(new SessionInput.SiteRefused(board.now(), "online game", s.why(), true));
        }
    }

    private void refused(String what, SiteException e, boolean endsSeek) {
        if (e.kind() == SiteException.Kind.UNREACHABLE) {
            faults.failed(e);
        } else {
            log.warn("lishogi: {}: {}", what, e.getMessage());
            board.submit(new SessionInput.SiteRefused(board.now(), what, e.getMessage(), endsSeek));
        }
    }

    /** Whether the board shows the game the player follows (set up or in play). */
    private boolean boardPlays(BoardFacts s) {
        return s != null && game != null && s.online() != null && game.id().equals(s.online().gameId());
    }

    /** Whether the board has no game in play: after a game's end, at the menu, or setting up one not started. */
    private static boolean idle(BoardFacts s) {
        return s == null || s.phase() == BoardPhase.OVER || s.phase() == BoardPhase.SETTING_UP;
    }

    @Override
    public void close() {
        running = false;
        inbox.add(new Stop());
        if (seek != null) {
            seek.close();
        }
        if (events != null) {
            events.close();
        }
        if (gameStream != null) {
            gameStream.close();
        }
        thread.interrupt();
        try {
            thread.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        client.close();
    }
}
