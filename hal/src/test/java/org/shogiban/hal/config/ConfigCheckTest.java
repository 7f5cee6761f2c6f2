package org.shogiban.hal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCheckTest {
    private static Properties example() throws Exception {
        Properties p = new Properties();
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            p.load(in);
        }
        return p;
    }

    @Test
    void aValidFileHasNoProblem() throws Exception {
        assertThat(ConfigCheck.problems(example(), "board.properties")).isEmpty();
    }

    @Test
    void everyProblemIsFoundNotOnlyTheFirst() throws Exception {
        Properties p = example();
        p.setProperty("sensors.kind", "magnetic");
        p.setProperty("scan.rate-hz", "fast");
        p.setProperty("leds.brightness-cap", "300");
        p.setProperty("buzzer.colour", "red");
        assertThat(ConfigCheck.problems(p, "board.properties")).extracting(ConfigException::key)
                .containsExactlyInAnyOrder("buzzer.colour", "sensors.kind", "scan.rate-hz", "leds.brightness-cap");
        assertThat(ConfigCheck.problems(p, "board.properties")).extracting(ConfigException::getMessage)
                .contains("board.properties: key 'leds.brightness-cap' has value '300'; allowed: an integer 0..255");
    }

    @Test
    void aRequiredKeyWithABadValueIsReportedOnce() throws Exception {
        Properties p = example();
        p.setProperty("clock.tm1637.sente-clk", "99");
        assertThat(ConfigCheck.problems(p, "b")).extracting(ConfigException::key)
                .containsExactly("clock.tm1637.sente-clk");
    }

    @Test
    void anUnreadableFileIsOneProblem(@TempDir Path dir) {
        assertThat(ConfigCheck.problems(dir.resolve("absent.properties"))).singleElement()
                .satisfies(e -> assertThat(e.key()).isEqualTo("(file)"));
        assertThat(Files.exists(dir.resolve("absent.properties"))).isFalse();
    }
}
