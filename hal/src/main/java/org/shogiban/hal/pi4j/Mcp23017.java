package org.shogiban.hal.pi4j;

import java.util.Objects;

/**
 * An MCP23017 16-bit port expander used as 16 inputs. Registers are addressed with IOCON.BANK = 0 (the power-on
 * default): IODIRA/B 0x00/0x01, GPINTENA/B 0x04/0x05, INTCONA/B 0x08/0x09, IOCON 0x0A, GPPUA/B 0x0C/0x0D,
 * GPIOA/B 0x12/0x13. Pin {@code p} is GPA{@code p} for 0..7 and GPB{@code p-8} for 8..15.
 *
 * <p>{@link #readInputs()} reads GPIOA and GPIOB in one two-byte transfer (the address pointer moves from 0x12 to
 * 0x13). After a failed access the chip is set up again before the next read, since a chip that lost power forgets
 * its set-up.
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

    private final I2cChip chip;
    private final boolean pullUp;
    private final boolean interruptOnChange;
    private final byte[] buffer = new byte[2];
    private boolean setUp;

    /**
     * @param pullUp enable the internal pull-ups on all 16 pins
     * @param interruptOnChange drive the INT line when any input changes
     */
    Mcp23017(I2cChip chip, boolean pullUp, boolean interruptOnChange) {
        this.chip = Objects.requireNonNull(chip);
        this.pullUp = pullUp;
        this.interruptOnChange = interruptOnChange;
    }

    I2cChip chip() {
        return chip;
    }

    /** Sets all 16 pins as inputs, with pull-ups and interrupts as configured. */
    boolean setUp() {
        int pull = pullUp ? 0xFF : 0x00;
        setUp = chip.writeRegisters(IODIRA, new byte[] {(byte) 0xFF, (byte) 0xFF})
                && chip.writeRegisters(GPPUA, new byte[] {(byte) pull, (byte) pull})
                && (!interruptOnChange || chip.writeRegister(IOCON, IOCON_MIRROR_ODR)
                        && chip.writeRegisters(INTCONA, new byte[] {0, 0})
                        && chip.writeRegisters(GPINTENA, new byte[] {(byte) 0xFF, (byte) 0xFF}));
        return setUp;
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
