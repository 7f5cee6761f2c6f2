package org.shogiban.hal.pi4j;

import java.util.Objects;

/**
 * An HT16K33 LED driver: 16 bytes of display RAM from address 0x00, commands as single bytes: 0x21 starts the
 * oscillator, 0x81 turns the display on without blinking (0x80 off), 0xE0 | level sets dimming 0..15.
 *
 * <p>A chip that resets (a dip on its supply) stops its oscillator and goes dark while it still acknowledges every
 * write, and its set-up cannot be read back: so the set-up commands are sent again every
 * {@link #SETUP_EVERY_WRITES} RAM writes (two one-byte transfers), as well as after any failed access.
 */
final class Ht16k33 {
    static final int OSCILLATOR_ON = 0x21;
    static final int DISPLAY_ON = 0x81;
    static final int DISPLAY_OFF = 0x80;
    static final int DIMMING = 0xE0;
    /** How often the set-up commands are sent again: at a clock's one write a second, about once a minute. */
    static final int SETUP_EVERY_WRITES = 64;

    private final I2cChip chip;
    private final int dimming;
    private boolean setUp;
    private int writesSinceSetUp;

    Ht16k33(I2cChip chip, int dimming) {
        this.chip = Objects.requireNonNull(chip);
        if (dimming < 0 || dimming > 15) {
            throw new IllegalArgumentException("HT16K33 dimming is 0..15, got " + dimming);
        }
        this.dimming = dimming;
    }

    I2cChip chip() {
        return chip;
    }

    /** Writes display RAM from address 0, setting the chip up first if needed, and turns the display on. */
    boolean writeRam(byte[] ram) {
        if (!setUp || ++writesSinceSetUp >= SETUP_EVERY_WRITES) {
            writesSinceSetUp = 0;
            setUp = chip.writeCommand(OSCILLATOR_ON) && chip.writeCommand(DIMMING | dimming);
            if (!setUp) {
                return false;
            }
        }
        boolean ok = chip.writeRegisters(0x00, ram) && chip.writeCommand(DISPLAY_ON);
        if (ok) {
            chip.health().succeeded();
        } else {
            setUp = false;
        }
        return ok;
    }

    /** Turns the display off. */
    boolean off() {
        boolean ok = chip.writeCommand(DISPLAY_OFF);
        if (ok) {
            chip.health().succeeded();
        }
        return ok;
    }
}
