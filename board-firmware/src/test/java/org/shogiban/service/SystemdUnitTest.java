package org.shogiban.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * systemd/shogiban.service as systemd itself judges it: {@code systemd-analyze verify} finds nothing and
 * {@code systemd-analyze security --offline=true} rates its exposure at most 3.0. Needs systemd-analyze (Debian's
 * systemd package, which .ci/run installs): skipped without it on a developer's machine, a failure under CI.
 */
class SystemdUnitTest {
    private static final Path UNIT = Path.of(System.getProperty("basedir", "."), "..", "systemd", "shogiban.service")
            .normalize();

    record Result(int exit, String output) {
    }

    @BeforeAll
    static void needsSystemdAnalyze() {
        boolean present = Files.isExecutable(Path.of("/usr/bin/systemd-analyze"))
                || Files.isExecutable(Path.of("/bin/systemd-analyze"));
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(present, "systemd-analyze is not installed (apt-get install systemd)");
        }
        assertThat(present).as("systemd-analyze (package systemd) is installed").isTrue();
    }

    static Result run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), output);
    }

    @Test
    void verifyFindsNothingWrong() throws Exception {
        Result r = run("systemd-analyze", "verify", UNIT.toString());
        assertThat(r.output()).as("systemd-analyze verify says").isEmpty();
        assertThat(r.exit()).isZero();
    }

    @Test
    void exposureIsAtMostThree() throws Exception {
        Result r = run("systemd-analyze", "security", "--offline=true", UNIT.toString());
        Matcher m = Pattern.compile("Overall exposure level for shogiban\\.service: (\\d+\\.\\d)").matcher(r.output());
        assertThat(m.find()).as(r.output()).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isLessThanOrEqualTo(3.0);
    }

    @Test
    void theUnitIsWatchedAndKeepsTheHardwareReachable() throws Exception {
        List<String> lines = Files.readAllLines(UNIT);
        assertThat(lines).contains("Type=notify", "NotifyAccess=main", "WatchdogSec=20", "Restart=on-failure",
                "StateDirectory=shogiban", "SupplementaryGroups=gpio i2c spi dialout");
        // the buzzer's PWM channel is exported by root before the unprivileged service starts (a Pi 5 needs it)
        assertThat(lines).contains("ExecStartPre=+/bin/sh /usr/share/shogiban/pwm-access.sh"
                + " /etc/shogiban/board.properties");
        // filtering devices would hide /dev/gpiochip*, /dev/i2c-*, /dev/spidev* and the serial devices
        assertThat(lines).noneMatch(l -> l.startsWith("PrivateDevices=") || l.startsWith("DevicePolicy=")
                || l.startsWith("DeviceAllow=") || l.startsWith("ProtectClock=") || l.startsWith("ProtectKernelTunables="));
    }
}
