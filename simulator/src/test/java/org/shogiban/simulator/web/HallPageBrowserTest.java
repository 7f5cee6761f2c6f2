package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.shogiban.hal.Button;
import org.shogiban.hall.HallBoardRig;
import org.shogiban.session.BoardPhase;

/**
 * The hall's arbiter page in Chromium, fed by two real boards through a real Mosquitto: both boards at a glance, a
 * foul on one flagged until acknowledged, an arbiter's action sent with the PIN and seen on the board, a round's
 * pairings sent as a new game, and a relay file fetched with its ETag and then a 304.
 */
class HallPageBrowserTest {
    @TempDir
    Path temp;

    @RegisterExtension
    final HallPageRig rig = new HallPageRig();

    @Test
    void theArbiterSeesBothBoardsAFoulUntilAcknowledgedActsSendsPairingsAndTheRelayAnswers304() throws Exception {
        ChromeDriver browser = rig.inProcess(temp, "b1", "b2").open().browser();
        HallBoardRig b1 = rig.board("b1");
        HallBoardRig b2 = rig.board("b2");
        String base = rig.base();

        b1.move("7g7f");
        b2.move("2g2f");
        waitFor("both boards online at ply 1", () -> card("b1", "data-ply").equals("1")
                && card("b2", "data-ply").equals("1") && card("b1", "data-status").equals("online")
                && card("b2", "data-status").equals("online"));
        assertThat(browser.findElements(By.cssSelector(".card[data-board='b1'] [data-square='7f']")).get(0)
                .getAttribute("data-piece")).isEqualTo("P");

        // a foul on b2: gote's pawn two squares forward; the board calls, the hall flags it
        b2.illegal("8c", "8e");
        waitFor("the foul flagged", () -> card("b2", "data-flagged").equals("true")
                && !browser.findElements(By.cssSelector("[data-call^='b2:']")).isEmpty());
        WebElement call = browser.findElement(By.cssSelector("[data-call^='b2:']"));
        String callId = call.getAttribute("data-call");
        assertThat(call.getAttribute("data-text")).startsWith("ILLEGAL");
        assertThat(call.getText()).contains("Illegal move at ply");
        b2.illegal("8e", "8c");
        b1.move("3c3d");
        waitFor("b1 moves on", () -> card("b1", "data-ply").equals("2"));
        assertThat(card("b2", "data-flagged")).as("flagged until acknowledged").isEqualTo("true");
        shot("hall with a foul flagged");
        browser.findElement(By.cssSelector("[data-ack^='b2:']")).click();
        waitFor("acknowledged", () -> card("b2", "data-flagged").equals("false")
                && browser.findElements(By.cssSelector("[data-call^='b2:']")).isEmpty());
        // the acknowledged call stays on the page with who acknowledged it, when, and its words
        waitFor("the call among the acknowledged", () -> !browser.findElements(By.cssSelector(
                "#acked [data-acked='" + callId + "']")).isEmpty());
        WebElement acked = browser.findElement(By.cssSelector("#acked [data-acked='" + callId + "']"));
        assertThat(acked.getAttribute("data-by")).isEqualTo("-");
        assertThat(acked.getAttribute("data-kind")).isEqualTo("illegal");
        assertThat(acked.getAttribute("data-text")).startsWith("ILLEGAL");
        assertThat(Long.parseLong(acked.getAttribute("data-at"))).isCloseTo(System.currentTimeMillis(),
                org.assertj.core.data.Offset.offset(60_000L));
        assertThat(acked.getText()).contains("b2: Illegal move at ply", "acknowledged by the arbiter at");
        assertThat(browser.findElement(By.id("calls-box")).getText()).contains("Acknowledged today");

        // the arbiter opens b1 and pauses it with the PIN
        browser.findElement(By.cssSelector(".card[data-board='b1']")).click();
        waitFor("b1 opened large", () -> "b1".equals(browser.findElement(By.id("detail"))
                .getAttribute("data-open-board")));
        browser.findElement(By.id("pin")).sendKeys(HallBoardRig.PIN);
        browser.findElement(By.cssSelector("[data-action='pause']")).click();
        waitFor("the board answered", () -> "OK arbiter pause".equals(browser.findElement(By.id("reply"))
                .getAttribute("data-reply")));
        b1.run(100);
        assertThat(b1.app.view().phase()).isEqualTo(BoardPhase.PAUSED);
        waitFor("the page shows b1 paused", () -> card("b1", "data-phase").equals("PAUSED"));

        // b2's game ends; round 1 pairs b2 again: the board sets the new game up
        b2.press(Button.RESIGN_SENTE);
        waitFor("b2 over", () -> card("b2", "data-phase").equals("OVER"));
        browser.findElement(By.id("pairings")).sendKeys("b2,Habu,Fujii,main=600,byoyomi=30,tournament");
        browser.findElement(By.id("send-round")).click();
        waitFor("the pairing sent", () -> "ok".equals(browser.findElement(By.id("round-reply"))
                .getAttribute("data-sent")));
        assertThat(browser.findElement(By.id("round-reply")).getAttribute("data-replies"))
                .contains("OK setting up a new game: tournament, time main=600,byoyomi=30");
        assertThat(browser.findElement(By.id("round-reply")).getText()).isEqualTo("b2: accepted");
        b2.run(200);
        waitFor("b2 sets up the round's game", () -> card("b2", "data-phase").equals("SETUP"));
        assertThat(b2.app.session().settings().timeControl().spec()).contains("main=600");
        // the round's game starts when the pieces stand, and ends by resignation: its result and the zip export
        b2.layOut(org.shogiban.rules.Position.startpos());
        waitFor("the round's game started", () -> card("b2", "data-phase").equals("PLAYING"));
        b2.press(Button.RESIGN_SENTE);
        waitFor("the round's result", () -> browser.findElements(By.cssSelector(
                "[data-round='1'] [data-result-board='b2']")).stream()
                .anyMatch(r -> "RESIGNATION gote - 0".equals(r.getAttribute("data-result"))));
        shot("hall after the pairings");
        String game = browser.findElement(By.cssSelector("[data-round='1'] [data-result-board='b2']"))
                .getAttribute("data-game-id");
        HttpResponse<byte[]> zip = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                base + "/api/rounds/1/export.zip")).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(zip.statusCode()).isEqualTo(200);
        java.util.List<String> names = new java.util.ArrayList<>();
        try (java.util.zip.ZipInputStream in = new java.util.zip.ZipInputStream(
                new java.io.ByteArrayInputStream(zip.body()))) {
            for (java.util.zip.ZipEntry e; (e = in.getNextEntry()) != null; ) {
                names.add(e.getName());
                String text = new String(in.readAllBytes(), e.getName().endsWith(".kif")
                        ? org.shogiban.notation.formats.GameRecords.SHIFT_JIS : java.nio.charset.StandardCharsets.UTF_8);
                assertThat(text).contains(e.getName().endsWith(".kif") ? "Habu" : "N+Habu");
            }
        }
        assertThat(names).containsExactly("round1-b2-" + game + ".kif", "round1-b2-" + game + ".csa");

        // the relay: b1's KIF, then the same request with its ETag is 304
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<byte[]> kif = http.send(HttpRequest.newBuilder(URI.create(base + "/relay/b1.kif")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(kif.statusCode()).isEqualTo(200);
        assertThat(kif.headers().firstValue("Content-Type")).hasValue("text/plain; charset=Shift_JIS");
        assertThat(kif.headers().firstValue("Cache-Control")).hasValue("no-cache");
        assertThat(kif.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
        assertThat(new String(kif.body(), org.shogiban.notation.formats.GameRecords.SHIFT_JIS)).contains("７六歩");
        String etag = kif.headers().firstValue("ETag").orElseThrow();
        HttpResponse<byte[]> again = http.send(HttpRequest.newBuilder(URI.create(base + "/relay/b1.kif"))
                .header("If-None-Match", etag).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(again.statusCode()).isEqualTo(304);
        // after a move the file changes: a new ETag, 200
        b1.run(100);
        HttpResponse<byte[]> csa = http.send(HttpRequest.newBuilder(URI.create(base + "/relay/b1.csa")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(new String(csa.body(), java.nio.charset.StandardCharsets.UTF_8)).contains("+7776FU");
    }

    private String card(String board, String attribute) {
        return rig.card(board, attribute);
    }

    private void waitFor(String what, BooleanSupplier condition) throws InterruptedException, java.io.IOException {
        rig.waitFor(what, condition);
    }

    private void shot(String step) throws java.io.IOException {
        rig.shot(step);
    }
}
