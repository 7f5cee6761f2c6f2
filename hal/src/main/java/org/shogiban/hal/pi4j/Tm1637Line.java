package org.shogiban.hal.pi4j;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import java.util.Objects;

/**
 * The TM1637's DIO line on a GPIO that is an output while the Pi sends and an input (released, pulled up) while the
 * chip answers. Pi4J 3's gpiod outputs cannot be open-drain, and one GPIO is either a Pi4J output or an input, so
 * releasing the line closes the output and opens an input on the same pin under the same id, and driving it again
 * does the reverse. That costs two line requests per byte sent (the acknowledge), which the TM1637 does not mind: it
 * has no minimum clock rate.
 */
final class Tm1637Line {
    private final Context pi4j;
    private final String id;
    private final int pin;
    private DigitalOutput output;
    private DigitalInput input;

    /** Opens the line as an output driven high (the bus idles high). */
    Tm1637Line(Context pi4j, String id, int pin) {
        this.pi4j = Objects.requireNonNull(pi4j);
        this.id = Objects.requireNonNull(id);
        this.pin = pin;
        drive(true);
    }

    /** The BCM pin. */
    int pin() {
        return pin;
    }

    /** Drives the line high or low (opening it as an output if it was released). */
    void drive(boolean high) {
        if (output == null) {
            closeInput();
            // no shutdown state: Pi4J would drive it when the output is closed to release the line
            output = pi4j.create(DigitalOutput.newConfigBuilder(pi4j).id(id).address(pin)
                    .initial(high ? DigitalState.HIGH : DigitalState.LOW));
            return;
        }
        if (high) {
            output.high();
        } else {
            output.low();
        }
    }

    /** Stops driving: the line is an input with the pull-up on, so the chip (or nobody) decides its level. */
    void release() {
        if (input != null) {
            return;
        }
        if (output != null) {
            pi4j.shutdown(id);
            output = null;
        }
        input = pi4j.create(DigitalInput.newConfigBuilder(pi4j).id(id).address(pin).pull(PullResistance.PULL_UP)
                .debounce(0L));
    }

    /** Whether the released line reads low (the chip's acknowledge). */
    boolean isLow() {
        if (input == null) {
            throw new IllegalStateException("DIO is driven, not released");
        }
        return input.isLow();
    }

    private void closeInput() {
        if (input != null) {
            pi4j.shutdown(id);
            input = null;
        }
    }
}
