package org.shogiban.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * systemd/pwm-access.sh, the root step before the service starts, run with /bin/sh on a made-up sysfs and device tree:
 * it exports the buzzer's channel (derived from the pin and the Pi model as the service derives it) and hands the
 * channel's files to the service user.
 */
class PwmAccessScriptTest {
    private static final Path SCRIPT = Path.of(System.getProperty("basedir", "."), "..", "systemd", "pwm-access.sh")
            .normalize();

    @TempDir
    Path dir;

    private String run(String model, String... properties) throws Exception {
        Files.write(dir.resolve("model"), (model + "\0").getBytes(StandardCharsets.UTF_8));
        Path config = dir.resolve("board.properties");
        Files.write(config, List.of(properties));
        String owner = new String(new ProcessBuilder("id", "-un").start().getInputStream().readAllBytes()).strip()
                + ":" + new String(new ProcessBuilder("id", "-gn").start().getInputStream().readAllBytes()).strip();
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", SCRIPT.toString(), config.toString())
                .redirectErrorStream(true);
        pb.environment().put("SHOGIBAN_SYSFS", dir.resolve("sys").toString());
        pb.environment().put("SHOGIBAN_MODEL_FILE", dir.resolve("model").toString());
        pb.environment().put("SHOGIBAN_OWNER", owner);
        pb.environment().put("SHOGIBAN_WAIT_TENTHS", "0");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("never fails the start: " + out).isZero();
        return out;
    }

    /** A PWM chip as the kernel shows it; on a Pi 5 its link names the RP1's PWM block. */
    private Path chip(String name, String device) throws Exception {
        Path real = Files.createDirectories(dir.resolve("devices").resolve(device).resolve(name));
        Files.writeString(real.resolve("export"), "");
        Files.writeString(real.resolve("unexport"), "");
        Path link = Files.createDirectories(dir.resolve("sys/class/pwm")).resolve(name);
        Files.createSymbolicLink(link, real);
        return real;
    }

    @Test
    void onAPi5Gpio18IsChannel2OfTheRp1Chip() throws Exception {
        chip("pwmchip0", "platform/axi/1000120000.pcie/1f00098000.pwm/pwm");
        Path other = chip("pwmchip6", "platform/soc/107d517a80.pwm/pwm");
        String out = run("Raspberry Pi 5 Model B Rev 1.0", "buzzer.driver=pwm", "buzzer.gpio=18");
        Path rp1 = dir.resolve("devices/platform/axi/1000120000.pcie/1f00098000.pwm/pwm/pwmchip0");
        assertThat(Files.readString(rp1.resolve("export"))).isEqualTo("2\n");
        assertThat(Files.readString(other.resolve("export"))).isEmpty();
        assertThat(out).contains("channel 2 of");
    }

    @Test
    void onAPi4Gpio18IsChannel0AndAnExportedChannelIsHandedOver() throws Exception {
        Path chip = chip("pwmchip0", "platform/soc/fe20c000.pwm/pwm");
        Path channel = Files.createDirectories(chip.resolve("pwm0"));
        for (String f : List.of("enable", "period", "duty_cycle", "polarity")) {
            Files.writeString(channel.resolve(f), "0");
        }
        String out = run("Raspberry Pi 4 Model B Rev 1.5", "buzzer.driver = pwm", "buzzer.gpio=18");
        assertThat(Files.readString(chip.resolve("export"))).as("already exported: not again").isEmpty();
        assertThat(out).contains("channel 0 of", "belongs to");
        assertThat(Files.getPosixFilePermissions(channel.resolve("enable")).toString()).contains("GROUP_WRITE");
    }

    @Test
    void aChannelSetInTheFileWinsAndNoBuzzerDoesNothing() throws Exception {
        Path chip = chip("pwmchip0", "platform/soc/fe20c000.pwm/pwm");
        run("Raspberry Pi Zero 2 W Rev 1.0", "buzzer.driver=pwm", "buzzer.gpio=19", "buzzer.pwm-channel=0");
        assertThat(Files.readString(chip.resolve("export"))).isEqualTo("0\n");
        Files.writeString(chip.resolve("export"), "");
        assertThat(run("Raspberry Pi Zero 2 W Rev 1.0", "buzzer.driver=none")).isEmpty();
        assertThat(Files.readString(chip.resolve("export"))).isEmpty();
    }

    @Test
    void noPwmChipIsSaidNotFailed() throws Exception {
        assertThat(run("Raspberry Pi 4 Model B Rev 1.5", "buzzer.driver=pwm")).contains("dtoverlay=pwm");
    }
}
