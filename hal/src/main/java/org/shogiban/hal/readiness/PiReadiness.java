package org.shogiban.hal.readiness;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.hal.config.BoardConfig;

/**
 * The checks a fresh Raspberry Pi fails before any chip is spoken to, from the files Linux shows: each I2C bus the
 * chips are on ({@code /dev/i2c-N}), SPI for the WS2812 chain ({@code /dev/spidevB.C}), the PWM overlay for the
 * buzzer ({@code /sys/class/pwm/pwmchip*}), the GPIO device ({@code /dev/gpiochip*}), and whether this user may open
 * each of them (the groups {@code i2c}, {@code spi}, {@code gpio}). Uses no Pi4J class, so the checks run before Pi4J
 * is loaded and say one sentence where Pi4J would print stack traces.
 */
public final class PiReadiness {
    /** Where raspi-config and the overlays are set on Raspberry Pi OS since bookworm. */
    public static final String CONFIG_TXT = "/boot/firmware/config.txt";

    private final Path root;
    private final String user;
    private final java.util.function.Predicate<Path> usable;

    /**
     * @param root the file system's root ({@code /} on the Pi; a directory laid out like one in tests)
     * @param user the user the board runs as, named in the group sentences
     */
    public PiReadiness(Path root, String user) {
        this(root, user, device -> Files.isReadable(device) && Files.isWritable(device));
    }

    /**
     * @param usable whether this user may read and write a device file (tests running as root, whom the kernel lets
     *               open anything, stand in for a user outside a group with it)
     */
    public PiReadiness(Path root, String user, java.util.function.Predicate<Path> usable) {
        this.root = Objects.requireNonNull(root);
        this.user = Objects.requireNonNull(user);
        this.usable = Objects.requireNonNull(usable);
    }

    /** The checks of this Pi, as the running user. */
    public static PiReadiness ofThisPi() {
        return new PiReadiness(Path.of("/"), System.getProperty("user.name", "shogiban"));
    }

    /** Every part the configuration needs that the files show missing or closed to this user, in builder's order. */
    public List<PiProblem> check(BoardConfig config) {
        BoardParts parts = BoardParts.of(config);
        List<PiProblem> problems = new ArrayList<>();
        for (int bus : parts.buses()) {
            i2cBus(bus, parts).ifPresent(problems::add);
        }
        parts.spi().flatMap(this::spi).ifPresent(problems::add);
        if (parts.pwmGpio().isPresent()) {
            pwm(parts.pwmGpio().getAsInt()).ifPresent(problems::add);
        }
        if (!parts.gpio().isEmpty()) {
            gpio().ifPresent(problems::add);
        }
        return problems;
    }

    private java.util.Optional<PiProblem> i2cBus(int bus, BoardParts parts) {
        Path device = root.resolve("dev/i2c-" + bus);
        // "MCP23017 squares #0" .. "#5" are said once: "the MCP23017 squares"
        String users = "the " + parts.chipsOn(bus).stream().map(c -> c.name().replaceAll(" #\\d+$", "")).distinct()
                .reduce((a, b) -> a + " and the " + b).orElse("");
        String part = "I2C bus " + bus;
        if (!Files.exists(device)) {
            return java.util.Optional.of(new PiProblem(part, part + " is switched off (there is no /dev/i2c-" + bus
                    + ") but " + users + " need it: " + i2cFix(bus) + ", then reboot."));
        }
        return access(part, device);
    }

    /** How a bus is switched on: bus 1 by raspi-config, bus 0 by its dtparam, any other by the i2c-gpio overlay. */
    private static String i2cFix(int bus) {
        return switch (bus) {
            case 1 -> "switch it on with `sudo raspi-config nonint do_i2c 0` (or add `dtparam=i2c_arm=on` to "
                    + CONFIG_TXT + ")";
            case 0 -> "add `dtparam=i2c_vc=on` to " + CONFIG_TXT;
            default -> "add its overlay to " + CONFIG_TXT + " (for example `dtoverlay=i2c-gpio,bus=" + bus
                    + ",i2c_gpio_sda=22,i2c_gpio_scl=27`, with your SDA and SCL pins)";
        };
    }

    private java.util.Optional<PiProblem> spi(BoardParts.SpiDevice spi) {
        String name = "spidev" + spi.bus() + "." + spi.channel();
        Path device = root.resolve("dev/" + name);
        String part = "SPI " + spi.bus() + "." + spi.channel();
        if (!Files.exists(device)) {
            String fix = spi.bus() == 0 ? "switch it on with `sudo raspi-config nonint do_spi 0` (or add "
                    + "`dtparam=spi=on` to " + CONFIG_TXT + ")"
                    : "add `dtoverlay=spi" + spi.bus() + "-1cs` to " + CONFIG_TXT;
            return java.util.Optional.of(new PiProblem(part, "SPI is switched off (there is no /dev/" + name
                    + ") but the WS2812 LEDs need it: " + fix + ", then reboot."));
        }
        return access(part, device);
    }

    private java.util.Optional<PiProblem> pwm(int gpio) {
        if (!anyEntry(root.resolve("sys/class/pwm"), "pwmchip*")) {
            int func = gpio == 12 || gpio == 13 ? 4 : 2;
            return java.util.Optional.of(new PiProblem("PWM on GPIO " + gpio, "the buzzer on GPIO " + gpio
                    + " has no hardware PWM (there is no /sys/class/pwm/pwmchip*): add `dtoverlay=pwm,pin=" + gpio
                    + ",func=" + func + "` to " + CONFIG_TXT + ", then reboot."));
        }
        return java.util.Optional.empty();
    }

    private java.util.Optional<PiProblem> gpio() {
        Path chip = firstEntry(root.resolve("dev"), "gpiochip*");
        if (chip == null) {
            return java.util.Optional.of(new PiProblem("GPIO", "the GPIO lines cannot be reached (there is no"
                    + " /dev/gpiochip*): update the system with `sudo apt full-upgrade`, then reboot."));
        }
        return access("GPIO", chip);
    }

    /** Whether this user may read and write a device; if not, the group that may, and how to join it. */
    private java.util.Optional<PiProblem> access(String part, Path device) {
        if (usable.test(device)) {
            return java.util.Optional.empty();
        }
        String group = groupOf(device);
        String shown = "/" + root.relativize(device);
        return java.util.Optional.of(new PiProblem(part, "the user " + user + " may not use " + shown + " (" + part
                + "), which belongs to the group " + group + ": add it with `sudo adduser " + user + " " + group
                + "`, then restart the board (`sudo systemctl restart shogiban`, or log in again)."));
    }

    private static String groupOf(Path device) {
        try {
            return Files.readAttributes(device, PosixFileAttributes.class).group().getName();
        } catch (IOException | UnsupportedOperationException e) {
            return "of that device";
        }
    }

    private static boolean anyEntry(Path dir, String glob) {
        return firstEntry(dir, glob) != null;
    }

    private static Path firstEntry(Path dir, String glob) {
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, glob)) {
            for (Path p : entries) {
                return p;
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
