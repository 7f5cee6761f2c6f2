package org.shogiban.hal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The configuration reference is said once, in {@link ConfigKeys}: docs/hardware.md must show exactly its table, and
 * each row's words must agree with the limits the parser enforces.
 */
class ConfigKeysTest {
    static final String BEGIN = "<!-- config-keys:begin (generated from ConfigKeys; ConfigKeysTest checks it) -->";
    static final String END = "<!-- config-keys:end -->";

    @Test
    void docsHardwareShowsExactlyTheTableOfConfigKeys() throws IOException {
        Path docs = repositoryRoot().resolve("docs/hardware.md");
        String text = Files.readString(docs, StandardCharsets.UTF_8);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        assertThat(begin).as("%s holds the marker %s", docs, BEGIN).isNotNegative();
        assertThat(end).as("%s holds the marker %s", docs, END).isGreaterThan(begin);
        String shown = text.substring(begin + BEGIN.length(), end).strip() + "\n";
        if (Boolean.getBoolean("shogiban.docs.write") && !shown.equals(ConfigKeys.markdownTable())) {
            Files.writeString(docs, text.substring(0, begin + BEGIN.length()) + "\n" + ConfigKeys.markdownTable()
                    + text.substring(end), StandardCharsets.UTF_8);
            shown = ConfigKeys.markdownTable();
        }
        assertThat(shown).as("the configuration table of %s differs from ConfigKeys; run this test with"
                + " -Dshogiban.docs.write=true to rewrite it", docs).isEqualTo(ConfigKeys.markdownTable());
    }

    @Test
    void everyKeyOfAFileBelongsToExactlyOneRow() {
        Set<String> seen = new HashSet<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            for (String key : k.keys()) {
                assertThat(seen.add(key)).as("key %s in two rows", key).isTrue();
            }
        }
        assertThat(seen).isEqualTo(BoardConfig.knownKeys());
    }

    @Test
    void theWordsOfEachRowAgreeWithTheLimitsTheParserEnforces() {
        for (ConfigKey k : ConfigKeys.ALL) {
            switch (k.kind()) {
                case CHOICE -> {
                    assertThat(k.choices()).as(k.name()).contains(k.defaultValue());
                    for (String choice : k.choices()) {
                        assertThat(k.allowed()).as(k.name()).contains("`" + choice + "`");
                    }
                }
                case INTEGER -> {
                    assertThat(k.allowed()).as(k.name()).startsWith(k.min() + ".." + k.max());
                    if (k.defaultValue() != null) {
                        assertThat(k.defaultInt()).as(k.name()).isBetween(k.min(), k.max());
                        assertThat(k.defaultText()).isEqualTo("`" + k.defaultValue() + "`");
                    }
                }
                case I2C_ADDRESS -> assertThat(k.allowed()).as(k.name())
                        .contains(String.format("0x%02x..0x%02x", k.min(), k.max()));
                default -> assertThat(k.allowed()).as(k.name()).isNotBlank();
            }
        }
    }

    @Test
    void theExampleFilesShownInDocsHardwareAreTheTestedOnes() throws IOException {
        String text = Files.readString(repositoryRoot().resolve("docs/hardware.md"), StandardCharsets.UTF_8);
        for (String name : new String[] {"reed-6x-mcp23017.properties", "hall-polarity.properties"}) {
            String example;
            try (var in = ConfigKeysTest.class.getResourceAsStream("/org/shogiban/hal/config/examples/" + name)) {
                assertThat(in).as(name).isNotNull();
                example = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            }
            int named = text.indexOf("(`" + name + "`)");
            assertThat(named).as("docs/hardware.md names %s", name).isNotNegative();
            int open = text.indexOf("```properties\n", named) + "```properties\n".length();
            String shown = text.substring(open, text.indexOf("```", open)).strip();
            assertThat(shown).as("docs/hardware.md's copy of %s", name).isEqualTo(example);
        }
    }

    static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the checkout holding mvnw above %s", Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }
}
