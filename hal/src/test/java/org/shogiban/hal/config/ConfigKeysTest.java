package org.shogiban.hal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The configuration reference is said once, in {@link ConfigKeys}: each row's words must agree with the limits the
 * parser enforces (board-firmware's {@code DocsConfigTest} checks that docs/hardware.md shows exactly its table).
 */
class ConfigKeysTest {
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
}
