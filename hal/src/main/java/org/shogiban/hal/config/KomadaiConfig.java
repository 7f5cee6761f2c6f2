package org.shogiban.hal.config;

import java.util.List;

/** How the komadai sensors are wired, if at all. */
public sealed interface KomadaiConfig {

    /** No komadai sensors: every slot reads unknown. */
    record None() implements KomadaiConfig {
    }

    /** How a slot's pins give its count. */
    enum Encoding {
        /** One sensor per place in the slot: the count is the number of active pins. */
        PLACES,
        /** A counting sensor that outputs the count in binary, least significant bit first. */
        BINARY
    }

    /**
     * Komadai sensors on MCP23017 port expanders.
     *
     * @param chips the chips in order; global pins as in {@link SquaresConfig.Mcp23017}
     * @param pullUp whether to enable the chips' internal pull-ups
     * @param encoding how pins give a count
     * @param slotPins the global pins of each of the 14 slots (sente's 7 then gote's, in slot order)
     */
    record Mcp23017(List<I2cAddress> chips, boolean pullUp, Encoding encoding, List<List<Integer>> slotPins)
            implements KomadaiConfig {
        public Mcp23017 {
            chips = List.copyOf(chips);
            slotPins = slotPins.stream().map(List::copyOf).toList();
        }
    }
}
