package org.shogiban.hal.pi4j;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.i2c.I2CProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProviderImpl;
import java.util.Arrays;

/**
 * Pi4J's mock I2C device with what a chip keeps: registers below {@link #QUEUED_FROM} are a register file (a write
 * stays until written again or until {@link #powerOnReset()}, reads do not consume it, the address moves on through
 * a multi-byte access as the MCP23017's and HT16K33's do); registers from {@link #QUEUED_FROM} up (the MCP23017's
 * GPIO ports, what the sensors change) keep the mock's queue of answers, one per read; a one-byte write to 0x0A or
 * 0x0B sets both, as the MCP23017's IOCON does. Counts every transfer of the code under test (not the answers a
 * test queues).
 */
final class RegisterI2C extends MockI2C {
    /** The MCP23017's GPIOA: from here up, answers are queued. */
    static final int QUEUED_FROM = Mcp23017.GPIOA;

    private final byte[] file = new byte[QUEUED_FROM];
    private int transfers;
    private long bitTimes;
    private final java.util.Map<String, Integer> kinds = new java.util.TreeMap<>();

    RegisterI2C(I2CProvider provider, I2CConfig config) {
        super(provider, config);
        powerOnReset();
    }

    /** The MCP23017's power-on registers: IODIRA/B 0xFF (all inputs), everything else 0 (no pull-ups, no IOCON). */
    void powerOnReset() {
        Arrays.fill(file, (byte) 0);
        file[0x00] = (byte) 0xFF;
        file[0x01] = (byte) 0xFF;
    }

    /** One register of the file. */
    int fileRegister(int register) {
        return file[register] & 0xFF;
    }

    /** Register reads and writes and raw writes since the device was made. */
    int transfers() {
        return transfers;
    }

    /**
     * The clock periods the transfers so far take on the wire (7-bit addressing, each byte 8 bits and an acknowledge):
     * a register read of n bytes is start, address, register, repeated start, address, n bytes, stop = 30 + 9n; a
     * register write of n bytes is start, address, register, n bytes, stop = 20 + 9n; a one-byte command 20.
     */
    long bitTimes() {
        return bitTimes;
    }

    /** How many transfers of each kind ("read 0x12 x2", "write 0x00 x2", "command"). */
    java.util.Map<String, Integer> kinds() {
        return kinds;
    }

    private void count(String kind, long bits) {
        transfers++;
        bitTimes += bits;
        kinds.merge(kind, 1, Integer::sum);
    }

    @Override
    public int writeRegister(int register, byte[] data, int offset, int length) {
        if (register >= QUEUED_FROM) {
            // a test queueing what the sensors will read: no traffic of the firmware's
            return super.writeRegister(register, data, offset, length);
        }
        count(String.format("write 0x%02x x%d", register, length), 20 + 9L * length);
        System.arraycopy(data, offset, file, register, Math.min(length, file.length - register));
        if (length == 1 && (register == Mcp23017.IOCON || register == Mcp23017.IOCON + 1)) {
            // the MCP23017's IOCON is one register seen at 0x0A and 0x0B
            file[Mcp23017.IOCON] = data[offset];
            file[Mcp23017.IOCON + 1] = data[offset];
        }
        return length;
    }

    @Override
    public int writeRegister(int register, byte b) {
        return writeRegister(register, new byte[] {b}, 0, 1);
    }

    @Override
    public int readRegister(int register, byte[] buffer, int offset, int length) {
        count(String.format("read 0x%02x x%d", register, length), 30 + 9L * length);
        if (register >= QUEUED_FROM) {
            return super.readRegister(register, buffer, offset, length);
        }
        if (register + length > file.length) {
            return -1;
        }
        System.arraycopy(file, register, buffer, offset, length);
        return length;
    }

    @Override
    public int write(byte b) {
        count("command", 20);
        return super.write(b);
    }

    /** The provider that makes {@link RegisterI2C} devices. */
    static final class Provider extends MockI2CProviderImpl {
        @Override
        public I2C create(I2CConfig config) {
            RegisterI2C i2c = new RegisterI2C(this, config);
            context.registry().add(i2c);
            return i2c;
        }
    }
}
