package org.shogiban.hal.pi4j;

import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP23017 chips that one kind of sensor reads (the squares', or the komadai's), as one bank: their set-up, the
 * check of one chip's configuration in turn, the read of every chip's 16 inputs in one pass, and the map from a
 * global pin (chip index * 16 + pin) to a chip and a bit. The square and komadai sensors share it, so the chips'
 * handling is written once.
 */
final class Mcp23017Bank {
    private static final Logger log = LoggerFactory.getLogger(Mcp23017Bank.class);

    private final Mcp23017[] chips;
    private final int[] inputs;
    private final boolean[] chipRead;
    private final int activeXor;
    private int nextCheck;

    /**
     * Sets the chips up (a chip that cannot be set up yet is retried on every pass by its own reads).
     *
     * @param activeLow a sensor is active when its input reads 0 (reed switch or hall switch to ground)
     */
    Mcp23017Bank(List<Mcp23017> chips, boolean activeLow) {
        this.chips = chips.toArray(Mcp23017[]::new);
        this.inputs = new int[this.chips.length];
        this.chipRead = new boolean[this.chips.length];
        this.activeXor = activeLow ? 1 : 0;
        for (Mcp23017 chip : this.chips) {
            if (!chip.setUp()) {
                log.warn("{} could not be set up; retrying on every pass", chip.chip().health());
            }
        }
    }

    /**
     * Checks a configured global pin: on one of the chips and an input (GPA7 and GPB7 are output-only).
     *
     * @return the pin, for chaining into {@link #chipOf} and {@link #bitOf}
     * @throws IllegalArgumentException naming the pin and why it cannot be read
     */
    int inputPin(int pin) {
        if (pin < 0 || pin >= chips.length * 16) {
            throw new IllegalArgumentException("pin " + pin + " is not on the " + chips.length + " chips");
        }
        if (!Mcp23017.isInput(pin % 16)) {
            throw new IllegalArgumentException("pin " + pin + " is GPA7 or GPB7 of chip " + pin / 16
                    + ", which are output-only");
        }
        return pin;
    }

    static int chipOf(int pin) {
        return pin / 16;
    }

    static int bitOf(int pin) {
        return pin % 16;
    }

    /** Reads one chip's configuration back, the chips in turn, and sets it again if the chip had reset. */
    void checkNextChip() {
        // one chip per check pass: a 14-byte read back is 156 bit times, 1.6 ms at 100 kHz
        chips[nextCheck].verify();
        nextCheck = (nextCheck + 1) % chips.length;
    }

    /** Reads every chip's 16 inputs; a chip that cannot be read keeps its last values and is marked unread. */
    void readAll() {
        for (int c = 0; c < chips.length; c++) {
            int value = chips[c].readInputs();
            chipRead[c] = value >= 0;
            if (value >= 0) {
                inputs[c] = value;
            }
        }
    }

    /** Whether every chip is set up (a chip that reset, or was never reached, is not). */
    boolean allSetUp() {
        for (Mcp23017 chip : chips) {
            if (!chip.isSetUp()) {
                return false;
            }
        }
        return true;
    }

    /** Whether this chip answered the last {@link #readAll()}. */
    boolean wasRead(int chip) {
        return chipRead[chip];
    }

    /** Whether the sensor on this chip and bit is active as of the last read. */
    boolean active(int chip, int bit) {
        return ((inputs[chip] >>> bit & 1) ^ activeXor) == 1;
    }

    /** Releases the chips' bus handles. */
    void close() {
        for (Mcp23017 chip : chips) {
            chip.chip().close();
        }
    }
}
