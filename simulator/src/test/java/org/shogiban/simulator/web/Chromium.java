package org.shogiban.simulator.web;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven through Debian's chromedriver, with nothing downloaded: both paths are given to
 * Selenium (so Selenium Manager is never asked), and the browser runs with a fresh profile and without the
 * background networking, component updates and sync that would reach out.
 *
 * <p>When Chromium is missing the browser tests fail, saying how to install it; only outside CI (no {@code CI=true})
 * and when told ({@code -Dshogiban.skipBrowser=true} or {@code SHOGIBAN_SKIP_BROWSER=true}) are they skipped.
 */
final class Chromium {
    static final String BINARY = System.getProperty("shogiban.chromium", "/usr/bin/chromium");
    static final String DRIVER = System.getProperty("shogiban.chromedriver", "/usr/bin/chromedriver");

    private Chromium() {
    }

    /** Starts a headless browser, or fails (CI) or skips (told to) when Chromium is not installed. */
    static ChromeDriver start(Path profile) throws IOException {
        return start(profile, "en-GB", java.util.Map.of());
    }

    /**
     * Starts a headless browser preferring a language ({@code --lang}, which sets its Accept-Language and
     * navigator.languages) with more environment (e.g. {@code FONTCONFIG_FILE} for the fonts it may use).
     */
    static ChromeDriver start(Path profile, String language, java.util.Map<String, String> environment)
            throws IOException {
        boolean present = Files.isExecutable(Path.of(BINARY)) && Files.isExecutable(Path.of(DRIVER));
        if (!present) {
            String why = "Chromium for the browser tests is missing (" + BINARY + ", " + DRIVER
                    + "): apt-get install -y chromium chromium-driver";
            boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
            boolean skip = Boolean.getBoolean("shogiban.skipBrowser")
                    || "true".equalsIgnoreCase(System.getenv("SHOGIBAN_SKIP_BROWSER"));
            if (!ci && skip) {
                Assumptions.abort(why + " (skipped as told)");
            }
            throw new AssertionError(why + (ci ? "; CI must have it (.ci/run installs it)"
                    : "; or skip with -Dshogiban.skipBrowser=true"));
        }
        System.setProperty("webdriver.chrome.driver", DRIVER);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY);
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,950", "--lang=" + language,
                "--user-data-dir=" + Files.createDirectories(profile).toAbsolutePath());
        // headless Chromium on Linux takes its Accept-Language and navigator.languages from this preference
        options.setExperimentalOption("prefs", java.util.Map.of("intl.accept_languages", language));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort()
                .withEnvironment(environment)
                .withLogOutput(java.io.OutputStream.nullOutputStream())
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
        return driver;
    }

    /** Where the browser tests keep their screenshots: target/web-simulator. */
    static Path outputDirectory() throws IOException {
        return Files.createDirectories(Path.of("target", "web-simulator"));
    }

    static String fileName(String step) {
        return step.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-") + ".png";
    }
}
