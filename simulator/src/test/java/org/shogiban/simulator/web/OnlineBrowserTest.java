package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.shogiban.hal.MonotonicClock;
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

    private StandInLishogi site;
    private BoardApplicationAdapter board;
    private WebServer server;
    private ChromeDriver browser;

    @AfterEach
    void close() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
        if (board != null) {
            board.close();
        }
        if (site != null) {
            site.close();
        }
    }

    @Test
    void theFormSeeksOnLishogiTheOpponentsMoveIsLitAndTheSitesEndingIsTheResult() throws Exception {
        site = new StandInLishogi(200);
        Path token = temp.resolve("lishogi.token");
        Files.writeString(token, StandInLishogi.TOKEN + "\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        LishogiSettings lishogi = LishogiSettings.of(Optional.of(token.toString()),
                Optional.of(site.url().toString())).orElseThrow();
        browser = Chromium.start(temp.resolve("profile"));
        board = new BoardApplicationAdapter(new WebBoard.Setup(SensorKind.POLARITY, "casual", "main=600,byoyomi=30",
                "startpos"), MonotonicClock.system(), Clock.systemUTC(),
                BoardApplicationAdapter.Storage.records(temp.resolve("records")).withPin("2468")
                        .withLishogi(lishogi.part()));
        server = new WebServer(board, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        browser.get(server.start().toString());
        waitFor("the page is live", () -> attr(By.id("link"), "data-link").equals("live"));
        waitFor("the account's events are followed", site::eventStreamOpen);

        click(browser.findElement(By.cssSelector("[data-action='new-game']")));
        new Select(browser.findElement(By.cssSelector("[data-online]"))).selectByValue("lishogi");
        new Select(browser.findElement(By.cssSelector("[data-online-color]"))).selectByValue("sente");
        click(browser.findElement(By.cssSelector("#new-game-form button[value='ok']")));
        waitFor("the page says it seeks", () -> log().contains("seeking an opponent on lishogi"));
        waitFor("the seek reached the site", site::seeking);
        assertThat(site.seeks.get(0)).containsEntry("time", "10").containsEntry("byoyomi", "30")
                .containsEntry("color", "sente");

        StandInLishogi.SiteGameState g = site.matchSeek("sente");
        waitFor("the site's game is set up", () -> clockName("gote").contains("Kitsune (1620)"));
        // the board's own casual game started when the page opened: wait for the online game's own start
        int startedBefore = occurrences(log(), "game started");
        click(browser.findElement(By.cssSelector("[data-action='lay-out']")));
        waitFor("the game started", () -> occurrences(log(), "game started") > startedBefore);

        drag("7g", "7f");
        waitFor("the board's move reached the site", () -> g.moves.contains("7g7f"));
        site.opponentMoves(g, "3c3d");
        waitFor("the opponent's move is lit", () -> attr(By.id("state-line"), "data-waiting")
                .equals("opponent-move"));
        assertThat(attr(By.id("state-line"), "data-opponent-move")).isEqualTo("3c3d");
        assertThat(led("3c")).isEqualTo("cyan");
        assertThat(led("3d")).isEqualTo("cyan");
        assertThat(log()).contains("(3c3d)");
        drag("3c", "3d");
        waitFor("the opponent's move counts once made", () -> log().split(java.util.regex.Pattern.quote(
                "(3c3d)"), -1).length > 2);

        site.end(g, "resign", "sente");
        waitFor("the site's ending is the result", () -> attr(By.id("state-line"), "data-phase").equals("OVER"));
        assertThat(browser.getPageSource()).doesNotContain(StandInLishogi.TOKEN);
        assertThat(log()).doesNotContain(StandInLishogi.TOKEN);
    }

    private void click(WebElement element) {
        new Actions(browser).click(element).perform();
    }

    private void drag(String from, String to) {
        new Actions(browser).clickAndHold(square(from)).moveByOffset(8, 8).moveToElement(square(to)).release()
                .perform();
    }

    private WebElement square(String usi) {
        return browser.findElement(By.cssSelector("[data-square='" + usi + "']"));
    }

    private String attr(By by, String name) {
        String v = browser.findElement(by).getDomAttribute(name);
        return v == null ? "" : v;
    }

    private String led(String usi) {
        return attr(By.cssSelector("[data-square='" + usi + "']"), "data-led");
    }

    private String clockName(String side) {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector(\"[data-clock='" + side + "']\").closest('.player')"
                        + ".querySelector('.clock-name').textContent");
    }

    private String log() {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return document.getElementById('log').textContent");
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, PATIENCE, Duration.ofMillis(20)).withMessage(what)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("the page did not show that " + what + "; log:\n" + log(), e);
        }
    }

    private static int occurrences(String text, String words) {
        int n = 0;
        for (int at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + words.length())) {
            n++;
        }
        return n;
    }
}
