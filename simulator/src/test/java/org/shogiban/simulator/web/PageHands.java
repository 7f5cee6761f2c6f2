package org.shogiban.simulator.web;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What a player does on the board's page and what they read from it, for the browser tests: click, drag a piece from
 * square to square, read a square's light, a clock's name, the log; wait for what the page shows.
 */
final class PageHands {
    private final ChromeDriver browser;
    private final Duration patience;

    PageHands(ChromeDriver browser, Duration patience) {
        this.browser = browser;
        this.patience = patience;
    }

    void click(WebElement element) {
        new Actions(browser).click(element).perform();
    }

    /** Drags the piece on {@code from} to {@code to} (USI squares), as a hand moves it. */
    void drag(String from, String to) {
        new Actions(browser).clickAndHold(square(from)).moveByOffset(8, 8).moveToElement(square(to)).release()
                .perform();
    }

    WebElement square(String usi) {
        return browser.findElement(By.cssSelector("[data-square='" + usi + "']"));
    }

    /** An attribute of the element, empty when it has none. */
    String attr(By by, String name) {
        String v = browser.findElement(by).getDomAttribute(name);
        return v == null ? "" : v;
    }

    /** The light of a square ({@code data-led}). */
    String led(String usi) {
        return attr(By.cssSelector("[data-square='" + usi + "']"), "data-led");
    }

    /** The name shown beside a side's clock. */
    String clockName(String side) {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector(\"[data-clock='" + side + "']\").closest('.player')"
                        + ".querySelector('.clock-name').textContent");
    }

    /** The page's log as its text. */
    String log() {
        return (String) ((JavascriptExecutor) browser).executeScript(
                "return document.getElementById('log').textContent");
    }

    /** Waits until the page shows {@code what}; fails with the page's log. */
    void waitFor(String what, BooleanSupplier condition) {
        try {
            new WebDriverWait(browser, patience, Duration.ofMillis(20)).withMessage(what)
                    .ignoring(StaleElementReferenceException.class)
                    .until(d -> condition.getAsBoolean());
        } catch (TimeoutException e) {
            throw new AssertionError("the page did not show that " + what + "; log:\n" + log(), e);
        }
    }
}
