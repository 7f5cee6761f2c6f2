package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.config.BoardConfig;

/**
 * {@code bring-up} from the command line: on the simulated board with nobody's hand on it, every question answered
 * yes, the LEDs, clocks and buzzer pass, each square and slot is waited for and fails ("no sensor changed"), and the
 * report is printed and saved. (The tool itself, driven by a builder, is tested in hal: BringUpTest, BringUpMockTest.)
 * {@code check-config --on-this-pi} off a Pi says so.
 */
class BringUpCommandTest {

    @Test
    void theSimulatedBoardWithNobodyAtItFailsEverySquareAndSavesTheReport(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("report.txt");
        CliRun r = CliRun.withInput("y\n".repeat(200), "bring-up", "--simulated", "--config", CliRun.exampleConfig(dir).toString(), "--wait",
                "0.01", "--report", report.toString());
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("Is the LED of 5e lit, and no other? [y/n]", "place a piece on 5e",
                "press the menu button", "report saved in " + report.toAbsolutePath());
        assertThat(Files.readAllLines(report)).contains("LEDs:     95 passed, 0 failed", "clock:    11 passed, 0 failed",
                "squares:  0 passed, 81 failed", "  square 5e: no sensor changed", "result: FAILED (101 of 208 parts)");
    }

    @Test
    void optionsAreChecked() {
        assertThat(CliRun.withInput("", "bring-up").err()).isEqualTo("bring-up: --config FILE is required, or --simulated;"
                + " usage: " + new BringUpCommand().usage() + "\n");
        assertThat(CliRun.withInput("", "bring-up", "--simulated", "--wait", "never").err())
                .isEqualTo("bring-up: --wait takes seconds (0 < s <= 3600), got 'never'\n");
    }

    @Test
    void checkConfigOnThisPiOffAPiSaysSo(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.withInput("", "check-config", "--on-this-pi", CliRun.exampleConfig(dir).toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("check-config: " + ThisPi.NO_PI + "\n");
    }
}
