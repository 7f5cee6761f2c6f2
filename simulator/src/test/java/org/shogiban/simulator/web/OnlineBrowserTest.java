package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
import org.shogiban.hal.SensorKind;
import org.shogiban.online.LishogiSettings;
import org.shogiban.online.StandInLishogi;

/**
 * A game on lishogi played on the page in headless Chromium, against the stand-in of the Board API: the new-game
 * form's "lishogi" choice seeks; the site's game is set up and laid out; the board's move goes to the site; the
 * opponent's move shows in the log, in the lights (cyan) and counts once made with the mouse; the site's ending is
 * the page's result. The token appears nowhere on the page.
 */
class OnlineBrowserTest {
    private static final Duration PATIENCE = Duration.ofSeconds(15);

    @TempDir
    Path temp;

    @RegisterExtension
    final PageRig.PerTest pages = new PageRig.PerTest();

    @Test
    void theFormSeeksOnLishogiTheOpponentsMoveIsLitAndTheSitesEndingIsTheResult() throws Exception {
        StandInLishogi site = pages.closesAfter(new StandInLishogi(200));
        Path token = temp.resolve("lishogi.token");
        Files.writeString(token, StandInLishogi.TOKEN + "\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        LishogiSettings lishogi = LishogiSettings.of(Optional.of(token.toString()),
                Optional.of(site.url().toString())).orElseThrow();
        PageRig rig = pages.open(temp, SensorKind.POLARITY, "en-GB", Map.of(),
                storage -> storage.withLishogi(lishogi.part()));
        ChromeDriver browser = rig.browser;
        PageHands page = rig.liveHands(PATIENCE);
        page.waitFor("the account's events are followed", site::eventStreamOpen);

        page.click(browser.findElement(By.cssSelector("[data-action='new-game']")));
        new Select(browser.findElement(By.cssSelector("[data-online]"))).selectByValue("lishogi");
        new Select(browser.findElement(By.cssSelector("[data-online-color]"))).selectByValue("sente");
        page.click(browser.findElement(By.cssSelector("#new-game-form button[value='ok']")));
        page.waitFor("the page says it seeks", () -> page.log().contains("seeking an opponent on lishogi"));
        page.waitFor("the seek reached the site", site::seeking);
        assertThat(site.seeks.get(0)).containsEntry("time", "10").containsEntry("byoyomi", "30")
                .containsEntry("color", "sente");

        StandInLishogi.SiteGameState g = site.matchSeek("sente");
        page.waitFor("the site's game is set up", () -> page.clockName("gote").contains("Kitsune (1620)"));
        // the board's own casual game started when the page opened: wait for the online game's own start
        int startedBefore = occurrences(page.log(), "game started");
        page.click(browser.findElement(By.cssSelector("[data-action='lay-out']")));
        page.waitFor("the game started", () -> occurrences(page.log(), "game started") > startedBefore);

        page.drag("7g", "7f");
        page.waitFor("the board's move reached the site", () -> g.moves.contains("7g7f"));
        site.opponentMoves(g, "3c3d");
        page.waitFor("the opponent's move is lit", () -> page.attr(By.id("state-line"), "data-waiting")
                .equals("opponent-move"));
        assertThat(page.attr(By.id("state-line"), "data-opponent-move")).isEqualTo("3c3d");
        assertThat(page.led("3c")).isEqualTo("cyan");
        assertThat(page.led("3d")).isEqualTo("cyan");
        assertThat(page.log()).contains("(3c3d)");
        page.drag("3c", "3d");
        page.waitFor("the opponent's move counts once made", () -> page.log().split(java.util.regex.Pattern.quote(
                "(3c3d)"), -1).length > 2);

        site.end(g, "resign", "sente");
        page.waitFor("the site's ending is the result",
                () -> page.attr(By.id("state-line"), "data-phase").equals("OVER"));
        assertThat(browser.getPageSource()).doesNotContain(StandInLishogi.TOKEN);
        assertThat(page.log()).doesNotContain(StandInLishogi.TOKEN);
    }

    private static int occurrences(String text, String words) {
        int n = 0;
        for (int at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + words.length())) {
            n++;
        }
        return n;
    }
}
