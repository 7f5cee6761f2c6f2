package org.shogiban.simulator.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.shogiban.hall.Hall;
import org.shogiban.hall.HallBoardRig;
import org.shogiban.hall.HallProcess;
import org.shogiban.hall.HallServer;
import org.shogiban.hall.Mosquitto;

/**
 * The hall's arbiter page as the browser tests use it, set up one way (beside {@link PageRig} for a board's page): a
 * real Mosquitto on a free loopback port, the hall server (in this process, hall id {@code h1}, no login; or its own
 * process on a state directory, {@link #ownProcess}), real boards ({@link HallBoardRig}) and Debian's headless
 * Chromium ({@link Chromium}), which opens the page when the test says ({@link #open}). A JUnit 5 extension: a test
 * class registers one ({@code @RegisterExtension final HallPageRig rig = new HallPageRig();}), its test starts it, and
 * it is closed in reverse after each test, passed or failed.
 */
final class HallPageRig implements AfterEachCallback {
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final Map<String, HallBoardRig> boards = new LinkedHashMap<>();
    private Path temp;
    private Mosquitto broker;
    private ChromeDriver browser;
    private Hall hall;
    private HallServer server;
    private HallProcess process;
    private Path state;
    private int port;

    /** The hall in this process with these boards, in an English browser. */
    HallPageRig inProcess(Path temp, String... boardIds) throws Exception {
        return inProcess(temp, "en-GB", Map.of(), boardIds);
    }

    /** The hall in this process with these boards, in a browser preferring a language with more environment. */
    HallPageRig inProcess(Path temp, String language, Map<String, String> environment, String... boardIds)
            throws Exception {
        begin(temp);
        hall = new Hall(broker.url(), "h1", null, null, null);
        hall.start();
        server = new HallServer(hall, "127.0.0.1", 0);
        server.start();
        port = server.port();
        return withBoards(boardIds).withBrowser(language, environment);
    }

    /** The hall server in its own process ({@code hall --state}) with these boards, in an English browser. */
    HallPageRig ownProcess(Path temp, Path state, String... boardIds) throws Exception {
        begin(temp);
        this.state = state;
        port = HallProcess.freePort();
        process = HallProcess.start(broker.url(), port, state);
        return withBoards(boardIds).withBrowser("en-GB", Map.of());
    }

    private void begin(Path temp) throws IOException {
        if (broker != null) {
            throw new IllegalStateException("the hall page rig is started once a test");
        }
        this.temp = temp;
        broker = Mosquitto.open(temp);
    }

    private HallPageRig withBoards(String... ids) throws IOException {
        for (String id : ids) {
            boards.put(id, new HallBoardRig(Files.createDirectories(temp.resolve(id)), broker.url(), id, null, null));
        }
        return this;
    }

    private HallPageRig withBrowser(String language, Map<String, String> environment) throws IOException {
        browser = Chromium.start(temp.resolve("profile"), language, environment);
        return this;
    }

    /** The browser (once the rig is started). */
    ChromeDriver browser() {
        return browser;
    }

    /** The broker's URL, for a test's own MQTT clients. */
    String brokerUrl() {
        return broker.url();
    }

    /** A board of the rig. */
    HallBoardRig board(String id) {
        return boards.get(id);
    }

    /** The hall in this process (null when it runs in its own). */
    Hall hall() {
        return hall;
    }

    /** The hall server's address, {@code http://127.0.0.1:<port>}. */
    String base() {
        return "http://127.0.0.1:" + port;
    }

    /** The browser opens the arbiter's page. */
    HallPageRig open() {
        browser.get(base() + "/");
        return this;
    }

    /** Kills the hall server's process (SIGKILL) and starts it again on the same state and port. */
    void killAndRestartHall() throws IOException {
        process.kill();
        process = HallProcess.start(broker.url(), port, state);
    }

    /** An attribute of a board's card ("" while the card or the attribute is missing). */
    String card(String board, String attribute) {
        List<WebElement> cards = browser.findElements(By.cssSelector(".card[data-board='" + board + "']"));
        String v = cards.isEmpty() ? null : cards.get(0).getAttribute(attribute);
        return v == null ? "" : v;
    }

    /** Waits as a person watching the page would, at most 20 s; a screenshot of the failure, then fails. */
    void waitFor(String what, BooleanSupplier condition) throws InterruptedException, IOException {
        long until = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < until) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (StaleElementReferenceException e) {
                // the page redrew meanwhile
            }
            Thread.sleep(50);
        }
        shot("failed " + what);
        throw new AssertionError("not within " + PATIENCE.toSeconds() + " s: " + what);
    }

    /** A screenshot into target/web-simulator as {@code hall-<step>.png}. */
    void shot(String step) throws IOException {
        Files.write(Chromium.outputDirectory().resolve("hall-" + Chromium.fileName(step)),
                browser.getScreenshotAs(OutputType.BYTES));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    /** Closes what was started, in reverse; the rig may then be started again. */
    void close() {
        List<AutoCloseable> started = new ArrayList<>();
        started.add(browser == null ? null : browser::quit);
        started.addAll(Arrays.asList(server, hall, process));
        started.addAll(boards.values());
        started.add(broker);
        boards.clear();
        browser = null;
        server = null;
        hall = null;
        process = null;
        broker = null;
        for (AutoCloseable part : started) {
            if (part != null) {
                try {
                    part.close();
                } catch (Exception e) {
                    throw new IllegalStateException("the hall page rig could not close " + part, e);
                }
            }
        }
    }
}
