package org.shogiban.hal.config;

import java.util.List;
import java.util.OptionalInt;

/** How the square sensors are wired: MCP23017 port expanders, or a diode matrix on the Pi's GPIO. */
public sealed interface SquaresConfig {

    /**
     * Square sensors on MCP23017 port expanders.
     *
     * @param chips the chips in order; chip {@code i} holds global pins {@code 16*i .. 16*i+15}
     * @param pins global pin of each square in SFEN order; polarity boards give two per square (face-up output,
     *             then face-down output), so 81 or 162 entries. A global pin is chip index * 16 + pin, where pins
     *             0..7 are GPA0..GPA7 and 8..15 are GPB0..GPB7
     * @param pullUp whether to enable the chips' internal 100 kΩ pull-ups
     * @param interruptGpio BCM pin of the chips' shared, open-drain INT line, if wired
     * @param backstopPasses with an interrupt line, read the chips anyway every this many passes
     */
    record Mcp23017(List<I2cAddress> chips, List<Integer> pins, boolean pullUp, OptionalInt interruptGpio,
                    int backstopPasses) implements SquaresConfig {
        public Mcp23017 {
            chips = List.copyOf(chips);
            pins = List.copyOf(pins);
        }
    }

    /**
     * Square sensors in a row/column diode matrix on GPIO: rows are driven low one at a time, columns read with
     * pull-ups (a closed switch reads low).
     *
     * @param rows BCM pins of ranks a..i (SFEN rank 1..9)
     * @param columns BCM pins of files 9..1 (SFEN order); a diode matrix reads occupancy only
     * @param settleMicros how long to wait after driving a row before reading the columns
     */
    record Matrix(List<Integer> rows, List<Integer> columns, int settleMicros) implements SquaresConfig {
        /**
         * Settle time that lets a column the previous rank pulled low rise through the Pi's internal pull-up (50-65
         * kΩ) before it is read: with about 100 pF on a column (pin, wire, nine diodes) τ is 6.5 µs, and five τ with
         * margin is 50 µs. External 10 kΩ pull-ups make τ 1 µs and 5 µs enough.
         */
        public static final int INTERNAL_PULL_UP_SETTLE_MICROS = 50;

        public Matrix {
            rows = List.copyOf(rows);
            columns = List.copyOf(columns);
        }
    }
}
