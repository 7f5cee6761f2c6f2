package org.shogiban.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The package on the Pi's own stack: an arm64 Debian trixie root (mmdebstrap under QEMU user emulation, cached
 * between runs by {@code src/test/pi-root/build-root.sh}), the built .deb installed into it with apt, and the firmware
 * run there on Debian's arm64 OpenJDK 21: the package's maintainer scripts through install, upgrade, remove and purge;
 * {@code check-config} on the shipped configuration; {@code serve --simulated} until it tells systemd READY=1;
 * {@code serve} and {@code check-config --on-this-pi} on a root whose device tree names a Raspberry Pi, where they say
 * one sentence per missing part; the unit checked by the root's own {@code systemd-analyze verify}.
 *
 * <p>The root is used through an overlay (the cache stays clean), with a /dev of its own (the few devices a JVM needs
 * bound from the host, and the Pi's devices faked as the test needs them) and the host's /proc. Needs root, mmdebstrap
 * and qemu-user-static with binfmt_misc (.ci/run sees to them): skipped without them on a developer's machine, a
 * failure under CI. Cache: {@code SHOGIBAN_ROOT_CACHE} (default /var/cache/shogiban-test).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PiRootIT {
    static final String ARCH = System.getProperty("shogiban.pi.arch", "arm64");
    private static final String QEMU = ARCH.equals("arm64") ? "qemu-aarch64" : "qemu-arm";
    private static final String MODEL = ARCH.equals("arm64") ? "Raspberry Pi 4 Model B Rev 1.5"
            : "Raspberry Pi 3 Model B Plus Rev 1.3";
    /**
     * The JVM as the unit runs it (the client compiler, the serial collector, a class data sharing archive written by
     * the first run and mapped by the later ones: under emulation, loading classes is most of a command's time).
     */
    private static final String JAVA = "/usr/bin/java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
            + " -XX:+AutoCreateSharedArchive -XX:SharedArchiveFile=/tmp/shogiban.jsa"
            + " -jar /usr/share/shogiban/shogiban.jar";
    private static Path deb;
    private static Path work;
    private static Path root;
    private static final List<Path> mounts = new ArrayList<>();

    record Result(int exit, String output) {
    }

    @BeforeAll
    static void buildTheRoot() throws Exception {
        boolean ready = "root".equals(System.getProperty("user.name")) && onPath("mmdebstrap")
                && Files.exists(Path.of("/proc/sys/fs/binfmt_misc/" + QEMU))
                && Files.readString(Path.of("/proc/sys/fs/binfmt_misc/" + QEMU)).startsWith("enabled");
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(ready, "needs root, mmdebstrap and binfmt_misc with " + QEMU + " (.ci/run)");
        }
        assertThat(ready).as("root, mmdebstrap and binfmt_misc with %s enabled (.ci/run sets them up)", QEMU)
                .isTrue();
        Path dir = Path.of(System.getProperty("shogiban.deb.dir", "target"));
        try (Stream<Path> files = Files.list(dir)) {
            deb = files.filter(p -> p.getFileName().toString().endsWith("_all.deb")).findFirst().orElseThrow();
        }
        String cache = System.getenv().getOrDefault("SHOGIBAN_ROOT_CACHE", "/var/cache/shogiban-test");
        Path script = Path.of(System.getProperty("basedir", "."), "src/test/pi-root/build-root.sh");
        long begin = System.nanoTime();
        Result built = host(Map.of(), 3600, "sh", script.toString(), ARCH, cache);
        assertThat(built.exit()).as(built.output()).isZero();
        String[] lines = built.output().strip().split("\n");
        Path cached = Path.of(lines[lines.length - 1]);
        System.out.printf("PiRootIT: %s root %s ready in %d s%n", ARCH, cached,
                (System.nanoTime() - begin) / 1_000_000_000L);
        work = Files.createTempDirectory(Path.of(cache), ".run-");
        root = Files.createDirectories(work.resolve("root"));
        Files.createDirectories(work.resolve("upper"));
        Files.createDirectories(work.resolve("work"));
        mount("-t", "overlay", "overlay", "-o", "lowerdir=" + cached + ",upperdir=" + work.resolve("upper")
                + ",workdir=" + work.resolve("work"), root.toString());
        mount("-t", "proc", "proc", root.resolve("proc").toString());
        mount("-t", "tmpfs", "-o", "mode=0755", "tmpfs", root.resolve("dev").toString());
        for (String device : List.of("null", "zero", "full", "random", "urandom", "tty")) {
            Files.createFile(root.resolve("dev/" + device));
            mount("--bind", "/dev/" + device, root.resolve("dev/" + device).toString());
        }
        Files.createDirectories(root.resolve("dev/shm"));
        Files.createDirectories(root.resolve("dev/pts"));
        // a pseudo-terminal instance of the root's own (apt logs dpkg's output through one)
        mount("-t", "devpts", "-o", "newinstance,ptmxmode=0666", "devpts", root.resolve("dev/pts").toString());
        Files.createSymbolicLink(root.resolve("dev/ptmx"), Path.of("pts/ptmx"));
        // the device tree of a Raspberry Pi (a model string ends with a NUL); /sys itself stays empty: no PWM
        Path model = Files.createDirectories(root.resolve("sys/firmware/devicetree/base")).resolve("model");
        Files.writeString(model, MODEL + "\0");
        Files.copy(deb, root.resolve("tmp/shogiban.deb"));
        Path previous = previousBuild(work);
        Files.copy(previous, root.resolve("tmp/shogiban-previous.deb"));
    }

    @AfterAll
    static void unmount() throws Exception {
        for (Path p : mounts.reversed()) {
            host(Map.of(), 60, "umount", "-l", p.toString());
        }
        if (work != null) {
            host(Map.of(), 120, "rm", "-rf", work.toString());
        }
    }

    private static boolean onPath(String program) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, program)));
    }

    private static void mount(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("mount"));
        command.addAll(List.of(args));
        Result r = host(Map.of(), 60, command.toArray(String[]::new));
        assertThat(r.exit()).as("mount %s: %s", String.join(" ", args), r.output()).isZero();
        mounts.add(Path.of(args[args.length - 1]));
    }

    /** The same package with a version just below (dpkg orders {@code ~prev} first): the build an upgrade replaces. */
    private static Path previousBuild(Path dir) throws Exception {
        Path tree = dir.resolve("previous");
        ok(host(Map.of(), 120, "dpkg-deb", "-R", deb.toString(), tree.toString()));
        Path control = tree.resolve("DEBIAN/control");
        String text = Files.readString(control);
        String version = text.lines().filter(l -> l.startsWith("Version: ")).findFirst().orElseThrow().substring(9);
        Files.writeString(control, text.replace("Version: " + version, "Version: " + version + "~prev"));
        Path previous = dir.resolve("shogiban-previous.deb");
        ok(host(Map.of(), 300, "dpkg-deb", "-Zxz", "-z1", "-b", tree.toString(), previous.toString()));
        return previous;
    }

    static Result host(Map<String, String> environment, long timeoutSeconds, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        StringBuilder out = new StringBuilder();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try {
                out.append(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                out.append(e);
            }
        });
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            reader.join(5000);
            throw new AssertionError(String.join(" ", command) + " took more than " + timeoutSeconds + " s: " + out);
        }
        reader.join();
        return new Result(p.exitValue(), out.toString());
    }

    /** A shell command line run in the root as root (or as {@code user}), under emulation. */
    static Result in(String user, long timeoutSeconds, String commandLine) throws Exception {
        long begin = System.nanoTime();
        List<String> command = new ArrayList<>(List.of("chroot"));
        if (user != null) {
            command.add("--userspec=" + user);
        }
        command.addAll(List.of(root.toString(), "/usr/bin/env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin",
                "LANG=C.UTF-8", "HOME=/tmp", "DEBIAN_FRONTEND=noninteractive", "/bin/sh", "-c", commandLine));
        Result r = host(Map.of(), timeoutSeconds, command.toArray(String[]::new));
        System.out.printf("PiRootIT: %-70.70s exit %d, %d s%n", commandLine, r.exit(),
                (System.nanoTime() - begin) / 1_000_000_000L);
        return r;
    }

    static Result in(long timeoutSeconds, String commandLine) throws Exception {
        return in(null, timeoutSeconds, commandLine);
    }

    static String ok(Result r) {
        assertThat(r.exit()).as(r.output()).isZero();
        return r.output();
    }

    @Test
    @Order(1)
    void aptInstallsThePreviousBuildOnDebiansArm64Java() throws Exception {
        String install = ok(in(900, "apt-get install -y /tmp/shogiban-previous.deb"));
        assertThat(install).contains("Setting up shogiban (").doesNotContain("E: ");
        assertThat(ok(in(60, "dpkg-query -W -f '${Architecture} ${Version}' openjdk-21-jre-headless")))
                .startsWith(ARCH + " 21.");
        assertThat(ok(in(60, "readlink -f /usr/bin/java"))).contains("java-21-openjdk-" + ARCH);
        // the maintainer scripts: the user, its groups, the configuration's owner and mode, the service enabled
        assertThat(ok(in(60, "getent passwd shogiban"))).contains(":/var/lib/shogiban:/usr/sbin/nologin");
        assertThat(ok(in(60, "id -nG shogiban")).strip().split(" "))
                .contains("shogiban", "gpio", "i2c", "spi", "dialout");
        assertThat(ok(in(60, "stat -c '%U:%G %a' /etc/shogiban/board.properties")).strip())
                .isEqualTo("root:shogiban 640");
        assertThat(ok(in(60, "readlink /etc/systemd/system/multi-user.target.wants/shogiban.service")).strip())
                .endsWith("/systemd/system/shogiban.service");
    }

    @Test
    @Order(2)
    void theUnitIsWhatTheRootsSystemdAccepts() throws Exception {
        Result r = in(300, "systemd-analyze verify /lib/systemd/system/shogiban.service 2>&1");
        assertThat(r.output()).as("systemd-analyze verify in the %s root", ARCH).isEmpty();
        assertThat(r.exit()).isZero();
    }

    @Test
    @Order(3)
    void checkConfigPassesTheShippedConfiguration() throws Exception {
        // stdout alone: the log's summary line goes to stderr
        assertThat(ok(in(600, JAVA + " check-config /etc/shogiban/board.properties 2>/dev/null"))).isEqualTo("ok\n");
    }

    @Test
    @Order(4)
    void serveSimulatedTellsSystemdReady() throws Exception {
        Path socket = root.resolve("run/shogiban-notify");
        Files.createDirectories(socket.getParent());
        Process listener = new ProcessBuilder("socat", "-u", "UNIX-RECV:" + socket, "STDOUT")
                .redirectErrorStream(true).start();
        List<String> command = List.of("chroot", root.toString(), "/usr/bin/env", "-i",
                "PATH=/usr/bin:/bin", "NOTIFY_SOCKET=/run/shogiban-notify", "/bin/sh", "-c",
                "cd /tmp && exec " + JAVA + " serve --simulated --records /tmp/records");
        Process serve = new ProcessBuilder(command).redirectErrorStream(true).start();
        long begin = System.nanoTime();
        try {
            String ready = null;
            try (BufferedReader notes = new BufferedReader(new InputStreamReader(listener.getInputStream(),
                    StandardCharsets.UTF_8))) {
                Thread.ofPlatform().daemon().start(() -> {
                    try {
                        if (!serve.waitFor(600, TimeUnit.SECONDS)) {
                            listener.destroy();
                        } else {
                            listener.destroy();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                StringBuilder seen = new StringBuilder();
                int c;
                while ((c = notes.read()) >= 0) {
                    seen.append((char) c);
                    if (seen.indexOf("READY=1") >= 0) {
                        ready = seen.toString();
                        break;
                    }
                }
            }
            assertThat(ready).as("serve --simulated in the %s root tells READY=1 (its output: %s)", ARCH,
                    serve.isAlive() ? "still running" : new String(serve.getInputStream().readAllBytes(),
                            StandardCharsets.UTF_8)).isNotNull();
            System.out.printf("PiRootIT: serve --simulated READY=1 after %d s%n",
                    (System.nanoTime() - begin) / 1_000_000_000L);
        } finally {
            serve.destroy();
            serve.waitFor(60, TimeUnit.SECONDS);
            listener.destroyForcibly();
        }
    }

    @Test
    @Order(5)
    void serveOnAFreshPiSaysWhatToSwitchOnInOneSentenceEach() throws Exception {
        Result r = in(600, JAVA + " serve --config /etc/shogiban/board.properties --state /tmp/state 2>&1");
        assertThat(r.exit()).as(r.output()).isEqualTo(2);
        assertThat(r.output()).contains("serve: I2C bus 1 is switched off (there is no /dev/i2c-1)",
                "sudo raspi-config nonint do_i2c 0", "serve: SPI is switched off (there is no /dev/spidev0.0)",
                "serve: the buzzer on GPIO 18 has no hardware PWM", "dtoverlay=pwm,pin=18,func=2");
        assertThat(r.output()).doesNotContain("Exception", "\tat ");
    }

    @Test
    @Order(6)
    void aDeviceOfAGroupTheUserIsNotInIsSaid() throws Exception {
        // an I2C bus switched on, its device the group i2c's (as udev makes it on Raspberry Pi OS); the user nobody
        // (a plain file stands for the character device: what the checks read is its group and mode; Pi4J also
        // looks for the bus in sysfs)
        ok(in(60, "touch /dev/i2c-1 && chgrp i2c /dev/i2c-1 && chmod 0660 /dev/i2c-1"
                + " && mkdir -p /sys/bus/i2c/devices/i2c-1"));
        Files.writeString(root.resolve("tmp/i2c-only.properties"), """
                sensors.kind=occupancy
                sensors.driver=mcp23017
                squares.mcp23017.chips=0x20,0x21,0x22,0x23,0x24,0x25
                komadai.driver=none
                leds.driver=none
                clock.driver=none
                buzzer.driver=none
                """);
        Result r = in("nobody:nogroup", 600, JAVA + " check-config --on-this-pi /tmp/i2c-only.properties 2>&1");
        assertThat(r.exit()).as(r.output()).isEqualTo(2);
        assertThat(r.output()).contains("check-config: the user nobody may not use /dev/i2c-1 (I2C bus 1), which"
                + " belongs to the group i2c: add it with `sudo adduser nobody i2c`");
    }

    @Test
    @Order(7)
    void pi4jLoadsItsArmProvidersAndMeetsNoChip() throws Exception {
        // /dev/i2c-1 is there (a device that is no I2C adapter: the kernel refuses its ioctl), so the checks pass
        // the files and Pi4J's linuxfs provider is loaded and asked for each chip
        Result r = in(600, JAVA + " check-config --on-this-pi /tmp/i2c-only.properties 2>&1");
        assertThat(r.exit()).as(r.output()).isEqualTo(2);
        // Pi4J was loaded for this Pi (its gpiod provider met no GPIO chip, its linuxfs provider no I2C adapter)
        assertThat(r.output()).contains("Pi4jBoardModel - Pi4J did not recognise '" + MODEL + "'")
                .contains("check-config: the MCP23017 squares #0 does not answer at 0x20 on I2C bus 1",
                        "`i2cdetect -y 1` should show 20 21 22 23 24 25.");
        assertThat(r.output()).doesNotContain("Exception", "\tat ");
    }

    @Test
    @Order(8)
    void anUpgradeKeepsTheEditedConfigurationAndRemoveKeepsTheGames() throws Exception {
        ok(in(60, "echo '# the builder was here' >> /etc/shogiban/board.properties"
                + " && mkdir -p /var/lib/shogiban/records && echo game > /var/lib/shogiban/records/1.kif"));
        String upgrade = ok(in(900, "apt-get install -y /tmp/shogiban.deb"));
        assertThat(upgrade).contains("Unpacking shogiban (").contains("over (");
        assertThat(ok(in(60, "dpkg-query -W -f '${Version}' shogiban"))).doesNotContain("~prev");
        assertThat(ok(in(60, "tail -n 1 /etc/shogiban/board.properties"))).isEqualTo("# the builder was here\n");
        assertThat(ok(in(60, "stat -c '%U:%G %a' /etc/shogiban/board.properties")).strip())
                .isEqualTo("root:shogiban 640");

        ok(in(600, "apt-get remove -y shogiban"));
        assertThat(in(60, "test -e /usr/share/shogiban/shogiban.jar").exit()).isNotZero();
        assertThat(ok(in(60, "cat /var/lib/shogiban/records/1.kif"))).isEqualTo("game\n");
        assertThat(ok(in(60, "tail -n 1 /etc/shogiban/board.properties"))).isEqualTo("# the builder was here\n");
        assertThat(ok(in(60, "getent passwd shogiban"))).startsWith("shogiban:");

        ok(in(600, "dpkg --purge shogiban"));
        assertThat(in(60, "test -e /var/lib/shogiban").exit()).isNotZero();
        assertThat(in(60, "test -e /etc/shogiban/board.properties").exit()).isNotZero();
        assertThat(ok(in(60, "dpkg-query -W -f '${db:Status-Abbrev}' shogiban 2>&1 || true"))).doesNotContain("ii");
    }
}
