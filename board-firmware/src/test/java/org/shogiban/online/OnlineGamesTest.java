package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.Button;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.SessionInput;

/**
 * Whole games on lishogi by simulated handling, against the {@link StandInLishogi}: the board's moves made by hand
 * and sent, the opponent's lit and made by following the lights. In each: the site's moves equal the board's record,
 * no move was sent twice, and the token appears in no event, record or journal file.
 */
class OnlineGamesTest extends OnlineSiteTest {
    @Test
    void aSeekPlayedAsSenteToTheOpponentsResignation() throws IOException {
        try (OnlineRig rig = rig()) {
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
            ask(rig, site, Map.of("online", "lishogi", "time", "main=600,byoyomi=30", "color", "sente"));
            BoardSnapshot seeking = rig.until(s -> OnlineRig.waits(s, "online-seeking"), 5_000);
            assertThat(seeking.online()).containsEntry("site", "lishogi").containsEntry("seeking", "lobby");
            rig.untilTrue(site::seeking, 5_000, "the seek reached the site");
            assertThat(site.seeks.get(0)).containsEntry("time", "10").containsEntry("byoyomi", "30")
                    .containsEntry("periods", "1").containsEntry("color", "sente").containsEntry("rated", "false");
            StandInLishogi.SiteGameState g = site.matchSeek("sente");
            BoardSnapshot s = started(rig, g, Position.startpos());
            assertThat(s.players().get("sente")).containsEntry("kind", "human").containsEntry("name", "Tanuki");
            assertThat(s.players().get("gote")).containsEntry("kind", "online").containsEntry("name", "Kitsune")
                    .containsEntry("rating", 1620);
            assertThat(s.online()).containsEntry("site", "lishogi").containsEntry("game", g.id)
                    .containsEntry("url", site.url() + "/" + g.id);
            play(rig, site, g, OPENING);
            site.end(g, "resign", "sente");
            BoardSnapshot over = rig.until(x -> x.result() != null, 5_000);
            assertThat(over.result().status()).isEqualTo("RESIGNATION");
            assertThat(over.result().winner()).isEqualTo("sente");
            checkAfter(rig, g);
            GameRecord record = rig.app.session().record();
            assertThat(record.header().get(RecordHeader.SENTE)).contains("Tanuki (1500)");
            assertThat(record.header().get(RecordHeader.GOTE)).contains("Kitsune (1620)");
            assertThat(record.header().get(RecordHeader.SITE)).contains(site.url() + "/" + g.id);
            assertThat(record.header().get(RecordHeader.EVENT)).contains("lishogi casual");
        }
    }

    @Test
    void aSeekPlayedAsGoteEndsInTheBoardsResignationSentToTheSite() throws IOException {
        try (OnlineRig rig = rig()) {
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
            ask(rig, site, Map.of("online", "lishogi", "time", "main=900", "color", "gote"));
            rig.untilTrue(site::seeking, 5_000, "the seek reached the site");
            StandInLishogi.SiteGameState g = site.matchSeek("gote");
            started(rig, g, Position.startpos());
            play(rig, site, g, OPENING.subList(0, 6));
            rig.press(Button.RESIGN_GOTE);
            rig.untilTrue(() -> site.resigned.contains(g.id), 5_000, "the resignation reached the site");
            BoardSnapshot over = rig.until(x -> x.result() != null, 5_000);
            assertThat(over.result().status()).isEqualTo("RESIGNATION");
            assertThat(over.result().winner()).isEqualTo("sente");
            assertThat(g.status).isEqualTo("resign");
            checkAfter(rig, g);
        }
    }

    @Test
    void aGameStartedElsewhereIsPickedUpWhileTheBoardIsIdle() throws IOException {
        try (OnlineRig rig = rig()) {
            rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
            // a challenge accepted on a phone: the board, at its setup, takes it up
            StandInLishogi.SiteGameState g = site.startGame("gote", "startpos", 600_000, 30_000);
            started(rig, g, Position.startpos());
            play(rig, site, g, OPENING.subList(0, 4));
            site.end(g, "outoftime", "gote");
            BoardSnapshot over = rig.until(x -> x.result() != null, 5_000);
            assertThat(over.result().status()).as("the opponent's flag fell on the site").isEqualTo("TIME_UP");
            assertThat(over.result().winner()).isEqualTo("gote");
            checkAfter(rig, g);
        }
    }

    @Test
    void aHandicapGameStartsFromTheSitesInitialSfen() throws IOException {
        String twoPieces = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
        try (OnlineRig rig = rig()) {
            StandInLishogi.SiteGameState g = siteGame(rig, "sente", twoPieces);
            assertThat(rig.app.snapshot().startSfen()).isEqualTo(twoPieces);
            play(rig, site, g, List.of("3c3d", "7g7f", "4c4d", "2g2f", "8c8d", "2f2e"));
            site.end(g, "mate", "sente");
            BoardSnapshot over = rig.until(x -> x.result() != null, 5_000);
            assertThat(over.result().status()).isEqualTo("CHECKMATE");
            checkAfter(rig, g);
        }
    }

    @Test
    void anAbortBeforeBothSidesMovedIsSentAndTheGameEndsAborted() throws IOException {
        try (OnlineRig rig = rig()) {
            StandInLishogi.SiteGameState g = siteGame(rig, "sente", "startpos");
            play(rig, site, g, OPENING.subList(0, 1));
            rig.press(Button.RESIGN_SENTE);
            rig.untilTrue(() -> site.aborted.contains(g.id), 5_000, "the abort reached the site");
            assertThat(site.resigned).isEmpty();
            checkAfter(rig, g);
        }
    }

    @Test
    void theOpponentAbortingOnTheSiteEndsTheBoardsGameAborted() throws IOException {
        try (OnlineRig rig = rig()) {
            StandInLishogi.SiteGameState g = siteGame(rig, "gote", "startpos");
            site.end(g, "aborted", null);
            BoardSnapshot over = rig.until(x -> x.result() != null, 5_000);
            assertThat(over.result().status()).isEqualTo("ABORTED");
            checkAfter(rig, g);
        }
    }

    @Test
    void theClockDisplayShowsTheSitesTimesCountingDownAndTheBoardNeverFlags() throws IOException {
        try (OnlineRig rig = rig()) {
            StandInLishogi.SiteGameState g = siteGame(rig, "sente", "startpos");
            play(rig, site, g, OPENING.subList(0, 2));
            // btime is sente's: sente (the board) to move, its time counts down from the site's figure
            site.clocks(g, 2_000, 590_000);
            rig.untilTrue(() -> rig.hardware.clock.current().map(c -> c.gote().remaining().toMillis())
                    .orElse(0L) == 590_000, 5_000, "the site's clocks shown");
            long before = rig.hardware.clock.current().orElseThrow().sente().remaining().toMillis();
            assertThat(before).isBetween(1_000L, 2_000L);
            rig.run(5_000);
            assertThat(rig.hardware.clock.current().orElseThrow().sente().remaining().toMillis())
                    .as("counts down between the site's updates").isLessThan(before);
            assertThat(rig.app.snapshot().result()).as("the board's own clock never flags").isNull();
            assertThat(rig.app.snapshot().phase()).isEqualTo("PLAYING");
        }
    }
}
