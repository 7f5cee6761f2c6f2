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
    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ShogibanCli.standard().run(args, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Path example(Path dir) throws Exception {
        Path file = dir.resolve("board.properties");
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void aValidFileIsOk(@TempDir Path dir) throws Exception {
        Run r = run("check-config", example(dir).toString());
        assertThat(r.exit()).isZero();
        assertThat(r.out()).isEqualTo("ok\n");
    }

    @Test
    void eachProblemIsOneLineNamingKeyValueAndWhatIsAllowed(@TempDir Path dir) throws Exception {
        Path file = example(dir);
        String text = Files.readString(file).replace("scan.rate-hz=100", "scan.rate-hz=2000")
                .replace("buzzer.gpio=18", "buzzer.gpio=4");
        Files.writeString(file, text + "leds.colour=red\n");
        Run r = run("check-config", file.toString());
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
        Path file = example(dir);
        Files.writeString(file, Files.readString(file).replace("scan.rate-hz=100", "scan.rate-hz=0")
                .replace("scan.stable-ms=40", "scan.stable-ms=-1"));
        Run r = run("serve", "--simulated", "--config", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().toList()).containsExactlyInAnyOrder(
                "serve: " + file + ": key 'scan.rate-hz' has value '0'; allowed: an integer 1..1000",
                "serve: " + file + ": key 'scan.stable-ms' has value '-1'; allowed: an integer 0..1000");
    }

    @Test
    void wantsExactlyOneFile() {
        assertThat(run("check-config").exit()).isEqualTo(2);
        assertThat(run("check-config", "--bogus").err()).startsWith("check-config: unknown option --bogus");
    }
}
