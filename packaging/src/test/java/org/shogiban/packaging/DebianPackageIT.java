package org.shogiban.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.config.BoardConfig;

/**
 * The built shogiban_VERSION_all.deb as dpkg sees it ({@code dpkg-deb -I}, {@code -c}, {@code -e}, {@code -x}): its
 * fields, files, conffiles and maintainer scripts, and, extracted into a throw-away root, that the unit finds the jar
 * and the configuration where it expects them. Runs after {@code package} (failsafe); needs dpkg-deb.
 */
class DebianPackageIT {
    private static Path deb;

    record Result(int exit, String output) {
    }

    @BeforeAll
    static void findThePackage() throws IOException {
        Path dir = Path.of(System.getProperty("shogiban.deb.dir", "target"));
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().endsWith("_all.deb")).toList();
            assertThat(debs).as("one package in " + dir).hasSize(1);
            deb = debs.get(0);
        }
    }

    static Result run(Map<String, String> environment, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process p = builder.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), output);
    }

    static String ok(String... command) throws IOException, InterruptedException {
        Result r = run(Map.of(), command);
        assertThat(r.exit()).as(String.join(" ", command) + ": " + r.output()).isZero();
        return r.output();
    }

    @Test
    void isNamedAfterTheMavenVersionAsDebianOrdersIt() {
        assertThat(deb.getFileName().toString()).isEqualTo("shogiban_0.1.0~SNAPSHOT_all.deb");
    }

    @Test
    void fieldsNameThePackageItsVersionAndAJava21Runtime() throws Exception {
        assertThat(ok("dpkg-deb", "-f", deb.toString(), "Package")).isEqualTo("shogiban\n");
        assertThat(ok("dpkg-deb", "-f", deb.toString(), "Version")).isEqualTo("0.1.0~SNAPSHOT\n");
        assertThat(ok("dpkg-deb", "-f", deb.toString(), "Architecture")).isEqualTo("all\n");
        assertThat(ok("dpkg-deb", "-f", deb.toString(), "Depends"))
                .startsWith("openjdk-21-jre-headless | java21-runtime-headless, ").contains("adduser");
        // the engine to play against, where Debian has it (amd64, arm64, armhf)
        assertThat(ok("dpkg-deb", "-f", deb.toString(), "Recommends")).isEqualTo("i2c-tools, fairy-stockfish\n");
        String info = ok("dpkg-deb", "-I", deb.toString());
        assertThat(info).contains("conffiles", "postinst", "prerm", "postrm");
    }

    @Test
    void holdsTheJarTheUnitAndTheConfiguration() throws Exception {
        List<String> files = Arrays.stream(ok("dpkg-deb", "-c", deb.toString()).split("\n"))
                .filter(l -> l.startsWith("-"))
                .map(l -> l.substring(l.indexOf("./") + 1))
                .toList();
        assertThat(files).contains("/usr/share/shogiban/shogiban.jar", "/lib/systemd/system/shogiban.service",
                "/usr/share/shogiban/pwm-access.sh", "/usr/share/doc/shogiban/copyright",
                "/usr/share/doc/shogiban/pi.md",
                "/etc/shogiban/board.properties");
        assertThat(ok("dpkg-deb", "-c", deb.toString())).containsPattern("-rw-r----- root/root +\\d+ .* "
                + "\\./etc/shogiban/board\\.properties");
    }

    @Test
    void namesAMaintainerWhoCanBeWrittenToAndShipsTheCopyrightDebianAsksFor(@TempDir Path root) throws Exception {
        String maintainer = ok("dpkg-deb", "-f", deb.toString(), "Maintainer").strip();
        // "Name <address>" (Debian policy 5.6.2), an address outside this machine
        assertThat(maintainer).matches("[^<>@]+ <[^<>@\\s]+@[^<>@\\s]+\\.[a-z]+>").doesNotContain("localhost");
        ok("dpkg-deb", "-x", deb.toString(), root.toString());
        String copyright = Files.readString(root.resolve("usr/share/doc/shogiban/copyright"));
        assertThat(copyright).startsWith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n")
                .contains("\nFiles: *\n", "\nLicense: Apache-2.0\n", "/usr/share/common-licenses/Apache-2.0");
        // the systemd generator that gives the service its network when board.properties asks for it
        assertThat(ok("dpkg-deb", "-c", deb.toString()))
                .containsPattern("-rwxr-xr-x root/root +\\d+ .* \\./usr/lib/systemd/system-generators/shogiban-network");
    }

    /** Debian's own checker finds nothing to say about the copyright file or the maintainer (where it is installed). */
    @Test
    void lintianFindsTheCopyrightAndTheMaintainerRight() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/lintian")),
                "lintian is not installed");
        Result r = run(Map.of("LC_ALL", "C"), "lintian", "--tag-display-limit", "0", deb.toString());
        assertThat(r.output()).doesNotContain("copyright", "maintainer");
    }

    @Test
    void theConfigurationIsAConffileAndTheScriptsAreShellThatParses(@TempDir Path control) throws Exception {
        ok("dpkg-deb", "-e", deb.toString(), control.toString());
        assertThat(Files.readAllLines(control.resolve("conffiles"))).containsExactly("/etc/shogiban/board.properties");
        for (String script : List.of("postinst", "prerm", "postrm")) {
            Path file = control.resolve(script);
            assertThat(Files.getPosixFilePermissions(file)).contains(PosixFilePermission.OWNER_EXECUTE);
            assertThat(Files.readString(file)).startsWith("#!/bin/sh\n");
            ok("sh", "-n", file.toString());
        }
        String postinst = Files.readString(control.resolve("postinst"));
        assertThat(postinst).contains("for group in gpio i2c spi dialout", "addgroup --quiet --system",
                "adduser --quiet --system --group", "deb-systemd-helper enable", "deb-systemd-invoke \"$action\"",
                "[ -d /run/systemd/system ]");
    }

    @Test
    void removeKeepsTheStateAndPurgeDeletesIt(@TempDir Path control, @TempDir Path root) throws Exception {
        ok("dpkg-deb", "-e", deb.toString(), control.toString());
        Path postrm = control.resolve("postrm");
        Path record = root.resolve("var/lib/shogiban/records/game.kifu");
        Files.createDirectories(record.getParent());
        Files.writeString(record, "# a game\n");
        // DPKG_ROOT, as dpkg --root sets it: the script works in the throw-away root and leaves systemd alone
        Map<String, String> inRoot = Map.of("DPKG_ROOT", root.toString());

        assertThat(run(inRoot, "sh", postrm.toString(), "remove").exit()).isZero();
        assertThat(record).exists();
        assertThat(run(inRoot, "sh", postrm.toString(), "purge").exit()).isZero();
        assertThat(root.resolve("var/lib/shogiban")).doesNotExist();
        assertThat(root.resolve("var/lib")).exists();
    }

    @Test
    void extractedTheFilesAreWhereTheUnitLooksForThem(@TempDir Path root) throws Exception {
        ok("dpkg-deb", "-x", deb.toString(), root.toString());
        String unit = Files.readString(root.resolve("lib/systemd/system/shogiban.service"));
        Matcher exec = Pattern.compile("(?m)^ExecStart=(.*)$").matcher(unit);
        assertThat(exec.find()).isTrue();
        Matcher jar = Pattern.compile("-jar (\\S+)").matcher(exec.group(1));
        Matcher config = Pattern.compile("--config (\\S+)").matcher(exec.group(1));
        assertThat(jar.find()).isTrue();
        assertThat(config.find()).isTrue();
        Path jarFile = root.resolve(jar.group(1).substring(1));
        Path configFile = root.resolve(config.group(1).substring(1));
        assertThat(jarFile).isRegularFile();
        assertThat(configFile).isRegularFile();
        // the jar runs (its main class answers) and the configuration as shipped is valid
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        assertThat(ok(java, "-jar", jarFile.toString(), "help")).contains("serve", "check-config");
        assertThat(ok(java, "-jar", jarFile.toString(), "check-config", configFile.toString())).endsWith("ok\n");
        assertThat(BoardConfig.load(configFile).squares()).isNotNull();
    }
}
