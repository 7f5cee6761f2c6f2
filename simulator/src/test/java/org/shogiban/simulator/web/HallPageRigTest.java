package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The hall page rig as the browser tests' extension: after a test it has closed the browser, the hall server and the
 * broker it started (their ports refuse), and it can be started again; started twice in one test, it says so.
 */
class HallPageRigTest {
    @TempDir
    Path temp;

    @RegisterExtension
    final HallPageRig rig = new HallPageRig();

    @Test
    void afterATestTheBrowserTheHallAndTheBrokerAreClosedAndTheRigStartsAgain() throws Exception {
        ChromeDriver browser = rig.inProcess(Files.createDirectories(temp.resolve("first"))).open().browser();
        URI hall = URI.create(rig.base());
        URI broker = URI.create(rig.brokerUrl());
        assertThat(browser.getTitle()).as("the page opened").isNotEmpty();
        assertThat(answers(hall)).isTrue();
        assertThat(answers(broker)).isTrue();
        assertThatThrownBy(() -> rig.inProcess(temp)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("started once a test");

        rig.afterEach(null);
        assertThat(browser.getSessionId()).as("the browser quit").isNull();
        assertThat(answers(hall)).as("the hall server closed").isFalse();
        assertThat(answers(broker)).as("the broker stopped").isFalse();

        rig.inProcess(Files.createDirectories(temp.resolve("again")));
        assertThat(answers(URI.create(rig.brokerUrl()))).as("started again").isTrue();
        // and JUnit closes it once more after the test: nothing left to close is no failure
    }

    private static boolean answers(URI address) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address.getHost(), address.getPort()), 2_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
