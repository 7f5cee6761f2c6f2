package org.shogiban.hal.pi4j;

import java.util.List;
import org.shogiban.hal.ChangeSignal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP23017 chips that one kind of sensor reads (the squares', or the komadai's), as one bank: their set-up, when
 * a pass reads them, the check of one chip's configuration in turn, the read of every chip's 16 inputs, and the map
 * from a global pin (chip index * 16 + pin) to a chip and a bit. The square and komadai sensors share it, so the
 * chips' handling is written once.
 *
 * <p>Without an interrupt line every {@linkplain #pass() pass} reads every chip. With one (the chips' INT outputs
 * mirrored, open-drain, wired together to one GPIO, active low) a pass reads the chips only when the line is low, and
 * every {@code backstopPasses} passes anyway in case an edge was missed; between reads the last values stay. The line
 * is then the bank's {@linkplain #changeSignal() change signal}: a falling edge wakes a waiting scan loop, and the
 * passes the loop skipped count towards the backstop and the checks, so both keep their pace in time. Every
 * {@code backstopPasses} passes, with or without a line, one chip's configuration is read back, the chips in turn,
 * and set again if the chip had reset ({@link Mcp23017#verify()}): one transfer per check pass, so no pass takes much
 * longer than the others.
 */
final class Mcp23017Bank {
    private static final Logger log = LoggerFactory.getLogger(Mcp23017Bank.class);

    private final Mcp23017[] chips;
    private final int[] inputs;
    private final boolean[] chipRead;
    private final int activeXor;
    private final InterruptLine interrupt;
    private final int backstopPasses;
    private final ChangeSignal signal;
    private int nextCheck;
    private int passesSinceRead;
    private int passesSinceCheck;
    private boolean everRead;

    /**
     * Sets the chips up (a chip that cannot be set up yet is retried on every pass by its own reads).
     *
     * @param activeLow a sensor is active when its input reads 0 (reed switch or hall switch to ground)
     * @param interrupt the chips' INT line, or null to read every pass
     * @param backstopPasses read anyway (with a line) and check one chip's set-up every this many passes
     */
    Mcp23017Bank(List<Mcp23017> chips, boolean activeLow, InterruptLine interrupt, int backstopPasses) {
        this.chips = chips.toArray(Mcp23017[]::new);
        this.inputs = new int[this.chips.length];
        this.chipRead = new boolean[this.chips.length];
        this.activeXor = activeLow ? 1 : 0;
        this.interrupt = interrupt;
        this.backstopPasses = Math.max(1, backstopPasses);
        this.signal = interrupt == null ? ChangeSignal.NONE
                : new InterruptLineSignal(interrupt, this.backstopPasses, this::skipped);
        for (Mcp23017 chip : this.chips) {
            if (!chip.setUp()) {
                log.warn("{} could not be set up; retrying on every pass", chip.chip().health());
            }
        }
    }

    /** How the bank tells the scan loop of a change: its interrupt line, or {@link ChangeSignal#NONE} without one. */
    ChangeSignal changeSignal() {
        return signal;
    }

    /** Passes the scan loop skipped while the line was quiet: counted as passes that read nothing. */
    private void skipped(long passes) {
        int n = (int) Math.min(passes, backstopPasses);
        passesSinceRead = Math.min(backstopPasses, passesSinceRead + n);
        passesSinceCheck = Math.min(backstopPasses, passesSinceCheck + n);
    }

    /**
     * One scan pass: checks one chip's set-up when its turn has come, and reads every chip when the pass must
     * ({@link #wasRead} and {@link #active} then tell the new values; otherwise the last ones).
     */
    void pass() {
        if (++passesSinceCheck >= backstopPasses) {
            passesSinceCheck = 0;
            checkNextChip();
        }
        if (mustRead()) {
            passesSinceRead = 0;
            everRead = true;
            readAll();
        } else {
            passesSinceRead++;
        }
    }

    private boolean mustRead() {
        return interrupt == null || !everRead || passesSinceRead + 1 >= backstopPasses || !allSetUp()
                || interrupt.isLow();
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
    private void checkNextChip() {
        // one chip per check pass: a 14-byte read back is 156 bit times, 1.6 ms at 100 kHz
        chips[nextCheck].verify();
        nextCheck = (nextCheck + 1) % chips.length;
    }

    /** Reads every chip's 16 inputs; a chip that cannot be read keeps its last values and is marked unread. */
    private void readAll() {
        for (int c = 0; c < chips.length; c++) {
            int value = chips[c].readInputs();
            chipRead[c] = value >= 0;
            if (value >= 0) {
                inputs[c] = value;
            }
        }
    }

    /** Whether every chip is set up (a chip that reset, or was never reached, is not). */
    private boolean allSetUp() {
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
