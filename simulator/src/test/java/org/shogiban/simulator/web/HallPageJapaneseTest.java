package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.imageio.ImageIO;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.shogiban.hall.HallBoardRig;

/**
 * The arbiter's page in a Japanese Chromium on a machine without a Japanese font (a fontconfig of DejaVu only, as
 * {@link WebPageLanguageTest}): a real board whose pawns were exchanged shows both players' pieces in hand, every
 * piece is drawn by the font the hall ships (each glyph its own pixels), the page says its words in Japanese (no
 * PLAYING, casual, sente, ERR BADPIN), and with 30 boards the detail board opens in view. The screenshot for docs/img
 * is written to target/web-simulator/hall-page-ja.png.
 */
class HallPageJapaneseTest {
    @TempDir
    Path temp;

    @RegisterExtension
    final HallPageRig rig = new HallPageRig();

    @Test
    void aJapaneseArbiterSeesThePiecesInHandInTheShippedFontInJapaneseWordsAndTheDetailInView() throws Exception {
        ChromeDriver browser = rig.inProcess(temp, "ja", PageRig.fontsWithoutJapanese(temp), "b01").browser();
        HallBoardRig b1 = rig.board("b01");
        // a pawn exchange on the 2nd file: each side holds a pawn
        b1.moves(List.of("2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d"));
        // 29 more boards of the hall, each with the state of a board (their retained snapshots)
        String state = awaitState();
        MqttClient others = new MqttClient(rig.brokerUrl(), "others", new MemoryPersistence());
        others.connect(new MqttConnectionOptions());
        for (int i = 2; i <= 30; i++) {
            String id = String.format("b%02d", i);
            others.publish("shogiban/h1/board/" + id + "/status", "online".getBytes(StandardCharsets.UTF_8), 1, true);
            others.publish("shogiban/h1/board/" + id + "/state", state.getBytes(StandardCharsets.UTF_8), 1, true);
        }
        others.disconnect();
        others.close();

        rig.open();
        waitFor("30 boards", () -> browser.findElements(By.cssSelector(".card")).size() == 30);
        waitFor("the shipped font", () -> Boolean.TRUE.equals(browser.executeScript(
                "return document.fonts.check('16px \"ShogiBan JA\"', '玉')")));
        assertThat(browser.findElement(By.tagName("html")).getAttribute("lang")).isEqualTo("ja");

        WebElement card = browser.findElement(By.cssSelector(".card[data-board='b01']"));
        assertThat(card.findElements(By.cssSelector("[data-hand='sente'] [data-hand-piece='P'][data-count='1']")))
                .as("sente's pawn in hand").hasSize(1);
        assertThat(card.findElements(By.cssSelector("[data-hand='gote'] [data-hand-piece='P'][data-count='1']")))
                .as("gote's pawn in hand").hasSize(1);
        assertThat(card.findElement(By.cssSelector("[data-hand='sente']")).getText()).isEqualTo("☗持駒 歩");

        // the first card opened: the detail is in the window, not below the 30 cards
        card.click();
        waitFor("b01 opened", () -> "b01".equals(browser.findElement(By.id("detail")).getAttribute(
                "data-open-board")));
        assertThat((Boolean) browser.executeScript("const r = document.getElementById('detail')"
                + ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 300;"))
                .as("the detail board in view").isTrue();
        assertGlyphsDrawn();
        assertThat((String) browser.executeScript("return getComputedStyle(document.querySelector("
                + "'[data-action=\"pause\"]')).fontFamily")).as("the buttons' words in the shipped font too")
                .contains("ShogiBan JA");

        // a wrong PIN: the board's refusal in words
        browser.findElement(By.id("pin")).sendKeys("0000");
        browser.findElement(By.cssSelector("[data-action='pause']")).click();
        waitFor("the board's refusal", () -> String.valueOf(browser.findElement(By.id("reply"))
                .getAttribute("data-reply")).startsWith("ERR BADPIN"));
        assertThat(browser.findElement(By.id("reply")).getText()).isEqualTo("暗証番号が違います");
        String shown = (String) browser.executeScript("return ['#boards', '#calls', '#detail', '#results', 'header']"
                + ".map(s => document.querySelector(s).innerText).join('\\n')");
        assertThat(shown).contains("対局中", "先手", "後手", "練習対局")
                .doesNotContainPattern("PLAYING|SETUP|OVER|RESIGNATION|casual|tournament|\\bsente\\b|\\bgote\\b"
                        + "|\\bnone\\b|ERR|BADPIN|online");
        Files.write(Chromium.outputDirectory().resolve("hall-page-ja.png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    private String awaitState() throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            var view = rig.hall().view();
            for (var b : view.path("boards")) {
                if (b.path("state").path("ply").asInt() == 7) {
                    return b.path("state").toString();
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("b01 never reached ply 7: " + rig.hall().view());
    }

    /** The detail board's pieces, each kind its own glyph from the shipped font (a missing one is an empty box). */
    private void assertGlyphsDrawn() throws IOException {
        List<BufferedImage> glyphs = new ArrayList<>();
        for (String sq : List.of("5i", "2d", "8h", "6i", "7i", "8i", "9i", "7g")) {
            glyphs.add(ImageIO.read(new ByteArrayInputStream(rig.browser().findElement(By.cssSelector(
                    "#detail [data-square='" + sq + "']")).getScreenshotAs(OutputType.BYTES))));
        }
        for (int i = 0; i < glyphs.size(); i++) {
            assertThat(Glyphs.ink(glyphs.get(i))).as("glyph %d has ink", i).isGreaterThan(10);
            for (int j = i + 1; j < glyphs.size(); j++) {
                assertThat(Glyphs.same(glyphs.get(i), glyphs.get(j))).as("glyphs %d and %d differ", i, j).isFalse();
            }
        }
    }

    private void waitFor(String what, BooleanSupplier condition) throws InterruptedException, IOException {
        rig.waitFor(what, condition);
    }
}
