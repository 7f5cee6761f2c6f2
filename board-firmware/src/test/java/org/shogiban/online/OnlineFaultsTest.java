package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.Button;
import org.shogiban.hal.StatusLed;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardSnapshot;

/**
 * The game survives the network, against the {@link StandInLishogi}: streams dropped or silent, a move's answer
 * lost, the network pulled, the site's refusals in words, and the board restarted mid-game. In each the site's moves
 * equal the board's record, no move was sent twice, and the token appears nowhere the board writes.
 */
class OnlineFaultsTest extends OnlineSiteTest {
    private static boolean faulted(BoardSnapshot s) {
        return s.faults().stream().anyMatch(f -> f.startsWith("lishogi at 127.0.0.1"));
    }

    @Test
    void theGameStreamDroppedMidGameIsOpenedAgainAndTheGameGoesOn() throws IOException {
        midGame("sente", 4, (rig, g) -> {
            int before = (int) site.requests.stream().filter(r -> r.contains("/game/stream/")).count();
            site.dropGameStream(g.id);
            // the board's move while the stream is down, then the opponent's: it comes with the game's full state
            rig.hands(Move.parseUsi("3i4h"));
            rig.untilTrue(() -> g.moves.size() == 5, 5_000, "the board's move reached the site");
            site.opponentMoves(g, "8b4b");
            BoardSnapshot lit = rig.until(x -> OnlineRig.opponentMove(x) != null, 5_000);
            assertThat(OnlineRig.opponentMove(lit).usi()).isEqualTo("8b4b");
            assertThat(site.requests.stream().filter(r -> r.contains("/game/stream/")).count()).isGreaterThan(before);
            rig.hands(Move.parseUsi("8b4b"));
            rig.until(x -> x.ply() == 6, 5_000);
            play(rig, site, g, OPENING.subList(6, 10));
        });
    }

    @Test
    void theEventStreamDroppedWhileIdleIsOpenedAgainAndAGameStartedMeanwhileIsTakenUp() throws IOException {
        idle(rig -> {
            site.dropEventStream();
            rig.untilTrue(() -> !site.eventStreamOpen(), 2_000, "the stream dropped");
            StandInLishogi.SiteGameState g = site.startGame("sente", "startpos", 600_000, 30_000);
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened again");
            started(rig, g, Position.startpos());
            play(rig, site, g, OPENING.subList(0, 2));
            checkAfter(rig, g);
        });
    }

    @Test
    void aMoveWhoseAnswerIsLostIsNotSentTwice() throws IOException {
        midGame("sente", 2, (rig, g) -> {
            site.loseNextMoveAnswer = true;
            play(rig, site, g, OPENING.subList(2, 6));
            assertThat(site.movesSent(g.id)).containsExactly("7g7f", "2g2f", "3i4h");
        });
    }

    @Test
    void theNetworkPulledMidGameIsAFaultUntilItComesBackAndNoMoveIsLostOrDoubled() throws IOException {
        midGame("sente", 2, (rig, g) -> {
            site.networkDown = true;
            // the board's move while the network is down
            rig.hands(Move.parseUsi("2g2f"));
            BoardSnapshot down = rig.until(OnlineFaultsTest::faulted, 10_000);
            assertThat(down.faults()).anyMatch(f -> f.startsWith("lishogi at "));
            rig.run(20);
            assertThat(rig.hardware.leds.current().status(StatusLed.FAULT)).as("the fault LED")
                    .isEqualTo(LedPlanner.FAULT);
            site.networkDown = false;
            rig.until(x -> !faulted(x), 15_000);
            rig.untilTrue(() -> g.moves.size() == 3, 10_000, "the board's move reached the site once back");
            play(rig, site, g, OPENING.subList(3, 6));
        });
    }

    @Test
    void aRefusedSeekSaysTheSitesReasonAndTheBoardStopsSeeking() throws IOException {
        idle(rig -> {
            ask(rig, site, Map.of("online", "lishogi", "time", "main=60"));
            rig.until(s -> !OnlineRig.waits(s, "online-seeking") && rig.log().stream()
                    .anyMatch(l -> l.startsWith("refused")), 5_000);
            assertThat(rig.log()).anyMatch(l -> l.contains("This time control cannot be played with the Board API"));
        });
    }

    @Test
    void tooManyRequestsWaitsSaysSoAndGoesOn() throws IOException {
        idle(rig -> {
            site.tooManyRequests = 1;
            ask(rig, site, Map.of("online", "lishogi", "time", "main=600,byoyomi=30"));
            rig.untilTrue(site::seeking, 5_000, "the seek went on after waiting");
            assertThat(site.requests.stream().filter(r -> r.equals("POST /api/board/seek")).count()).isEqualTo(2);
            assertThat(OnlineRig.waits(rig.app.snapshot(), "online-seeking")).isTrue();
        });
    }

    @Test
    void menuCancelsTheSeek() throws IOException {
        idle(rig -> {
            ask(rig, site, Map.of("online", "lishogi", "time", "main=600,byoyomi=30"));
            rig.untilTrue(site::seeking, 5_000, "the seek reached the site");
            rig.press(Button.MENU);
            rig.until(s -> !OnlineRig.waits(s, "online-seeking"), 2_000);
            rig.untilTrue(() -> !site.seeking(), 5_000, "the seek's stream closed");
        });
    }

    @Test
    void aWrongTokenIsRefusedInWordsWithoutTheToken() throws IOException {
        String wrong = "lip_WrongTokenNobodyHas99";
        try (OnlineRig rig = rig(wrong)) {
            BoardSnapshot s = rig.until(OnlineFaultsTest::faulted, 5_000);
            assertThat(rig.log()).anyMatch(l -> l.contains("the lishogi token was refused"));
            assertThat(s.toJson()).doesNotContain(wrong);
            assertThat(String.join("\n", rig.log())).doesNotContain(wrong);
        }
    }

    @Test
    void aBoardRestartedMidGameTakesTheGameUpAgainFromTheSite() throws IOException {
        // the board stops after five plies without a word to the site (the journal as the last change left it)
        restarted("sente", 5, g -> site.opponentMoves(g, OPENING.get(5)), (rig, g) -> {
            // the players check the pieces (the board was restarted), and the opponent's move is lit
            BoardSnapshot lit = rig.until(x -> OnlineRig.opponentMove(x) != null && !OnlineRig.waits(x, "pieces"),
                    15_000);
            assertThat(gameOf(lit)).isEqualTo(g.id);
            assertThat(lit.ply()).isEqualTo(5);
            rig.hands(Move.parseUsi(OnlineRig.opponentMove(lit).usi()));
            rig.until(x -> x.ply() == 6, 5_000);
            play(rig, site, g, OPENING.subList(6, 10));
        });
    }

    @Test
    void aBoardRestartedAfterTheSitesGameEndedTakesTheEndingFromTheSite() throws IOException {
        // the opponent resigned on the site while the board was off: no ongoing game on the event stream
        restarted("gote", 4, g -> site.end(g, "resign", "gote"), (rig, g) -> {
            BoardSnapshot over = rig.until(x -> x.result() != null, 15_000);
            assertThat(over.result().status()).isEqualTo("RESIGNATION");
            assertThat(over.result().winner()).isEqualTo("gote");
        });
    }

    @Test
    void theBoardSendsNoImpasseDeclarationAndCannotResignForTheSitesOpponent() throws IOException {
        midGame("sente", 2, (rig, g) -> {
            rig.press(Button.DECLARE);
            rig.press(Button.RESIGN_GOTE);
            rig.run(200);
            assertThat(rig.app.snapshot().result()).isNull();
            assertThat(rig.log()).anyMatch(l -> l.startsWith("refused declare"))
                    .anyMatch(l -> l.startsWith("refused gote resigns"));
            assertThat(site.resigned).isEmpty();
            assertThat(g.status).isEqualTo("started");
        });
    }

    /** What a test does to a board in a site's game. */
    private interface InGame {
        void run(OnlineRig rig, StandInLishogi.SiteGameState g) throws IOException;
    }

    /** What a test does to a board listening to the site. */
    private interface Listening {
        void run(OnlineRig rig) throws IOException;
    }

    /**
     * A site's game ({@code color} the board's, from the start) played for {@code plies} of {@link #OPENING}, then
     * {@code fault}; after it, the site's moves equal the board's record and nothing was sent twice.
     */
    private void midGame(String color, int plies, InGame fault) throws IOException {
        try (OnlineRig rig = rig(StandInLishogi.TOKEN)) {
            StandInLishogi.SiteGameState g = siteGame(rig, color, "startpos");
            play(rig, site, g, OPENING.subList(0, plies));
            fault.run(rig, g);
            checkAfter(rig, g);
        }
    }

    /** A board without a game whose event stream to the site is open, then {@code step}. */
    private void idle(Listening step) throws IOException {
        try (OnlineRig rig = rig(StandInLishogi.TOKEN)) {
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
            step.run(rig);
        }
    }

    /**
     * A site's game played for {@code plies} of {@link #OPENING}, the board stopped; {@code meanwhile} on the site;
     * the board started again on its state at that position, then {@code after}, then the after-game checks.
     */
    private void restarted(String color, int plies, Consumer<StandInLishogi.SiteGameState> meanwhile,
            InGame after) throws IOException {
        StandInLishogi.SiteGameState g;
        Position now;
        try (OnlineRig rig = rig(StandInLishogi.TOKEN)) {
            g = siteGame(rig, color, "startpos");
            play(rig, site, g, OPENING.subList(0, plies));
            now = rig.app.session().position();
        }
        meanwhile.accept(g);
        try (OnlineRig rig = new OnlineRig(site, dir.resolve("records"), dir.resolve("state"),
                StandInLishogi.TOKEN, now)) {
            after.run(rig, g);
            checkAfter(rig, g);
        }
    }
}
