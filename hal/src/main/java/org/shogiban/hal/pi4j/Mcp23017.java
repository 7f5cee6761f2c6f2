package org.shogiban.hal.pi4j;

import java.util.Objects;

/**
 * An MCP23017 16-bit port expander used as 14 inputs. Registers are addressed with IOCON.BANK = 0 (the power-on
 * default): IODIRA/B 0x00/0x01, GPINTENA/B 0x04/0x05, INTCONA/B 0x08/0x09, IOCON 0x0A, GPPUA/B 0x0C/0x0D,
 * GPIOA/B 0x12/0x13. Pin {@code p} is GPA{@code p} for 0..7 and GPB{@code p-8} for 8..15.
 *
 * <p>GPA7 and GPB7 are output-only (Microchip DS20001952D, rev D: an input on them that changes during a read can
 * corrupt SDA; Adafruit_CircuitPython_MCP230xx#57): they are set as outputs (latched low, the power-on OLAT) and
 * never read as inputs, with neither pull-up nor interrupt.
 *
 * <p>{@link #readInputs()} reads GPIOA and GPIOB in one two-byte transfer (the address pointer moves from 0x12 to
 * 0x13). After a failed access the chip is set up again before the next read, since a chip that lost power forgets
 * its set-up. A chip can also reset without any I2C error (a brown-out on its supply, a glitch on RESET) and keep
 * answering with its power-on registers: inputs without pull-ups, no interrupts. {@link #verify()} reads the
 * configuration registers 0x00..0x0D back in one transfer and sets the chip up again when they differ, reporting it
 * as a fault.
 */
final class Mcp23017 {
    static final int IODIRA = 0x00;
    static final int GPINTENA = 0x04;
    static final int INTCONA = 0x08;
    static final int IOCON = 0x0A;
    static final int GPPUA = 0x0C;
    static final int GPIOA = 0x12;
    /** IOCON: INTA and INTB mirrored, INT pins open-drain (several chips share one line). */
    static final int IOCON_MIRROR_ODR = 0x44;
    /** The input pins of each port: 0..6; pin 7 is output-only. */
    static final int INPUTS = 0x7F;
    /** Configuration registers read back by {@link #verify()}: IODIRA (0x00) to GPPUB (0x0D). */
    static final int CONFIG_LENGTH = 0x0E;

    private final I2cChip chip;
    private final boolean pullUp;
    private final boolean interruptOnChange;
    private final byte[] buffer = new byte[2];
    private final byte[] config = new byte[CONFIG_LENGTH];
    private boolean setUp;

    /**
     * @param pullUp enable the internal pull-ups on the 14 inputs
     * @param interruptOnChange drive the INT line when any input changes
     */
    Mcp23017(I2cChip chip, boolean pullUp, boolean interruptOnChange) {
        this.chip = Objects.requireNonNull(chip);
        this.pullUp = pullUp;
        this.interruptOnChange = interruptOnChange;
    }

    /** Whether pin 0..15 of a chip is an input: GPA7 and GPB7 are not. */
    static boolean isInput(int pin) {
        return pin >= 0 && pin < 16 && pin % 8 != 7;
    }

    I2cChip chip() {
        return chip;
    }

    /** Sets pins 0..6 of both ports as inputs and pin 7 as outputs, with pull-ups and interrupts as configured. */
    boolean setUp() {
        int pull = pullUp ? INPUTS : 0x00;
        setUp = chip.writeRegisters(IODIRA, new byte[] {INPUTS, INPUTS})
                && chip.writeRegisters(GPPUA, new byte[] {(byte) pull, (byte) pull})
                && (!interruptOnChange || chip.writeRegister(IOCON, IOCON_MIRROR_ODR)
                        && chip.writeRegisters(INTCONA, new byte[] {0, 0})
                        && chip.writeRegisters(GPINTENA, new byte[] {INPUTS, INPUTS}));
        return setUp;
    }

    /**
     * The configuration registers 0x00..0x0D as {@link #setUp()} leaves them; the others keep their power-on value
     * 0 (IPOL, DEFVAL) and IOCON appears at 0x0A and 0x0B alike.
     */
    byte[] expectedConfig() {
        byte[] expected = new byte[CONFIG_LENGTH];
        expected[0x00] = INPUTS;
        expected[0x01] = INPUTS;
        if (interruptOnChange) {
            expected[0x04] = INPUTS;
            expected[0x05] = INPUTS;
            expected[0x0A] = IOCON_MIRROR_ODR;
            expected[0x0B] = IOCON_MIRROR_ODR;
        }
        int pull = pullUp ? INPUTS : 0;
        expected[0x0C] = (byte) pull;
        expected[0x0D] = (byte) pull;
        return expected;
    }

    /**
     * Reads the configuration back (one 14-byte transfer) and sets the chip up again when it differs: a chip that
     * reset keeps answering but has lost its pull-ups and interrupts. A difference is reported as a fault (FAILED,
     * then RECOVERED once the set-up is written back). Returns whether the configuration was as set up.
     */
    boolean verify() {
        if (!setUp) {
            return false;
        }
        if (!chip.readRegisters(IODIRA, config, CONFIG_LENGTH)) {
            setUp = false;
            return false;
        }
        byte[] expected = expectedConfig();
        if (java.util.Arrays.equals(config, expected)) {
            return true;
        }
        chip.health().failed(String.format("configuration registers changed (IODIR %02X %02X, GPPU %02X %02X,"
                + " IOCON %02X; set up: IODIR %02X %02X, GPPU %02X %02X, IOCON %02X): the chip had reset; set up"
                + " again", config[0], config[1], config[0x0C], config[0x0D], config[0x0A], expected[0],
                expected[1], expected[0x0C], expected[0x0D], expected[0x0A]), null);
        if (setUp()) {
            chip.health().succeeded();
        }
        return false;
    }
    /** The 16 input levels, GPA0 in bit 0 to GPB7 in bit 15, or -1 when the chip cannot be read. */
    int readInputs() {
        if (!setUp && !setUp()) {
            return -1;
        }
        if (!chip.readRegisters(GPIOA, buffer, 2)) {
            setUp = false;
            return -1;
        }
        chip.health().succeeded();
        return (buffer[0] & 0xFF) | (buffer[1] & 0xFF) << 8;
    }

    boolean isSetUp() {
        return setUp;
    }
}
