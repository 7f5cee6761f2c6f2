package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.shogiban.cli.ShogibanCli;
import org.shogiban.hal.Button;
import org.shogiban.hall.HallBoardRig;

/**
 * The arbiter's evening in Chromium: an account made with {@code hall passwd}, the page asks for the login, the
 * arbiter logs in and sees both boards, acknowledges one call and sends a round; the hall server (its own process) is
 * killed with SIGKILL and started again on its state: the same page, still logged in, shows the same calls and the
 * same round table with each board's reply.
 */
class HallPageRestartTest {
    private static final String PASSWORD = "hisha-kaku-9";

    @TempDir
    Path temp;

    @RegisterExtension
    final HallPageRig rig = new HallPageRig();

    @Test
    void theArbiterLogsInActsAndAfterTheHallIsKilledAndRestartedSeesTheSameCallsAndRounds() throws Exception {
        Path state = temp.resolve("hall-state");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);
        assertThat(ShogibanCli.standard().run(new String[] {"hall", "passwd", "arbiter1", "--state", state.toString()},
                new ByteArrayInputStream((PASSWORD + "\n" + PASSWORD + "\n").getBytes(StandardCharsets.UTF_8)), out,
                out)).as(said.toString(StandardCharsets.UTF_8)).isEqualTo(0);
        ChromeDriver browser = rig.ownProcess(temp, state, "b1", "b2").open().browser();
        HallBoardRig b1 = rig.board("b1");
        HallBoardRig b2 = rig.board("b2");

        waitFor("the login form", () -> browser.findElement(By.id("login-box")).isDisplayed()
                && !browser.findElement(By.id("hall-box")).isDisplayed());
        browser.findElement(By.id("login-name")).sendKeys("arbiter1");
        browser.findElement(By.id("login-password")).sendKeys("not-it");
        browser.findElement(By.id("login-send")).click();
        waitFor("a wrong password refused", () -> "401".equals(browser.findElement(By.id("login-reply"))
                .getAttribute("data-refused")));
        browser.findElement(By.id("login-password")).sendKeys(PASSWORD);
        browser.findElement(By.id("login-send")).click();
        waitFor("logged in", () -> browser.findElement(By.id("hall-box")).isDisplayed()
                && "arbiter1".equals(browser.findElement(By.id("arbiter")).getAttribute("data-arbiter")));

        b1.move("7g7f");
        b2.move("2g2f");
        waitFor("both boards", () -> card("b1").equals("1") && card("b2").equals("1"));
        b1.illegal("8c", "8e").illegal("8e", "8c");
        b2.illegal("8c", "8e").illegal("8e", "8c");
        waitFor("two calls", () -> browser.findElements(By.cssSelector("[data-call]")).size() == 2);
        browser.findElement(By.cssSelector("[data-ack^='b1:']")).click();
        waitFor("b1's call acknowledged", () -> browser.findElements(By.cssSelector("[data-call]")).size() == 1);
        b2.press(Button.RESIGN_SENTE);
        waitFor("b2's game over", () -> "OVER".equals(attr("b2", "data-phase")));
        browser.findElement(By.id("pairings")).sendKeys("b2,Habu,Fujii,main=600,tournament\nb1,Hashimoto,Sato");
        browser.findElement(By.id("send-round")).click();
        waitFor("the round's replies", () -> browser.findElements(By.cssSelector("[data-round='1'] tr")).size() == 2
                && browser.findElements(By.cssSelector("[data-round='1'] tr[data-reply='']")).isEmpty());
        List<String> calls = calls();
        List<String> rounds = rounds();
        assertThat(rounds).anyMatch(r -> r.startsWith("b2|OK setting up")).anyMatch(r -> r.startsWith("b1|ERR "));
        Files.write(Chromium.outputDirectory().resolve("hall-page-before-the-kill.png"),
                browser.getScreenshotAs(OutputType.BYTES));

        List<String> acked = acknowledged();
        assertThat(acked).hasSize(1).allMatch(a -> a.startsWith("b1:") && a.endsWith(" arbiter1"));
        rig.killAndRestartHall();
        waitFor("the page follows the hall again", () -> {
            String v = browser.findElement(By.tagName("body")).getAttribute("data-version");
            return v != null && !v.isEmpty() && browser.findElement(By.id("hall-box")).isDisplayed()
                    && calls().equals(calls) && rounds().equals(rounds) && card("b1").equals("1");
        });
        assertThat(calls()).hasSize(1).allMatch(c -> c.startsWith("b2:"));
        // who acknowledged the other call, and when, is still shown
        waitFor("the acknowledged call again", () -> acknowledged().equals(acked));
        assertThat(browser.findElement(By.cssSelector("#acked [data-acked]")).getText())
                .contains("b1: Illegal move at ply", "acknowledged by arbiter1 at");
        assertThat(browser.findElement(By.id("arbiter")).getAttribute("data-arbiter")).isEqualTo("arbiter1");
    }

    private List<String> calls() {
        return rig.browser().findElements(By.cssSelector("[data-call]")).stream()
                .map(e -> e.getAttribute("data-call") + " " + e.getAttribute("data-text")).sorted().toList();
    }

    /** The acknowledged calls: board:seq, the event's words and who acknowledged it. */
    private List<String> acknowledged() {
        return rig.browser().findElements(By.cssSelector("#acked [data-acked]")).stream().map(e -> e.getAttribute(
                "data-acked") + " " + e.getAttribute("data-text") + " " + e.getAttribute("data-by")).sorted()
                .toList();
    }

    private List<String> rounds() {
        return rig.browser().findElements(By.cssSelector("[data-round='1'] tr")).stream()
                .map(e -> e.getAttribute("data-result-board") + "|" + e.getAttribute("data-reply")).sorted().toList();
    }

    private String card(String board) {
        return attr(board, "data-ply");
    }

    private String attr(String board, String attribute) {
        return rig.card(board, attribute);
    }

    private void waitFor(String what, BooleanSupplier condition) throws Exception {
        rig.waitFor(what, condition);
    }
}
