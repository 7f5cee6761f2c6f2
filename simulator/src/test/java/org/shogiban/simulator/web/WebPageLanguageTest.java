package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.shogiban.hal.SensorKind;

/**
 * The page in a {@code ja} and an {@code en} Chromium on a machine without a Japanese font: the browser gets a
 * fontconfig that holds only DejaVu ({@code FONTCONFIG_FILE}), so every Japanese glyph it draws comes from the font
 * the jar ships. Pieces and rank numerals are checked by their pixels (each glyph draws differently; the control, the
 * same characters in DejaVu alone, draws identical empty boxes); the words by what the page says; the screenshots
 * for docs/img are written to target/web-simulator.
 */
class WebPageLanguageTest {
    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @TempDir
    Path temp;

    @RegisterExtension
    final PageRig.PerTest pages = new PageRig.PerTest();

    private PageRig rig;
    private BoardApplicationAdapter board;
    private ChromeDriver browser;
    private URI page;

    private void open(String language) throws IOException {
        rig = pages.open(temp, SensorKind.OCCUPANCY, language, PageRig.fontsWithoutJapanese(temp), storage -> storage);
        board = rig.board;
        browser = rig.browser;
        page = rig.page;
        waitFor("the page is live and the game started", () -> attr(By.id("link"), "data-link").equals("live")
                && "PLAYING".equals(attr(By.id("state-line"), "data-phase")));
        browser.executeScript("return document.fonts.ready");
        waitFor("the shipped font is loaded", () -> Boolean.TRUE.equals(browser.executeScript(
                "return document.fonts.check('16px \"ShogiBan JA\"', '玉')")));
    }

    @Test
    void aJapaneseBrowserGetsJapaneseAndEveryPieceAndNumeralIsDrawn() throws Exception {
        open("ja");
        assertThat(attr(By.tagName("html"), "lang")).isEqualTo("ja");
        assertGlyphsDrawn();
        String header = browser.findElement(By.id("setup-line")).getText();
        assertThat(header).contains("持ち時間10分", "秒読み30秒", "在否センサー").doesNotContain("main=");
        assertThat(text("[data-player='sente'] .clock-name")).isEqualTo("☗ 先手");
        assertThat(text("[data-player='gote'] .clock-name")).isEqualTo("☖ 後手");
        assertThat(text("[data-button='promote']")).isEqualTo("成");
        assertThat(text("#state-line")).contains("0手目", "先手の番", "後手が時計を押すと");

        // an occupancy board cannot see a piece turned over: after 成 the page asks for the flip
        drag("7g", "7f");
        waitFor("7g7f is played", () -> text("#log").contains("☗７六歩"));
        drag("3c", "3d");
        waitFor("3c3d is played", () -> text("#log").contains("☖３四歩"));
        drag("8h", "2b");
        waitFor("the captured bishop is held", () -> attr(By.id("hand"), "data-held").equals("b"));
        new Actions(browser).click(slot("sente:B")).perform();
        waitFor("the board asks about the promotion", () -> text("#state-line").contains("２二で成りますか"));
        new Actions(browser).click(browser.findElement(By.cssSelector("[data-button='promote']"))).perform();
        waitFor("the page asks for the flip", () -> attr(By.id("state-line"), "data-flip").equals("2b")
                && text("#state-line").contains("２二の駒を裏返して"));
        assertThat(text("#log")).contains("3手目 ☗２二角成");
        shot("page-ja");
        browser.executeScript("arguments[0].dispatchEvent(new MouseEvent('contextmenu', {bubbles: true}))",
                square("2b"));
        waitFor("the piece shows turned and the page stops asking", () -> attr(By.cssSelector(
                "[data-square='2b']"), "data-piece").equals("+B") && attr(By.id("state-line"), "data-flip").isEmpty());
        assertThat(Snapshots.of(board).get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\",\"8h2b+\"]");
    }

    @Test
    void theJapanesePageSaysAnIllegalMoveInKifuWordsAndItsRecordsInJapanese() throws Exception {
        open("ja");
        drag("7g", "7e");
        waitFor("the illegal move is logged", () -> text("#log").contains("反則手"));
        assertThat(text("#log")).contains("1手目 先手の反則手 ☗７五歩（").doesNotContain("7g7e");
        waitFor("the board asks for the pieces back", () -> text("#state-line").contains("反則手 ☗７五歩"));
        assertThat(text("#state-line")).doesNotContain("7g7e");
        drag("7e", "7g");
        waitFor("the pieces are back", () -> !text("#state-line").contains("反則手"));
        drag("7g", "7f");
        waitFor("7g7f is played", () -> text("#log").contains("1手目 ☗７六歩"));

        new Actions(browser).click(browser.findElement(By.cssSelector("[data-action='records']"))).perform();
        waitFor("the records are listed", () -> text("#records-table").contains("1手"));
        assertThat(text("#records-table")).contains("この対局：").doesNotContain("moves");
    }

    @Test
    void anEnglishBrowserGetsEnglishSwitchesToJapaneseAndKeepsIt() throws Exception {
        open("en-GB");
        assertThat(attr(By.tagName("html"), "lang")).isEqualTo("en");
        assertGlyphsDrawn();
        assertThat(browser.findElement(By.id("setup-line")).getText())
                .contains("occupancy sensors", "10 min, byoyomi 30 s").doesNotContain("main=");
        assertThat(text("[data-player='sente'] .clock-name")).isEqualTo("☗ Sente");
        assertThat(text("[data-button='promote']")).isEqualTo("成 promote");
        new Actions(browser).click(browser.findElement(By.cssSelector("[data-button='clock-gote']"))).perform();
        waitFor("gote's press starts sente's clock", () -> attr(By.cssSelector("[data-clock='sente']"),
                "data-running").equals("true"));
        drag("7g", "7f");
        waitFor("7g7f is played", () -> text("#log").contains("ply 1: ☗７六歩 (7g7f)"));
        shot("page-en");

        new Actions(browser).click(browser.findElement(By.cssSelector("[data-action='language']"))).perform();
        waitFor("the page speaks Japanese", () -> attr(By.tagName("html"), "lang").equals("ja")
                && text("#log").contains("1手目 ☗７六歩"));
        browser.navigate().refresh();
        waitFor("the choice is kept", () -> attr(By.tagName("html"), "lang").equals("ja")
                && text("[data-player='sente'] .clock-name").equals("☗ 先手"));
    }

    /**
     * Each piece and rank numeral draws its own glyph: no two of their images are alike (missing glyphs would all be
     * the same empty box), and each has ink. The control shows the check can fail: the same characters set in DejaVu
     * alone draw one identical box.
     */
    private void assertGlyphsDrawn() throws IOException {
        List<BufferedImage> glyphs = new ArrayList<>();
        for (String sq : List.of("5i", "5a", "7g", "8h", "2h", "1i", "2i", "3i", "4i")) {
            glyphs.add(image(square(sq).findElement(By.cssSelector(".pc"))));
        }
        for (WebElement rank : browser.findElements(By.cssSelector("#ranks span"))) {
            glyphs.add(image(rank));
        }
        assertThat(glyphs).hasSize(18);
        for (int i = 0; i < glyphs.size(); i++) {
            assertThat(Glyphs.ink(glyphs.get(i))).as("glyph %d has ink", i).isGreaterThan(10);
            for (int j = i + 1; j < glyphs.size(); j++) {
                assertThat(Glyphs.same(glyphs.get(i), glyphs.get(j))).as("glyphs %d and %d differ", i, j).isFalse();
            }
        }
        browser.executeScript("""
                for (const [id, ch] of [['control-1', '一'], ['control-2', '二']]) {
                  const s = document.createElement('span');
                  s.id = id; s.textContent = ch;
                  s.style.cssText = 'font: 40px "DejaVu Sans"; position: fixed; top: 0; left: 0; background: #fff;'
                    + 'color: #000; ' + (id === 'control-2' ? 'left: 60px;' : '');
                  document.body.appendChild(s);
                }""");
        BufferedImage one = image(browser.findElement(By.id("control-1")));
        BufferedImage two = image(browser.findElement(By.id("control-2")));
        assertThat(Glyphs.same(one, two)).as("without the shipped font 一 and 二 are the same empty box").isTrue();
        browser.executeScript("document.getElementById('control-1').remove(); "
                + "document.getElementById('control-2').remove();");
    }

    private BufferedImage image(WebElement element) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(element.getScreenshotAs(OutputType.BYTES)));
    }

    private WebElement square(String usi) {
        return browser.findElement(By.cssSelector("[data-square='" + usi + "']"));
    }

    private WebElement slot(String name) {
        return browser.findElement(By.cssSelector("[data-slot='" + name + "']"));
    }

    private void drag(String from, String to) {
        WebElement source = from.contains(":") ? slot(from) : square(from);
        new Actions(browser).clickAndHold(source).moveByOffset(8, 8).moveToElement(square(to)).release().perform();
    }

    private String text(String css) {
        return browser.findElement(By.cssSelector(css)).getText();
    }

    private String attr(By by, String name) {
        String v = browser.findElement(by).getAttribute(name);
        return v == null ? "" : v;
    }

    private void waitFor(String what, java.util.function.BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, PATIENCE, Duration.ofMillis(20)).withMessage(what)
                    .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            shot("failed " + what);
            throw new AssertionError("the page did not show that " + what + "; state: " + text("#state-line")
                    + "; log:\n" + ((JavascriptExecutor) browser).executeScript(
                    "return document.getElementById('log').innerText"), e);
        }
    }

    private void shot(String step) {
        try {
            Files.write(Chromium.outputDirectory().resolve(Chromium.fileName(step)),
                    browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
