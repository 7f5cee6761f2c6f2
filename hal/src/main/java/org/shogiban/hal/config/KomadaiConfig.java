package org.shogiban.hal.config;

import java.util.List;
import java.util.OptionalInt;

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
     * @param interruptGpio BCM pin of the chips' shared, open-drain INT line, if wired (it may be the squares' line)
     * @param backstopPasses with an interrupt line, read the chips anyway every this many passes; with or without
     *                       one, one chip's set-up is read back every this many passes
     */
    record Mcp23017(List<I2cAddress> chips, boolean pullUp, Encoding encoding, List<List<Integer>> slotPins,
                    OptionalInt interruptGpio, int backstopPasses) implements KomadaiConfig {
        public Mcp23017 {
            chips = List.copyOf(chips);
            slotPins = slotPins.stream().map(List::copyOf).toList();
        }
    }
}
