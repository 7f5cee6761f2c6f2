package org.shogiban.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.testdata.DocsBlocks;

/**
 * {@code .ci/run} updates apt's package lists only on a machine that has none: its check finds the lists however apt
 * keeps them (Debian's default is uncompressed; many images keep them as {@code _Packages.lz4}).
 */
class CiScriptTest {
    private static final String LIST = "deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages";

    private static int hasAptLists(Path dir) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(DocsBlocks.root().resolve(".ci/has-apt-lists").toString(), dir.toString())
                .redirectErrorStream(true).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return p.exitValue();
    }

    @Test
    void compressedAndPlainListsAreFoundAndNoListsAreNot(@TempDir Path dir) throws Exception {
        assertThat(hasAptLists(dir)).as("no lists").isEqualTo(1);
        Files.writeString(dir.resolve("deb.debian.org_debian_dists_bookworm_InRelease"), "");
        Files.createDirectory(dir.resolve("partial"));
        assertThat(hasAptLists(dir)).as("only a Release file and partial/").isEqualTo(1);
        Files.writeString(dir.resolve(LIST + ".lz4"), "x");
        assertThat(hasAptLists(dir)).as("an lz4-compressed list").isZero();
        Files.delete(dir.resolve(LIST + ".lz4"));
        Files.writeString(dir.resolve(LIST), "x");
        assertThat(hasAptLists(dir)).as("a plain list").isZero();
    }

    @Test
    void ciRunAsksTheCheck() throws IOException {
        String run = Files.readString(DocsBlocks.root().resolve(".ci/run"), StandardCharsets.UTF_8);
        assertThat(run).contains("if ! .ci/has-apt-lists; then").doesNotContain("*_Packages >/dev/null");
    }
}
