package org.shogiban.hal.pi4j;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInputProvider;
import com.pi4j.io.gpio.digital.DigitalOutputProvider;
import com.pi4j.io.i2c.I2C;
import com.pi4j.plugin.mock.platform.MockPlatform;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInputProvider;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalOutputProvider;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import com.pi4j.plugin.mock.provider.pwm.MockPwmProvider;
import com.pi4j.plugin.mock.provider.spi.MockSpiProvider;
import java.util.List;

/** A Pi4J context on the mock platform of pi4j-plugin-mock, and helpers around its mock devices. */
final class MockBoard {
    private MockBoard() {
    }

    /** A context whose I2C devices are {@link RegisterI2C}s. */
    static Context context() {
        return context(MockDigitalInputProvider.newInstance(), MockDigitalOutputProvider.newInstance());
    }

    /** A context with the given GPIO providers (test programs standing in for what is wired to the pins). */
    static Context context(DigitalInputProvider inputs, DigitalOutputProvider outputs) {
        return Pi4J.newContextBuilder()
                .add(new MockPlatform())
                .add(new RegisterI2C.Provider(), MockSpiProvider.newInstance(), MockPwmProvider.newInstance(),
                        inputs, outputs)
                .build();
    }

    static MockI2C i2c(Context pi4j, String id, int bus, int address) {
        return (MockI2C) pi4j.create(I2C.newConfigBuilder(pi4j).id(id).bus(bus).device(address));
    }

    /** Queues what the chip answers to the next two-byte read of GPIOA/GPIOB. */
    static void answerGpio(MockI2C chip, int gpioA, int gpioB) {
        chip.writeRegister(Mcp23017.GPIOA, new byte[] {(byte) gpioA, (byte) gpioB}, 0, 2);
    }

    /** Queues the same answer on every chip: GPIOA = {@code gpioA}, GPIOB all high. */
    static void answerAll(List<MockI2C> chips, int gpioA) {
        for (MockI2C chip : chips) {
            answerGpio(chip, gpioA, 0xFF);
        }
    }

    /** How many of the chips still have an unread GPIO answer queued (the answers stay queued). */
    static int pendingAnswers(List<MockI2C> chips) {
        int pending = 0;
        for (MockI2C chip : chips) {
            byte[] b = new byte[2];
            if (chip.readRegister(Mcp23017.GPIOA, b, 0, 2) == 2) {
                pending++;
                chip.writeRegister(Mcp23017.GPIOA, b, 0, 2);
            }
        }
        return pending;
    }
}
