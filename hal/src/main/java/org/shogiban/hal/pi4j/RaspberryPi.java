package org.shogiban.hal.pi4j;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Tells whether this computer is a Raspberry Pi, from the model name its device tree gives, before Pi4J is asked to
 * open anything: elsewhere Pi4J logs a page of errors and fails on the first bus it cannot find. Uses no Pi4J class.
 */
public final class RaspberryPi {
    /** Where Linux shows the device tree's model name (the second is the same file on kernels without /proc/device-tree). */
    private static final List<Path> MODEL_FILES = List.of(Path.of("/proc/device-tree/model"),
            Path.of("/sys/firmware/devicetree/base/model"));

    private RaspberryPi() {
    }

    /** The model of this Raspberry Pi, e.g. {@code Raspberry Pi Zero 2 W Rev 1.0}; empty on any other computer. */
    public static Optional<String> model() {
        for (Path file : MODEL_FILES) {
            Optional<String> model = model(file);
            if (model.isPresent()) {
                return model;
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a Pi of this model has its GPIO, PWM, I2C and SPI on the RP1 chip (Pi 5, Pi 500, Compute Module 5),
     * whose PWM has four channels numbered differently from the two of earlier models.
     */
    public static boolean usesRp1(String model) {
        return model.startsWith("Raspberry Pi 5") || model.startsWith("Raspberry Pi 500")
                || model.startsWith("Raspberry Pi Compute Module 5");
    }

    /** The Raspberry Pi model named in a device-tree model file; empty if it is absent or names another board. */
    static Optional<String> model(Path file) {
        try {
            // the device tree ends the string with a NUL
            String model = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).replace("\0", "").strip();
            return model.startsWith("Raspberry Pi") ? Optional.of(model) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
