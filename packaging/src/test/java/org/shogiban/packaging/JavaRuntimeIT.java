package org.shogiban.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether {@code apt install ./shogiban_*.deb} finds its Java 21 runtime, asked of apt's own resolver against this
 * machine's package lists with a throw-away dpkg status ({@code apt-get -s -o Dir::State::status=...}): the closest
 * honest equivalent of installing into a fresh Debian 12 root that runs here without touching the machine. With an
 * empty status (a bare system) the package installs where the lists have {@code openjdk-21-jre-headless} (trixie)
 * and is refused where they do not (bookworm, naming the missing Java); with an equivs-style stand-in for Eclipse
 * Temurin 21 in the status ({@code Provides: java21-runtime-headless}, what Adoptium's temurin-21-jre provides) it
 * installs on either. Needs apt (Debian lists fetched by {@code apt-get update}); skipped without apt-get.
 */
class JavaRuntimeIT {
    private static Path deb;

    @BeforeAll
    static void findThePackage() throws IOException, InterruptedException {
        Path dir = Path.of(System.getProperty("shogiban.deb.dir", "target"));
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().endsWith("_all.deb")).toList();
            assertThat(debs).as("one package in " + dir).hasSize(1);
            deb = debs.get(0).toAbsolutePath();
        }
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/apt-get")), "apt-get is not installed");
        String adduser = DebianPackageIT.run(Map.of("LC_ALL", "C"), "apt-cache", "policy", "adduser").output();
        assertThat(adduser).as("apt has Debian's package lists (run apt-get update; .ci/run does)")
                .contains("Candidate:").doesNotContain("Candidate: (none)");
    }

    private static DebianPackageIT.Result simulate(Path status) throws Exception {
        return DebianPackageIT.run(Map.of("LC_ALL", "C"), "apt-get", "-s", "-o", "Dir::State::status=" + status,
                "-o", "Debug::NoLocking=1", "install", deb.toString());
    }

    private static boolean listsHaveOpenJdk21() throws Exception {
        String policy = DebianPackageIT.run(Map.of("LC_ALL", "C"), "apt-cache", "policy",
                "openjdk-21-jre-headless").output();
        return policy.contains("Candidate:") && !policy.contains("Candidate: (none)");
    }

    @Test
    void aBareSystemGetsJava21WhereTheDistributionHasItAndIsToldWhatIsMissingWhereNot(@TempDir Path root)
            throws Exception {
        Path status = Files.writeString(root.resolve("status"), "");
        DebianPackageIT.Result r = simulate(status);
        if (listsHaveOpenJdk21()) {                 // trixie: apt pulls OpenJDK 21 in
            assertThat(r.exit()).as(r.output()).isZero();
            assertThat(r.output()).contains("Inst openjdk-21-jre-headless", "Inst shogiban");
        } else {                                     // bookworm: no Java 21 in Debian's own archive
            assertThat(r.exit()).as(r.output()).isNotZero();
            assertThat(r.output()).contains("shogiban : Depends: openjdk-21-jre-headless but it is not installable")
                    .contains("java21-runtime-headless but it is not installable");
        }
    }

    @Test
    void aSystemWithTemurin21InstallsIt(@TempDir Path root) throws Exception {
        Path status = Files.writeString(root.resolve("status"), """
                Package: temurin-21-jre
                Status: install ok installed
                Priority: optional
                Section: java
                Maintainer: stand-in <test@example.org>
                Architecture: all
                Version: 21.0.5.0.0+11-1
                Provides: java21-runtime-headless, java21-runtime
                Description: equivs-style stand-in for Adoptium's Eclipse Temurin 21 JRE

                """);
        DebianPackageIT.Result r = simulate(status);
        assertThat(r.exit()).as(r.output()).isZero();
        assertThat(r.output()).contains("Inst shogiban").doesNotContain("Inst openjdk-21-jre-headless")
                .doesNotContain("Inst openjdk-17");
    }
}
