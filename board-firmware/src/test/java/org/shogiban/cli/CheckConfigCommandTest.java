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

class CheckConfigCommandTest {

    @Test
    void aValidFileIsOk(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.of("check-config", CliRun.exampleConfig(dir).toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo("ok\n");
    }

    @Test
    void eachProblemIsOneLineNamingKeyValueAndWhatIsAllowed(@TempDir Path dir) throws Exception {
        Path file = CliRun.exampleConfig(dir);
        String text = Files.readString(file).replace("scan.rate-hz=100", "scan.rate-hz=2000")
                .replace("buzzer.gpio=18", "buzzer.gpio=4");
        Files.writeString(file, text + "leds.colour=red\n");
        CliRun r = CliRun.of("check-config", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out().lines().toList()).containsExactlyInAnyOrder(
                file + ": key 'leds.colour' has value 'red'; allowed: no such key; one of the known keys"
                        + " leds.driver, leds.brightness-cap, leds.ws2812.spi-bus, leds.ws2812.spi-channel,"
                        + " leds.ws2812.spi-baud, leds.ws2812.serpentine, leds.ht16k33.address",
                file + ": key 'scan.rate-hz' has value '2000'; allowed: an integer 1..1000",
                file + ": key 'buzzer.gpio' has value '4'; allowed: a hardware PWM pin: 12, 13, 18 or 19");
    }

    @Test
    void serveReportsEveryProblemToo(@TempDir Path dir) throws Exception {
        Path file = CliRun.exampleConfig(dir);
        Files.writeString(file, Files.readString(file).replace("scan.rate-hz=100", "scan.rate-hz=0")
                .replace("scan.stable-ms=40", "scan.stable-ms=-1"));
        CliRun r = CliRun.of("serve", "--simulated", "--config", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().toList()).containsExactlyInAnyOrder(
                "serve: " + file + ": key 'scan.rate-hz' has value '0'; allowed: an integer 1..1000",
                "serve: " + file + ": key 'scan.stable-ms' has value '-1'; allowed: an integer 0..1000");
    }

    @Test
    void wantsExactlyOneFile() {
        assertThat(CliRun.of("check-config").exit()).isEqualTo(2);
        assertThat(CliRun.of("check-config", "--bogus").err()).startsWith("check-config: unknown option --bogus");
    }

    /** The Debian package's default board.properties. */
    private static Path shipped() {
        return Path.of(System.getProperty("basedir", "."), "..", "packaging", "src", "deb", "etc", "board.properties")
                .normalize();
    }

    @Test
    void theShippedBoardPropertiesIsOk() {
        CliRun r = CliRun.of("check-config", shipped().toString());
        assertThat(r.out()).isEqualTo("ok\n");
        assertThat(r.exit()).isZero();
    }

    @Test
    void datasheetLimitsAreOneLineEach(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("board.properties");
        String text = Files.readString(shipped())
                .replace("leds.ws2812.spi-baud=2400000", "leds.ws2812.spi-baud=3000000");
        Files.writeString(file, text + "komadai.gote.rook-pins=7\n");
        CliRun r = CliRun.of("check-config", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out().lines().toList()).hasSize(2).anySatisfy(l -> assertThat(l).contains(
                "key 'leds.ws2812.spi-baud' has value '3000000'; allowed: an integer 2200000..2800000"))
                .anySatisfy(l -> assertThat(l).contains("key 'komadai.gote.rook-pins' has value '7'",
                        "pin 7 is chip 0 GPA7", "output-only"));
        // five komadai chips were enough at 16 inputs each
        Files.writeString(file, Files.readString(shipped()).replace(
                "komadai.mcp23017.chips=3:0x20,3:0x21,3:0x22,3:0x23,3:0x24,3:0x25",
                "komadai.mcp23017.chips=3:0x20,3:0x21,3:0x22,3:0x23,3:0x24"));
        CliRun chips = CliRun.of("check-config", file.toString());
        assertThat(chips.exit()).isEqualTo(2);
        assertThat(chips.out()).hasLineCount(1).contains("key 'komadai.mcp23017.chips'", "at least 6 chips",
                "14 inputs per chip");
    }

    @Test
    void aKeyGivenTwiceIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("board.properties");
        Files.writeString(file, Files.readString(shipped()) + "scan.rate-hz=10\n");
        CliRun r = CliRun.of("check-config", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).startsWith(file + ": key 'scan.rate-hz' has value '100' and '10'; allowed: each key once")
                .hasLineCount(1);
    }
}
