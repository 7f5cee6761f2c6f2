package org.shogiban.hal.config;

/**
 * Where an I2C chip answers: bus number and 7-bit address. Written {@code 0x20} (on the default bus) or
 * {@code 3:0x20} in the configuration.
 */
public record I2cAddress(int bus, int address) {
    public I2cAddress {
        if (bus < 0 || bus > 31) {
            throw new IllegalArgumentException("I2C bus must be 0..31, got " + bus);
        }
        if (address < 0x03 || address > 0x77) {
            throw new IllegalArgumentException("7-bit I2C address must be 0x03..0x77, got " + address);
        }
    }

    @Override
    public String toString() {
        return "i2c-" + bus + "/0x" + Integer.toHexString(address);
    }
}
