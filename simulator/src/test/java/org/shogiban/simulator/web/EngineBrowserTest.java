package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;
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

    @RegisterExtension
    final PageRig.PerTest pages = new PageRig.PerTest();

    @Test
    void theNewGameFormChoosesTheEngineAndItsMoveShowsOnTheBoardInTheLogAndInTheLights() throws Exception {
        if (!"true".equals(System.getenv("CI"))) {
            assumeThat(EngineSettings.defaultCommand()).as("fairy-stockfish is installed").isPresent();
        }
        PageRig rig = pages.open(temp, SensorKind.POLARITY, "en-GB", Map.of(),
                storage -> storage.withEngine(EngineSettings.of(EngineSettings.FAIRY_STOCKFISH.toString(), Map.of())));
        BoardApplicationAdapter board = rig.board;
        ChromeDriver browser = rig.browser;
        PageHands page = rig.liveHands(PATIENCE);

        page.click(browser.findElement(By.cssSelector("[data-action='new-game']")));
        new Select(browser.findElement(By.cssSelector("[data-engine-side]"))).selectByValue("gote");
        new Select(browser.findElement(By.cssSelector("[data-engine-level]"))).selectByValue("2");
        page.click(browser.findElement(By.cssSelector("#new-game-form button[value='ok']")));
        page.waitFor("the game against the engine started", () -> page.log().contains("game started")
                && page.clockName("gote").contains("Fairy-Stockfish") && page.clockName("gote").contains("level 2"));

        page.drag("7g", "7f");
        page.waitFor("the engine's move is lit",
                () -> page.attr(By.id("state-line"), "data-waiting").equals("opponent-move"));
        String usi = page.attr(By.id("state-line"), "data-opponent-move");
        String from = usi.substring(0, 2);
        String to = usi.substring(2, 4);
        assertThat(page.led(from)).isEqualTo("cyan");
        assertThat(page.led(to)).isEqualTo("cyan");
        assertThat(page.log()).contains("ply 2: ☖")
                .contains("(" + usi + "), the engine's move: make it on the board");
        assertThat(page.attr(By.id("state-line"), "data-waiting")).isEqualTo("opponent-move");
        assertThat(browser.findElement(By.id("state-line")).getText()).contains("make it on the board");

        page.drag(from, to);
        // the log names the move twice: when the engine chose it, and when it counted
        page.waitFor("the engine's move counts once made", () -> page.log().split(java.util.regex.Pattern.quote(
                "(" + usi + ")"), -1).length > 2);
        assertThat(page.led(from)).isEqualTo("blue");
        assertThat(page.led(to)).isEqualTo("blue");

        page.click(browser.findElement(By.cssSelector("[data-action='hint']")));
        page.waitFor("a hint is lit", () -> browser.findElements(By.cssSelector("[data-square][data-led='green']"))
                .size() == 2);
        assertThat(page.log()).contains("hint");
    }
}
