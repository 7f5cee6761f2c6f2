package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.ConfigKeys;
import org.shogiban.testdata.DocsBlocks;

/**
 * What the docs say about the board's configuration is what the board reads: docs/hardware.md shows exactly the
 * table of {@link ConfigKeys} and the tested example files, and every {@code ```properties} block of the docs passes
 * {@code check-config} as a user pastes it (a whole file alone; a few lines into the package's default
 * {@code board.properties}, as the docs tell).
 */
class DocsConfigTest {
    static final String TABLE_BEGIN = "<!-- config-keys:begin (generated from ConfigKeys; DocsConfigTest checks it) -->";
    static final String TABLE_END = "<!-- config-keys:end -->";

    @Test
    void docsHardwareShowsExactlyTheTableOfConfigKeys() throws IOException {
        DocsBlocks.assertGenerated(DocsBlocks.doc("docs/hardware.md"), TABLE_BEGIN, TABLE_END,
                ConfigKeys.markdownTable());
    }

    @Test
    void theExampleFilesShownInDocsHardwareAreTheTestedOnes() throws IOException {
        Path hardware = DocsBlocks.doc("docs/hardware.md");
        String text = Files.readString(hardware, StandardCharsets.UTF_8);
        List<DocsBlocks.Fenced> blocks = DocsBlocks.fenced(hardware, "properties");
        for (String name : new String[] {"reed-6x-mcp23017.properties", "hall-polarity.properties"}) {
            String example;
            try (InputStream in = BoardConfig.class.getResourceAsStream("examples/" + name)) {
                assertThat(in).as(name).isNotNull();
                example = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            int named = text.indexOf("(`" + name + "`)");
            assertThat(named).as("docs/hardware.md names %s", name).isNotNegative();
            int namedLine = (int) text.substring(0, named).chars().filter(c -> c == '\n').count() + 1;
            DocsBlocks.Fenced shown = blocks.stream().filter(b -> b.line() > namedLine).findFirst().orElseThrow();
            assertThat(shown.text().strip()).as("docs/hardware.md's copy of %s", name).isEqualTo(example);
        }
    }

    @Test
    void everyPropertiesBlockOfTheDocsPassesCheckConfig(@TempDir Path dir) throws IOException {
        List<DocsBlocks.Fenced> blocks = DocsBlocks.fenced("properties");
        assertThat(blocks).as("properties blocks in docs/").hasSizeGreaterThanOrEqualTo(4);
        SoftAssertions soft = new SoftAssertions();
        String packaged = Files.readString(DocsBlocks.doc("packaging/src/deb/etc/board.properties"));
        for (DocsBlocks.Fenced block : blocks) {
            boolean wholeFile = block.text().lines().anyMatch(l -> l.startsWith("sensors.driver="));
            Path file = dir.resolve("board-" + block.line() + ".properties");
            Files.writeString(file, wholeFile ? block.text() : packaged + "\n" + block.text(),
                    StandardCharsets.UTF_8);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = ShogibanCli.standard().run(new String[] {"check-config", file.toString()},
                    new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(java.io.OutputStream.nullOutputStream()));
            soft.assertThat(out.toString(StandardCharsets.UTF_8)).as("check-config on the block at %s%s", block,
                    wholeFile ? "" : " pasted into the package's board.properties").isEqualTo("ok\n");
            soft.assertThat(exit).as("check-config's exit code on %s", block).isZero();
        }
        soft.assertAll();
    }
}
