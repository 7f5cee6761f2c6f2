package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.shogiban.hal.SensorKind;

/**
 * The page in a real browser (headless Chromium), played with the mouse as a person plays it: drags and clicks move the
 * wooden pieces, and every check reads what the page shows through its stable hooks ({@code data-square},
 * {@code data-piece}, {@code data-led}, {@code data-slot}, {@code data-count}, {@code data-clock}, the log). The board
 * runs in real time, as in the product; the test waits for what the page shows, it never sleeps.
 */
class WebPageBrowserTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @TempDir
    Path temp;

    @RegisterExtension
    final PageRig.PerTest pages = new PageRig.PerTest();

    private PageRig rig;
    private BoardApplicationAdapter board;
    private ChromeDriver browser;
    private URI page;

    private void open(SensorKind sensors) throws IOException {
        rig = pages.open(temp, sensors);
        board = rig.board;
        browser = rig.browser;
        page = rig.page;
        waitFor("the page is live and the game started", () -> attr(By.id("link"), "data-link").equals("live")
                && log().contains("game started"));
    }

    @Test
    void anOpeningWithACaptureADropAPromotionAnIllegalMoveAndATakebackOnAnOccupancyBoard() throws Exception {
        open(SensorKind.OCCUPANCY);
        assertThat(browser.findElements(By.cssSelector("[data-square]"))).hasSize(81);
        assertThat(browser.findElements(By.cssSelector("[data-slot]"))).hasSize(14);
        assertThat(piece("7g")).isEqualTo("P");
        assertThat(piece("1a")).isEqualTo("l");
        // the game starts once the laid-out pieces have settled on the sensors; the clock waits for the players
        waitFor("the game waits for the clock", () -> "PLAYING".equals(attr(By.id("state-line"), "data-phase"))
                && browser.findElement(By.id("state-line")).getText().contains("The clock waits"));
        assertThat(running("sente")).isFalse();
        click(browser.findElement(By.cssSelector("[data-button='clock-gote']")));
        waitFor("gote's press starts sente's clock", () -> running("sente"));
        assertThat(attr(By.cssSelector("[data-status='sente-to-move']"), "data-led")).isEqualTo("green");

        long firstDelay = timedDrop(() -> drag("7g", "7f"), "7f");
        waitFor("7g7f is played", () -> log().contains("sente played 7g7f"));
        assertThat(piece("7f")).isEqualTo("P");
        assertThat(piece("7g")).isEmpty();
        assertThat(led("7g")).isEqualTo("blue");
        assertThat(running("gote")).isTrue();
        assertThat(running("sente")).isFalse();
        shot("1 sente 7g7f by drag");

        long secondDelay = timedDrop(() -> {
            click(square("3c"));
            click(square("3d"));
        }, "3d");
        waitFor("3c3d is played", () -> log().contains("gote played 3c3d"));
        assertThat(piece("3d")).isEqualTo("p");
        assertThat(led("3c")).isEqualTo("blue");
        assertThat(led("7f")).isEqualTo("off");
        assertThat(running("sente")).isTrue();

        // the bishop takes on 2b promoted side up (Shift); the captured bishop goes on sente's komadai; an occupancy
        // board cannot see the face, so it asks, and the player presses 成
        shiftDrag("8h", "2b");
        waitFor("the captured bishop is held", () -> held().equals("b"));
        click(slot("sente:B"));
        waitFor("the board asks about the promotion", () -> led("2b").equals("magenta"));
        assertThat(attr(By.cssSelector("[data-status='attention']"), "data-led")).isEqualTo("yellow");
        shot("2 promotion asked");
        click(browser.findElement(By.cssSelector("[data-button='promote']")));
        waitFor("8h2b+ is played", () -> log().contains("sente played 8h2b+ ☗２二角成"));
        assertThat(piece("2b")).isEqualTo("+B");
        assertThat(count("sente:B")).isEqualTo(1);
        assertThat(led("8h")).isEqualTo("blue");
        assertThat(led("2b")).isEqualTo("blue");

        drag("3a", "2b");
        waitFor("the horse is held", () -> held().equals("+B"));
        click(slot("gote:B"));
        waitFor("3a2b is played", () -> log().contains("gote played 3a2b ☖同銀"));
        assertThat(piece("2b")).isEqualTo("s");
        assertThat(count("gote:B")).isEqualTo(1);
        assertThat(led("3a")).isEqualTo("blue");

        long dropDelay = timedDrop(() -> drag("sente:B", "5e"), "5e");
        waitFor("B*5e is played", () -> log().contains("sente played B*5e"));
        assertThat(piece("5e")).isEqualTo("B");
        assertThat(count("sente:B")).isZero();
        assertThat(attr(By.cssSelector("[data-slot='sente:B']"), "data-count")).isEqualTo("0");
        assertThat(running("gote")).isTrue();
        shot("3 after the drop");
        Files.createDirectories(Chromium.outputDirectory());
        Files.copy(Chromium.outputDirectory().resolve(Chromium.fileName("3 after the drop")),
                Chromium.outputDirectory().resolve("web-simulator.png"), StandardCopyOption.REPLACE_EXISTING);

        // casual play: an illegal move is shown in red and waits to be put back
        drag("9c", "9e");
        waitFor("the illegal move is shown", () -> led("9e").equals("red") && led("9c").equals("red"));
        assertThat(log()).contains("illegal move 9c9e by gote");
        assertThat(attr(By.cssSelector("[data-status='attention']"), "data-led")).isEqualTo("yellow");
        shot("4 illegal move");
        drag("9e", "9c");
        waitFor("the board is back in sync", () -> log().contains("board back in sync") && led("9e").equals("off"));
        assertThat(led("5e")).isEqualTo("blue");
        assertThat(running("gote")).isTrue();

        // 待った: sente takes the drop back, the bishop returns to the komadai
        drag("5e", "sente:B");
        waitFor("the drop is taken back", () -> log().contains("takeback of B*5e"));
        assertThat(count("sente:B")).isEqualTo(1);
        assertThat(piece("5e")).isEmpty();
        assertThat(led("5e")).isEqualTo("off");
        assertThat(running("sente")).isTrue();
        assertThat(Snapshots.of(board).get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\",\"8h2b+\",\"3a2b\"]");
        shot("5 takeback");

        // the board turned round to gote's side: gote's first rank at the bottom left
        click(browser.findElement(By.cssSelector("[data-action='turn']")));
        waitFor("the board is turned", () -> browser.findElement(By.cssSelector("#board > :first-child"))
                .getDomAttribute("data-square").equals("1i"));
        shot("6 turned to gote");

        Files.writeString(Chromium.outputDirectory().resolve("latency.txt"), "occupancy: mouse drop to LED change"
                + " (ms): 7g7f " + firstDelay + ", 3c3d " + secondDelay + ", B*5e " + dropDelay + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void aPolarityBoardSeesThePromotedFaceAndTwoPagesStayInStep() throws Exception {
        open(SensorKind.POLARITY);
        long delay = timedDrop(() -> drag("7g", "7f"), "7f");
        waitFor("7g7f is played", () -> log().contains("sente played 7g7f"));
        drag("3c", "3d");
        waitFor("3c3d is played", () -> log().contains("gote played 3c3d"));

        shiftDrag("8h", "2b");
        waitFor("the captured bishop is held", () -> held().equals("b"));
        click(slot("sente:B"));
        waitFor("8h2b+ is played", () -> log().contains("sente played 8h2b+"));
        assertThat(log()).doesNotContain("promote on");
        assertThat(piece("2b")).isEqualTo("+B");
        assertThat(led("2b")).isEqualTo("blue");
        assertThat(count("sente:B")).isEqualTo(1);

        // gote turns a pawn over on its square: a polarity board sees a face no move explains
        browser.executeScript("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true}))",
                square("9c"));
        waitFor("the pawn lies promoted side up", () -> piece("9c").equals("+p"));
        waitFor("the board shows the wrong square", () -> led("9c").equals("orange")
                || led("9c").equals("red"));
        shot("polarity flipped pawn");
        browser.executeScript("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true}))",
                square("9c"));
        waitFor("the pawn is face up again and the board in sync", () -> piece("9c").equals("p")
                && led("9c").equals("off"));
        assertThat(Snapshots.of(board).get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\",\"8h2b+\"]");

        // a second page on the same board shows the same pieces, and a move made there shows on the first
        String first = browser.getWindowHandle();
        browser.switchTo().newWindow(WindowType.TAB);
        browser.get(page.toString());
        waitFor("the second page shows the game", () -> piece("2b").equals("+B") && count("sente:B") == 1
                && led("2b").equals("blue"));
        drag("4a", "3b");
        waitFor("4a3b is played on the second page", () -> log().contains("gote played 4a3b"));
        browser.switchTo().window(first);
        waitFor("the first page shows the second page's move", () -> piece("3b").equals("g")
                && piece("4a").isEmpty() && led("3b").equals("blue") && running("sente"));
        Files.writeString(Chromium.outputDirectory().resolve("latency.txt"), "polarity: mouse drop to LED change"
                + " (ms): 7g7f " + delay + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);

        // the new-game form: a bishop handicap in tournament mode with the players' names, through the session
        click(browser.findElement(By.cssSelector("[data-action='new-game']")));
        WebElement form = browser.findElement(By.id("new-game-form"));
        waitFor("the form has its starts", () -> !form.findElements(
                By.cssSelector("[name='start'] option[value='bishop']")).isEmpty());
        new org.openqa.selenium.support.ui.Select(form.findElement(By.name("mode"))).selectByValue("tournament");
        new org.openqa.selenium.support.ui.Select(form.findElement(By.name("start"))).selectByValue("bishop");
        form.findElement(By.name("main")).clear();
        form.findElement(By.name("main")).sendKeys("5");
        form.findElement(By.name("byoyomi")).clear();
        form.findElement(By.name("byoyomi")).sendKeys("10");
        form.findElement(By.name("sente")).sendKeys("Habu Yoshiharu");
        form.findElement(By.name("gote")).sendKeys("藤井");
        click(form.findElement(By.cssSelector("button[value='ok']")));
        waitFor("the bishop handicap is laid out and started", () -> piece("2b").isEmpty() && piece("8h").equals("B")
                && piece("3b").isEmpty() && "PLAYING".equals(attr(By.id("state-line"), "data-phase"))
                && browser.findElement(By.id("state-line")).getText().contains("The clock waits"));
        var state = Snapshots.of(board);
        assertThat(state.get("mode").asText()).isEqualTo("tournament");
        assertThat(state.get("players").get("sente").get("name").asText()).isEqualTo("Habu Yoshiharu");
        assertThat(state.get("players").get("gote").get("name").asText()).isEqualTo("藤井");
        assertThat(state.get("timeControl").asText())
                .isEqualTo("main=300,byoyomi=10,periods=1,increment=0,consider=0");
        assertThat(browser.findElement(By.id("setup-line")).getText()).contains("bishop handicap (角落ち)")
                .contains("5 min, byoyomi 10 s").doesNotContain("main=");
        assertThat(log()).contains("game over: aborted");
        waitFor("each side named by its handicap role and its player", () -> browser.findElement(By.cssSelector(
                "[data-player='gote'] .clock-name")).getText().equals("☖ Uwate · 藤井")
                && browser.findElement(By.cssSelector("[data-player='sente'] .clock-name")).getText()
                .equals("☗ Shitate · Habu Yoshiharu"));
        shot("new game bishop handicap");
    }

    // ------------------------------------------------------------------------------------------------ hands

    private WebElement square(String usi) {
        return browser.findElement(By.cssSelector("[data-square='" + usi + "']"));
    }

    private WebElement slot(String name) {
        return browser.findElement(By.cssSelector("[data-slot='" + name + "']"));
    }

    private WebElement place(String place) {
        return place.contains(":") ? slot(place) : square(place);
    }

    private void drag(String from, String to) {
        new Actions(browser).clickAndHold(place(from)).moveByOffset(8, 8).moveToElement(place(to)).release()
                .perform();
    }

    private void shiftDrag(String from, String to) {
        new Actions(browser).clickAndHold(place(from)).moveByOffset(8, 8).moveToElement(place(to))
                .keyDown(Keys.SHIFT).release().keyUp(Keys.SHIFT).perform();
    }

    private void click(WebElement element) {
        new Actions(browser).click(element).perform();
    }

    /**
     * Does a move by mouse and returns the milliseconds from the last mouse button release to the change of the
     * target square's LED, both as the page saw them.
     */
    private long timedDrop(Runnable move, String target) {
        browser.executeScript("""
                window.__drop = null; window.__led = null;
                document.addEventListener('pointerup', () => { window.__drop = performance.now(); }, true);
                const el = document.querySelector("[data-square='" + arguments[0] + "']");
                const before = el.dataset.led;
                new MutationObserver((_, o) => {
                  if (el.dataset.led !== before && window.__led === null) {
                    window.__led = performance.now(); o.disconnect();
                  }
                }).observe(el, {attributes: true, attributeFilter: ['data-led']});
                """, target);
        move.run();
        waitFor("the LED of " + target + " changes", () -> browser.executeScript("return window.__led") != null);
        Number drop = (Number) browser.executeScript("return window.__drop");
        Number led = (Number) browser.executeScript("return window.__led");
        return Math.round(led.doubleValue() - drop.doubleValue());
    }

    // ------------------------------------------------------------------------------------------------ reading

    private String attr(By by, String name) {
        String v = browser.findElement(by).getDomAttribute(name);
        return v == null ? "" : v;
    }

    private String piece(String usi) {
        return attr(By.cssSelector("[data-square='" + usi + "']"), "data-piece");
    }

    private String led(String usi) {
        return attr(By.cssSelector("[data-square='" + usi + "']"), "data-led");
    }

    private int count(String slot) {
        return Integer.parseInt(attr(By.cssSelector("[data-slot='" + slot + "']"), "data-count"));
    }

    private String held() {
        return attr(By.id("hand"), "data-held");
    }

    private boolean running(String side) {
        return attr(By.cssSelector("[data-clock='" + side + "']"), "data-running").equals("true");
    }

    /** The log's lines in the board's own words (data-text), whatever language the page shows them in. */
    private String log() {
        return (String) ((JavascriptExecutor) browser).executeScript("return Array.from(document.querySelectorAll("
                + "'#log li')).map(li => li.dataset.text).join('\\n')");
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, PATIENCE, Duration.ofMillis(20)).withMessage(what)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            shot("failed " + what);
            throw new AssertionError("the page did not show that " + what + "; log:\n" + log(), e);
        }
    }

    private void shot(String step) {
        try {
            Path file = Chromium.outputDirectory().resolve(Chromium.fileName(step));
            Files.write(file, browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
