package org.shogiban.hal.pi4j;

import com.pi4j.io.i2c.I2C;
import com.pi4j.io.i2c.I2CConfig;
import com.pi4j.io.spi.Spi;
import com.pi4j.io.spi.SpiConfig;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import com.pi4j.plugin.mock.provider.i2c.MockI2CProviderImpl;
import com.pi4j.plugin.mock.provider.spi.MockSpi;
import com.pi4j.plugin.mock.provider.spi.MockSpiProviderImpl;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The chips on the bench as Pi4J's mock platform sees them: each chip that is fitted keeps its registers (a write
 * stays, a read does not consume it, a multi-byte access moves on through the registers), and its input port holds
 * what the sensors wired to it pull low until they let go; an address where no chip is fitted answers no transfer
 * (Pi4J's I/O exception, as a missing acknowledge gives on a Pi). The SPI device keeps the last bytes written (the
 * WS2812 chain's frame).
 */
final class Bench {
    /** Registers of a chip: the MCP23017's 0x00..0x15 and the HT16K33's display RAM 0x00..0x0F both fit. */
    static final int REGISTERS = 0x20;

    /** The fitted chips of bus 1 and 3 by {@code bus * 256 + address}, each its register file. */
    final Map<Integer, byte[]> chips = new ConcurrentHashMap<>();
    volatile byte[] spiFrame = new byte[0];

    /** Fits a chip at power-on: MCP23017 all inputs (IODIR 0xFF), inputs high (pull-ups, nothing near). */
    void fit(int bus, int address) {
        byte[] registers = new byte[REGISTERS];
        registers[0x00] = (byte) 0xFF;
        registers[0x01] = (byte) 0xFF;
        registers[Mcp23017.GPIOA] = (byte) 0xFF;
        registers[Mcp23017.GPIOA + 1] = (byte) 0xFF;
        chips.put(bus * 256 + address, registers);
    }

    /** Pulls an input of a fitted chip low (a sensor active) or lets it go high; nothing if no chip is there. */
    void input(int bus, int address, int pin, boolean low) {
        byte[] registers = chips.get(bus * 256 + address);
        if (registers == null) {
            return;
        }
        synchronized (registers) {
            int reg = Mcp23017.GPIOA + pin / 8;
            int bit = 1 << (pin % 8);
            registers[reg] = (byte) (low ? registers[reg] & ~bit : registers[reg] | bit);
        }
    }

    byte[] registers(int bus, int address) {
        return chips.get(bus * 256 + address);
    }

    /** The I2C provider of this bench. */
    final class I2cProvider extends MockI2CProviderImpl {
        @Override
        public I2C create(I2CConfig config) {
            I2C i2c = new Chip(this, config);
            context.registry().add(i2c);
            return i2c;
        }
    }

    /** The SPI provider of this bench. */
    final class SpiProvider extends MockSpiProviderImpl {
        @Override
        public Spi create(SpiConfig config) {
            Spi spi = new MockSpi(this, config) {
                @Override
                public int write(byte[] data, int offset, int length) {
                    spiFrame = Arrays.copyOfRange(data, offset, offset + length);
                    return length;
                }
            };
            context.registry().add(spi);
            return spi;
        }
    }

    /** One address on a bus: the fitted chip's registers, or no answer. */
    private final class Chip extends MockI2C {
        Chip(com.pi4j.io.i2c.I2CProvider provider, I2CConfig config) {
            super(provider, config);
        }

        private byte[] fitted() {
            byte[] registers = chips.get(config().bus() * 256 + config().device());
            if (registers == null) {
                throw new com.pi4j.io.exception.IOException(String.format("no acknowledge from 0x%02x on bus %d",
                        config().device(), config().bus()));
            }
            return registers;
        }

        @Override
        public int readRegister(int register, byte[] buffer, int offset, int length) {
            byte[] registers = fitted();
            synchronized (registers) {
                int n = Math.min(length, REGISTERS - register);
                System.arraycopy(registers, register, buffer, offset, n);
                return n;
            }
        }

        @Override
        public int writeRegister(int register, byte[] data, int offset, int length) {
            byte[] registers = fitted();
            synchronized (registers) {
                for (int i = 0; i < length && register + i < REGISTERS; i++) {
                    int r = register + i;
                    if (r == Mcp23017.GPIOA || r == Mcp23017.GPIOA + 1) {
                        continue;       // the input port is what the pins say, not what is written
                    }
                    registers[r] = data[offset + i];
                }
                return length;
            }
        }

        @Override
        public int writeRegister(int register, byte b) {
            return writeRegister(register, new byte[] {b}, 0, 1);
        }

        @Override
        public int write(byte b) {
            fitted();
            return 1;
        }

        @Override
        public int write(byte[] data, int offset, int length) {
            fitted();
            return length;
        }

        @Override
        public int read() {
            fitted();
            return 0;
        }
    }
}
