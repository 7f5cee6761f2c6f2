package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The browser tests' {@link PageRig.PerTest}: after a test, what it handed over is closed last-first, each even when
 * one before it fails (the first failure is then the test's), and only once.
 */
class PageRigPerTestTest {
    private final List<String> closed = new ArrayList<>();

    @Test
    void whatATestHandedOverIsClosedLastFirstOnceEvenWhenOneFails() throws Exception {
        PageRig.PerTest pages = new PageRig.PerTest();
        pages.closesAfter(() -> closed.add("site"));
        pages.closesAfter(() -> {
            closed.add("page");
            throw new IOException("the browser was gone");
        });
        pages.closesAfter(() -> closed.add("engine"));

        assertThatThrownBy(() -> pages.afterEach(null)).isInstanceOf(IOException.class)
                .hasMessage("the browser was gone");
        assertThat(closed).containsExactly("engine", "page", "site");
        closed.clear();
        pages.afterEach(null);
        assertThat(closed).as("closed once").isEmpty();
    }

    @Test
    void aTestThatOpenedNothingClosesNothing() throws Exception {
        new PageRig.PerTest().afterEach(null);
        assertThat(closed).isEmpty();
    }
}
