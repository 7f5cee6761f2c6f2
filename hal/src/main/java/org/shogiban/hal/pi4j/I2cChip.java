package org.shogiban.hal.pi4j;

import com.pi4j.io.i2c.I2C;
import java.util.Objects;
import org.shogiban.hal.FaultReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One chip on an I2C bus, accessed with retries. An access that throws or transfers fewer bytes than asked is tried
 * again up to {@code retries} more times at once (I2C glitches are usually single transfers); if every attempt fails
 * the access returns {@code false} and the chip's {@link FaultReporter.Device} is told, which logs it with chip and
 * address and tells the firmware once. Recovery is for the owner to declare ({@code health().succeeded()}) once
 * the access that matters works again: a chip that takes its set-up writes but still cannot be read has not
 * recovered. Nothing here throws on a bus error.
 */
final class I2cChip {
    private static final Logger log = LoggerFactory.getLogger(I2cChip.class);

    private final I2C i2c;
    private final FaultReporter.Device health;
    private final int retries;

    I2cChip(I2C i2c, FaultReporter.Device health, int retries) {
        this.i2c = Objects.requireNonNull(i2c);
        this.health = Objects.requireNonNull(health);
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative: " + retries);
        }
        this.retries = retries;
    }

    /** The chip's health, for its owner to check. */
    FaultReporter.Device health() {
        return health;
    }

    /** Reads {@code length} bytes starting at {@code register} (auto-increment) into {@code into}. */
    boolean readRegisters(int register, byte[] into, int length) {
        RuntimeException last = null;
        int got = 0;
        for (int attempt = 0; attempt <= retries; attempt++) {
            try {
                got = i2c.readRegister(register, into, 0, length);
                if (got == length) {
                    succeeded(attempt, "read", register);
                    return true;
                }
            } catch (RuntimeException e) {
                last = e;
            }
        }
        String message = last != null
                ? "reading register 0x" + Integer.toHexString(register) + " failed " + (retries + 1) + " times: " + last
                : "reading register 0x" + Integer.toHexString(register) + " returned " + got + " of " + length
                        + " bytes, " + (retries + 1) + " times";
        health.failed(message, last);
        return false;
    }

    /** Writes one register. */
    boolean writeRegister(int register, int value) {
        return writeRegisters(register, new byte[] {(byte) value});
    }

    /** Writes bytes starting at {@code register} (auto-increment). */
    boolean writeRegisters(int register, byte[] data) {
        RuntimeException last = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            try {
                i2c.writeRegister(register, data, 0, data.length);
                succeeded(attempt, "write", register);
                return true;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        health.failed("writing register 0x" + Integer.toHexString(register) + " failed " + (retries + 1)
                + " times: " + last, last);
        return false;
    }

    /** Writes one command byte with no register (HT16K33 style). */
    boolean writeCommand(int command) {
        RuntimeException last = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            try {
                i2c.write((byte) command);
                succeeded(attempt, "command", command);
                return true;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        health.failed("command 0x" + Integer.toHexString(command) + " failed " + (retries + 1) + " times: " + last,
                last);
        return false;
    }

    private void succeeded(int attempt, String what, int register) {
        if (attempt > 0) {
            log.info("{} {} 0x{} succeeded on retry {}", health, what, Integer.toHexString(register), attempt);
        }
    }

    /** Releases the bus handle. */
    void close() {
        i2c.close();
    }
}
