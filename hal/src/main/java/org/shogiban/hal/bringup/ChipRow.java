package org.shogiban.hal.bringup;

/**
 * One line of the bring-up tool's table of buses and chips.
 *
 * @param bus the I2C bus
 * @param address the 7-bit address
 * @param chip the chip the configuration puts there, or empty for a chip that answers where none is configured
 * @param expected whether the configuration names a chip at this address
 * @param found whether a chip answers at this address
 */
public record ChipRow(int bus, int address, String chip, boolean expected, boolean found) {
}
