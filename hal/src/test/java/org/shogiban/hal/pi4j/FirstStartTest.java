package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalInputConfig;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProviderImpl;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.pwm.MockPwmProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.BoardConfigTestAccess;
import org.shogiban.hal.docs.DocsBlock;
import org.shogiban.hal.readiness.BoardParts;
import org.shogiban.hal.readiness.PiNotReady;
import org.shogiban.hal.readiness.PiProblem;
import org.shogiban.hal.readiness.PiReadiness;
import org.shogiban.hal.scan.ManualClock;

/**
 * A fresh Raspberry Pi meets the reference board's configuration: every part it does not offer is one sentence naming
 * the part and the fix. The files Linux shows are a directory laid out like a Pi's root (I2C, SPI and PWM off, a
 * device of a group the user is not in); a chip that does not answer and a GPIO line another program holds come from
 * Pi4J's mock platform. docs/pi.md ("Troubleshooting") shows the sentences as {@code serve} prints them; the arm64
 * root test (PiRootIT) sees the same sentences from the packaged firmware.
 */
class FirstStartTest {
    private final ManualClock clock = new ManualClock(0);

    private static BoardConfig reference() throws Exception {
        return BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
    }

    private static void touch(Path root, String file) throws Exception {
        Files.createDirectories(root.resolve(file).getParent());
        Files.createFile(root.resolve(file));
    }

    @Test
    void aFreshPiIsToldWhatToSwitchOn(@TempDir Path root) throws Exception {
        List<PiProblem> problems = new PiReadiness(root, "shogiban").check(reference());
        assertThat(problems).extracting(PiProblem::part)
                .containsExactly("I2C bus 1", "I2C bus 3", "SPI 0.0", "PWM on GPIO 18", "GPIO");
        assertThat(problems.get(0).sentence()).isEqualTo("I2C bus 1 is switched off (there is no /dev/i2c-1) but"
                + " the MCP23017 squares need it: switch it on with `sudo raspi-config nonint do_i2c 0`"
                + " (or add `dtparam=i2c_arm=on` to /boot/firmware/config.txt), then reboot.");
    }

    @Test
    void aPiWithEverythingOnPasses(@TempDir Path root) throws Exception {
        for (String f : List.of("dev/i2c-1", "dev/i2c-3", "dev/spidev0.0", "dev/gpiochip0",
                "sys/class/pwm/pwmchip0/npwm")) {
            touch(root, f);
        }
        assertThat(new PiReadiness(root, "shogiban").check(reference())).isEmpty();
    }

    @Test
    void aDeviceOfAGroupTheUserIsNotInIsSaid(@TempDir Path root) throws Exception {
        for (String f : List.of("dev/i2c-1", "dev/i2c-3", "dev/spidev0.0", "dev/gpiochip0",
                "sys/class/pwm/pwmchip0/npwm")) {
            touch(root, f);
        }
        String group = Files.readAttributes(root.resolve("dev/spidev0.0"),
                java.nio.file.attribute.PosixFileAttributes.class).group().getName();
        List<PiProblem> problems = new PiReadiness(root, "shogiban", d -> !d.endsWith("spidev0.0"))
                .check(reference());
        assertThat(problems).extracting(PiProblem::sentence).containsExactly("the user shogiban may not use"
                + " /dev/spidev0.0 (SPI 0.0), which belongs to the group " + group + ": add it with `sudo adduser"
                + " shogiban " + group + "`, then restart the board (`sudo systemctl restart shogiban`, or log in"
                + " again).");
    }

    @Test
    void aChipThatDoesNotAnswerIsNamedWithWhatI2cdetectShouldShow() throws Exception {
        Bench bench = new Bench();
        for (int a : new int[] {0x20, 0x21, 0x23, 0x24, 0x25}) {
            bench.fit(1, a);
        }
        for (int a = 0x20; a <= 0x25; a++) {
            bench.fit(3, a);
        }
        Context pi4j = Pi4J.newContextBuilder().add(new MockPlatform()).add(bench.new I2cProvider(),
                bench.new SpiProvider(), MockPwmProvider.newInstance(), new MockDigitalInputProviderImpl(),
                MockDigitalOutputProvider.newInstance()).build();
        PiNotReady e = catchThrowableOfType(PiNotReady.class, () -> Pi4jBoardFactory.openChecked(reference(), pi4j,
                Optional.of("Raspberry Pi 4 Model B Rev 1.5"), clock, new FaultReporter(clock)));
        assertThat(e.problems()).extracting(PiProblem::sentence).containsExactly("the MCP23017 squares #2 does not"
                + " answer at 0x22 on I2C bus 1: check its power, its SDA and SCL wires and its address pins;"
                + " `i2cdetect -y 1` should show 20 21 22 23 24 25.");
        assertThat(pi4j.isShutdown()).isTrue();
    }

    /** A GPIO provider where one line is held by another program: the kernel answers EBUSY. */
    private static final class BusyLine extends MockDigitalInputProviderImpl {
        private final int line;

        BusyLine(int line) {
            this.line = line;
        }

        @Override
        public DigitalInput create(DigitalInputConfig config) {
            if (config.address() == line) {
                throw new com.pi4j.io.exception.IOException("Failed to request line " + line
                        + ": Device or resource busy");
            }
            return super.create(config);
        }
    }

    /** What opening a board wired like the reference one says when {@code line} is held by another program. */
    private List<String> openWithBusy(BoardConfig config, int line) {
        Bench bench = new Bench();
        for (int a = 0x20; a <= 0x25; a++) {
            bench.fit(1, a);
            bench.fit(3, a);
        }
        Context pi4j = Pi4J.newContextBuilder().add(new MockPlatform()).add(bench.new I2cProvider(),
                bench.new SpiProvider(), MockPwmProvider.newInstance(), new BusyLine(line),
                MockDigitalOutputProvider.newInstance()).build();
        PiNotReady e = catchThrowableOfType(PiNotReady.class, () -> Pi4jBoardFactory.openChecked(config, pi4j,
                Optional.of("Raspberry Pi 4 Model B Rev 1.5"), clock, new FaultReporter(clock)));
        assertThat(pi4j.isShutdown()).isTrue();
        return e.problems().stream().map(PiProblem::sentence).toList();
    }

    @Test
    void aGpioLineTakenByAnotherProgramIsNamed() throws Exception {
        // the reference board's squares and komadai share GPIO 17: one claim, one sentence
        assertThat(openWithBusy(reference(), 17)).containsExactly("GPIO 17 (the MCP23017 interrupt line) is taken by another"
                + " program: `gpioinfo | grep -w GPIO17` names it; stop that program, or wire the MCP23017 interrupt"
                + " line to a free pin and change board.properties.");
    }

    @Test
    void aKomadaiInterruptLineTakenByAnotherProgramIsNamed() throws Exception {
        java.util.Properties p = new java.util.Properties();
        try (java.io.InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            p.load(in);
        }
        p.setProperty("komadai.mcp23017.interrupt-gpio", "4"); // the komadai's INT on a GPIO of its own
        assertThat(openWithBusy(BoardConfig.parse(p, "board.properties"), 4)).containsExactly("GPIO 4 (the MCP23017 komadai interrupt line) is taken by"
                + " another program: `gpioinfo | grep -w GPIO4` names it; stop that program, or wire the MCP23017"
                + " komadai interrupt line to a free pin and change board.properties.");
    }

    @Test
    void theInterruptLinesAreNamedForTheirChips() throws Exception {
        // shared by the squares and the komadai: one line, one claim
        assertThat(BoardParts.of(reference()).gpio()).containsEntry(17, "the MCP23017 interrupt line")
                .doesNotContainValue("the MCP23017 komadai interrupt line");
        // the komadai's own line
        assertThat(BoardParts.of(BoardConfigTestAccess.example("hall-polarity.properties")).gpio())
                .containsEntry(17, "the MCP23017 interrupt line").containsEntry(4, "the MCP23017 komadai interrupt line");
    }

    /** docs/pi.md shows each sentence as serve prints it (ShogibanCli: the command's name, then the sentence). */
    @Test
    void docsPiShowsTheSentencesAsServePrintsThem(@TempDir Path root) throws Exception {
        List<String> lines = new ArrayList<>();
        new PiReadiness(root, "shogiban").check(reference()).forEach(p -> lines.add("serve: " + p.sentence()));
        for (String f : List.of("dev/i2c-1", "dev/i2c-3", "dev/spidev0.0", "dev/gpiochip0",
                "sys/class/pwm/pwmchip0/npwm")) {
            touch(root, f);
        }
        new PiReadiness(root, "shogiban", d -> !d.endsWith("i2c-1")).check(reference())
                .forEach(p -> lines.add("serve: " + p.sentence().replaceAll("group \\S+: add it with `sudo adduser"
                        + " shogiban \\S+`", "group i2c: add it with `sudo adduser shogiban i2c`")));
        lines.add("serve: " + ChipProbe.problems(org.shogiban.hal.readiness.BoardParts.of(reference()),
                List.of(new ChipProbe.Found(org.shogiban.hal.readiness.BoardParts.of(reference()).chips().get(2),
                        false))).get(0).sentence());
        lines.add("serve: " + GpioClaim.problem(reference(), 17,
                new RuntimeException("Device or resource busy")).sentence());
        DocsBlock.check("pi.md", "first-start", "FirstStartTest", "```\n" + String.join("\n", lines) + "\n```");
    }
}
