package org.shogiban.hal.readiness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.BuzzerConfig;
import org.shogiban.hal.config.ClockConfig;
import org.shogiban.hal.config.I2cAddress;
import org.shogiban.hal.config.KomadaiConfig;
import org.shogiban.hal.config.LedsConfig;
import org.shogiban.hal.config.SquaresConfig;

/**
 * What of the Pi a configuration uses, named as the board's adapters name it: the I2C chips, the GPIO lines and what
 * each is for, the SPI device of the WS2812 chain and the buzzer's PWM pin. Read by the start-up checks and by the
 * bring-up tool.
 *
 * @param chips every I2C chip, in the order the board opens them
 * @param gpio every GPIO line (BCM number) and what it is for
 * @param spi the WS2812 chain's SPI bus and chip select, if any
 * @param pwmGpio the buzzer's pin, if it is on hardware PWM
 */
public record BoardParts(List<Chip> chips, Map<Integer, String> gpio, Optional<SpiDevice> spi, OptionalInt pwmGpio) {
    /**
     * One I2C chip.
     *
     * @param name the adapter's name for it, e.g. {@code MCP23017 squares #2}
     * @param address its bus and address
     */
    public record Chip(String name, I2cAddress address) {
        /** The kind of chip: the first word of its name. */
        public String kind() {
            return name.split(" ")[0];
        }
    }

    /** An SPI bus and chip select: {@code /dev/spidevB.C}. */
    public record SpiDevice(int bus, int channel) {
    }

    public BoardParts {
        chips = List.copyOf(chips);
        gpio = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(gpio));
    }

    /** The parts of one configuration. */
    public static BoardParts of(BoardConfig config) {
        List<Chip> chips = new ArrayList<>();
        Map<Integer, String> gpio = new LinkedHashMap<>();
        switch (config.squares()) {
            case SquaresConfig.Mcp23017 m -> {
                for (int i = 0; i < m.chips().size(); i++) {
                    chips.add(new Chip("MCP23017 squares #" + i, m.chips().get(i)));
                }
                m.interruptGpio().ifPresent(pin -> gpio.put(pin, "the MCP23017 interrupt line"));
            }
            case SquaresConfig.Matrix m -> {
                for (int r = 0; r < m.rows().size(); r++) {
                    gpio.put(m.rows().get(r), "row " + (r + 1) + " of the square matrix");
                }
                for (int c = 0; c < m.columns().size(); c++) {
                    gpio.put(m.columns().get(c), "column " + (c + 1) + " of the square matrix");
                }
            }
        }
        if (config.komadai() instanceof KomadaiConfig.Mcp23017 k) {
            for (int i = 0; i < k.chips().size(); i++) {
                chips.add(new Chip("MCP23017 komadai #" + i, k.chips().get(i)));
            }
            // a line shared with the squares (all INT outputs wired together) is one claim, named as the squares' line
            k.interruptGpio().ifPresent(pin -> gpio.putIfAbsent(pin, "the MCP23017 komadai interrupt line"));
        }
        Optional<SpiDevice> spi = Optional.empty();
        switch (config.leds()) {
            case LedsConfig.Ws2812 w -> spi = Optional.of(new SpiDevice(w.spiBus(), w.spiChannel()));
            case LedsConfig.Ht16k33 h -> chips.add(new Chip("HT16K33 LEDs", h.address()));
            case LedsConfig.None n -> { }
        }
        switch (config.clock()) {
            case ClockConfig.Tm1637 t -> {
                gpio.put(t.senteClk(), "the sente clock's TM1637 CLK");
                gpio.put(t.senteDio(), "the sente clock's TM1637 DIO");
                gpio.put(t.goteClk(), "the gote clock's TM1637 CLK");
                gpio.put(t.goteDio(), "the gote clock's TM1637 DIO");
            }
            case ClockConfig.Ht16k33 h -> {
                chips.add(new Chip("HT16K33 sente clock", h.sente()));
                chips.add(new Chip("HT16K33 gote clock", h.gote()));
            }
            case ClockConfig.None n -> { }
        }
        OptionalInt pwm = config.buzzer() instanceof BuzzerConfig.Pwm p ? OptionalInt.of(p.gpio()) : OptionalInt.empty();
        config.buttons().gpio().forEach((button, pin) -> gpio.put(pin, "the "
                + button.name().toLowerCase(Locale.ROOT).replace('_', '-') + " button"));
        return new BoardParts(chips, gpio, spi, pwm);
    }

    /** The I2C buses the chips are on, lowest first. */
    public List<Integer> buses() {
        return chips.stream().map(c -> c.address().bus()).collect(Collectors.toCollection(TreeSet::new)).stream()
                .toList();
    }

    /** The chips on one bus. */
    public List<Chip> chipsOn(int bus) {
        return chips.stream().filter(c -> c.address().bus() == bus).toList();
    }

    /** What {@code i2cdetect -y BUS} shows for the chips on that bus: their addresses in hex, e.g. {@code 20 21 22}. */
    public String i2cdetectLine(int bus) {
        return chipsOn(bus).stream().map(c -> c.address().address()).distinct().sorted()
                .map(a -> String.format("%02x", a)).collect(Collectors.joining(" "));
    }
}
