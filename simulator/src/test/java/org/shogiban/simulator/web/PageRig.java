package org.shogiban.simulator.web;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.chrome.ChromeDriver;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.MonotonicClock;

/**
 * The board's page as the browser tests use it, set up one way: the web simulator's board (real time, casual,
 * {@code main=600,byoyomi=30}, the start position, its records in the test's directory, PIN 2468), its web server on
 * a free loopback port, and Debian's headless Chromium (see {@link Chromium}) showing the page. Closed in reverse.
 */
final class PageRig implements AutoCloseable {
    /** The arbiter's PIN the rig's board is given. */
    static final String PIN = "2468";

    final BoardApplicationAdapter board;
    final WebServer server;
    final ChromeDriver browser;
    final URI page;

    private PageRig(BoardApplicationAdapter board, WebServer server, ChromeDriver browser, URI page) {
        this.board = board;
        this.server = server;
        this.browser = browser;
        this.page = page;
    }

    /** The page of a board with these sensors in an English browser. */
    static PageRig open(Path temp, SensorKind sensors) throws IOException {
        return open(temp, sensors, "en-GB", Map.of(), storage -> storage);
    }

    /**
     * The page in a browser preferring {@code language} with more environment (e.g. {@link #fontsWithoutJapanese});
     * {@code storage} adds to the board's storage before the board is put together (e.g. an engine, a part of it).
     */
    static PageRig open(Path temp, SensorKind sensors, String language, Map<String, String> environment,
                        UnaryOperator<BoardApplicationAdapter.Storage> storage) throws IOException {
        ChromeDriver browser = Chromium.start(temp.resolve("profile-" + language), language, environment);
        BoardApplicationAdapter board = null;
        try {
            board = new BoardApplicationAdapter(new WebBoard.Setup(sensors, "casual", "main=600,byoyomi=30",
                    "startpos"), MonotonicClock.system(), Clock.systemUTC(),
                    storage.apply(BoardApplicationAdapter.Storage.records(temp.resolve("records")).withPin(PIN)));
            WebServer server = new WebServer(board, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
            URI page = server.start();
            browser.get(page.toString());
            return new PageRig(board, server, browser, page);
        } catch (IOException | RuntimeException e) {
            browser.quit();
            if (board != null) {
                board.close();
            }
            throw e;
        }
    }

    /** The page's hands once the page is live (its link to the board up), each wait at most {@code patience}. */
    PageHands liveHands(java.time.Duration patience) {
        PageHands hands = new PageHands(browser, patience);
        hands.waitFor("the page is live", () -> hands.attr(org.openqa.selenium.By.id("link"), "data-link")
                .equals("live"));
        return hands;
    }

    /**
     * A fontconfig file for the browser that knows only DejaVu (no Japanese font, as on many laptops): the page must
     * ship its own glyphs. Pass it as {@code FONTCONFIG_FILE}.
     */
    static Map<String, String> fontsWithoutJapanese(Path temp) throws IOException {
        Path fonts = temp.resolve("fonts.conf");
        Files.writeString(fonts, """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
                <fontconfig>
                  <dir>/usr/share/fonts/truetype/dejavu</dir>
                  <cachedir>%s</cachedir>
                </fontconfig>
                """.formatted(temp.resolve("font-cache")));
        return Map.of("FONTCONFIG_FILE", fonts.toString());
    }

    @Override
    public void close() {
        browser.quit();
        server.close();
        board.close();
    }

    /**
     * The pages a test opens, and what else it hands over, closed after the test in reverse, passed or failed: a JUnit
     * 5 extension ({@code @RegisterExtension final PageRig.PerTest pages = new PageRig.PerTest();}).
     */
    static final class PerTest implements AfterEachCallback {
        private final Deque<AutoCloseable> opened = new ArrayDeque<>();

        /** {@link PageRig#open(Path, SensorKind)}, closed after the test. */
        PageRig open(Path temp, SensorKind sensors) throws IOException {
            return closesAfter(PageRig.open(temp, sensors));
        }

        /** {@link PageRig#open(Path, SensorKind, String, Map, UnaryOperator)}, closed after the test. */
        PageRig open(Path temp, SensorKind sensors, String language, Map<String, String> environment,
                     UnaryOperator<BoardApplicationAdapter.Storage> storage) throws IOException {
            return closesAfter(PageRig.open(temp, sensors, language, environment, storage));
        }

        /** Something else of the test's (a stand-in site), closed after the test, after what was opened later. */
        <T extends AutoCloseable> T closesAfter(T thing) {
            opened.push(thing);
            return thing;
        }

        @Override
        public void afterEach(ExtensionContext context) throws Exception {
            Exception failed = null;
            while (!opened.isEmpty()) {
                try {
                    opened.pop().close();
                } catch (Exception e) {
                    if (failed == null) {
                        failed = e;
                    }
                }
            }
            if (failed != null) {
                throw failed;
            }
        }
    }
}
