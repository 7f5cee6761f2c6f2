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
 * {@code systemd-analyze security --offline=true} rates its exposure at most 3.0; with the package's network generator,
 * the unit has no network unless board.properties names a hall broker (the local networks: 1.9) or a lishogi token
 * (any address: 2.0). Needs systemd-analyze (Debian's
 * systemd package, which .ci/run installs): skipped without it on a developer's machine, a failure under CI.
 */
class SystemdUnitTest {
    private static final Path UNIT = Path.of(System.getProperty("basedir", "."), "..", "systemd", "shogiban.service")
            .normalize();
    private static final Path GENERATOR = UNIT.resolveSibling("shogiban-network-generator");

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
        return run(java.util.Map.of(), command);
    }

    static Result run(java.util.Map<String, String> environment, String... command)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
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
        // the Pi's service rehearses at start, so its client compiler has compiled a move's path (app.Rehearsal)
        assertThat(lines).anyMatch(l -> l.startsWith("ExecStart=/usr/bin/java ") && l.endsWith(" --rehearse 1000"));
        // filtering devices would hide /dev/gpiochip*, /dev/i2c-*, /dev/spidev* and the serial devices
        assertThat(lines).noneMatch(l -> l.startsWith("PrivateDevices=") || l.startsWith("DevicePolicy=")
                || l.startsWith("DeviceAllow=") || l.startsWith("ProtectClock=") || l.startsWith("ProtectKernelTunables="));
    }

    /**
     * A root as the package lays it out, with board.properties holding {@code lines}, after systemd ran the package's
     * network generator in it (its drop-ins go to /etc/systemd/system here, /run/systemd/generator on the Pi).
     */
    private static Path rootWith(Path root, String lines) throws Exception {
        Files.createDirectories(root.resolve("lib/systemd/system"));
        Files.copy(UNIT, root.resolve("lib/systemd/system/shogiban.service"));
        Path config = Files.createDirectories(root.resolve("etc/shogiban")).resolve("board.properties");
        Files.writeString(config, lines);
        Result r = run(java.util.Map.of("SHOGIBAN_CONFIG", config.toString()), "sh", GENERATOR.toString(),
                root.resolve("etc/systemd/system").toString());
        assertThat(r.exit()).as(r.output()).isZero();
        return root;
    }

    private static double exposure(Path root) throws Exception {
        Result r = run("systemd-analyze", "security", "--offline=true", "--root=" + root, "shogiban.service");
        Matcher m = Pattern.compile("Overall exposure level for shogiban\\.service: (\\d+\\.\\d)").matcher(r.output());
        assertThat(m.find()).as(r.output()).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static String networkLines(Path root) throws Exception {
        Result r = run("systemd-analyze", "security", "--offline=true", "--root=" + root, "shogiban.service");
        return r.output();
    }

    @Test
    void withoutHallOrLishogiTheServiceHasNoNetwork(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path root = rootWith(dir, "sensors.kind=occupancy\n# hall.broker=tcp://192.168.1.10:1883\n");
        assertThat(root.resolve("etc/systemd/system/shogiban.service.d")).doesNotExist();
        assertThat(exposure(root)).isEqualTo(1.1);
        assertThat(networkLines(root)).contains("Service has no access to the host's network")
                .contains("Service cannot allocate Internet sockets");
    }

    @Test
    void aHallBrokerOpensTheLocalNetworksOnly(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path root = rootWith(dir, "hall.broker = tcp://192.168.1.10:1883\nhall.id=spring-cup\n");
        String dropIn = Files.readString(root.resolve("etc/systemd/system/shogiban.service.d/50-network.conf"));
        assertThat(dropIn).contains("PrivateNetwork=no\n", "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6\n",
                "IPAddressAllow=localhost link-local 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7\n");
        // IPAddressDeny=any of the unit stays: nothing beyond the venue's network
        assertThat(dropIn).doesNotContain("IPAddressDeny");
        assertThat(exposure(root)).isEqualTo(1.9);
        assertThat(networkLines(root)).contains("Service may allocate Internet sockets")
                .contains("Service has access to the host's network");
    }

    @Test
    void aLishogiTokenOpensAnyAddress(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path root = rootWith(dir, "lishogi.token-file=/etc/shogiban/lishogi.token\n");
        String dropIn = Files.readString(root.resolve("etc/systemd/system/shogiban.service.d/50-network.conf"));
        assertThat(dropIn).contains("PrivateNetwork=no\n", "IPAddressDeny=\n");
        // the hall's 1.9 and the 0.1 systemd counts for any address
        assertThat(exposure(root)).isEqualTo(2.0);
    }
}
