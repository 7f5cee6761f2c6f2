package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
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
import org.shogiban.engine.EngineSettings;
import org.shogiban.hal.SensorKind;

/**
 * Playing against Fairy-Stockfish on the page in headless Chromium: the new-game form chooses the engine's side and
 * level; the engine's move shows in the log (in kifu words), in the lights (cyan from and to) and in the state line;
 * the player makes it on the board with the mouse and it counts; the hint button lights a suggestion.
 */
class EngineBrowserTest {
    private static final Duration PATIENCE = Duration.ofSeconds(15);

    @TempDir
    Path temp;

    private PageRig rig;
    private BoardApplicationAdapter board;
    private ChromeDriver browser;

    @AfterEach
    void close() {
        if (rig != null) {
            rig.close();
        }
    }

    @Test
    void theNewGameFormChoosesTheEngineAndItsMoveShowsOnTheBoardInTheLogAndInTheLights() throws Exception {
        if (!"true".equals(System.getenv("CI"))) {
            assumeThat(EngineSettings.defaultCommand()).as("fairy-stockfish is installed").isPresent();
        }
        rig = PageRig.open(temp, SensorKind.POLARITY, "en-GB", Map.of(),
                storage -> storage.withEngine(EngineSettings.of(EngineSettings.FAIRY_STOCKFISH.toString(), Map.of())));
        board = rig.board;
        browser = rig.browser;
        waitFor("the page is live", () -> attr(By.id("link"), "data-link").equals("live"));

        click(browser.findElement(By.cssSelector("[data-action='new-game']")));
        new Select(browser.findElement(By.cssSelector("[data-engine-side]"))).selectByValue("gote");
        new Select(browser.findElement(By.cssSelector("[data-engine-level]"))).selectByValue("2");
        click(browser.findElement(By.cssSelector("#new-game-form button[value='ok']")));
        waitFor("the game against the engine started", () -> log().contains("game started")
                && clockName("gote").contains("Fairy-Stockfish") && clockName("gote").contains("level 2"));

        drag("7g", "7f");
        waitFor("the engine's move is lit", () -> attr(By.id("state-line"), "data-waiting").equals("opponent-move"));
        String usi = attr(By.id("state-line"), "data-opponent-move");
        String from = usi.substring(0, 2);
        String to = usi.substring(2, 4);
        assertThat(led(from)).isEqualTo("cyan");
        assertThat(led(to)).isEqualTo("cyan");
        assertThat(log()).contains("ply 2: ☖").contains("(" + usi + "), the engine's move: make it on the board");
        assertThat(attr(By.id("state-line"), "data-waiting")).isEqualTo("opponent-move");
        assertThat(browser.findElement(By.id("state-line")).getText()).contains("make it on the board");

        drag(from, to);
        // the log names the move twice: when the engine chose it, and when it counted
        waitFor("the engine's move counts once made", () -> log().split(java.util.regex.Pattern.quote(
                "(" + usi + ")"), -1).length > 2);
        assertThat(led(from)).isEqualTo("blue");
        assertThat(led(to)).isEqualTo("blue");

        click(browser.findElement(By.cssSelector("[data-action='hint']")));
        waitFor("a hint is lit", () -> browser.findElements(By.cssSelector("[data-square][data-led='green']"))
                .size() == 2);
        assertThat(log()).contains("hint");
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
}
