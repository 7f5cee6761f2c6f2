package org.shogiban.hal.pi4j;

import java.util.List;
import java.util.Objects;
import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.config.KomadaiConfig.Encoding;

/**
 * Komadai sensors on MCP23017 port expanders. Each of the 14 slots has a set of global pins (chip index * 16 + pin):
 * with {@link Encoding#PLACES} one sensor per place and the count is the number of active pins; with
 * {@link Encoding#BINARY} a counting sensor gives the count in binary, first pin least significant. A slot with a
 * pin on a chip that cannot be read counts {@link SensorFrame#UNKNOWN}. With an interrupt line (its own, or the
 * squares' when both sets' INT outputs are wired together) the chips are read only when it is low or the backstop is
 * due, and the line is the sensors' {@linkplain #changeSignal() change signal}; one chip's set-up is checked every
 * {@code backstopPasses} passes ({@link Mcp23017Bank}, shared with the squares' chips). Pins 7 and 15 of a chip (GPA7,
 * GPB7) are output-only and refused as inputs.
 */
public final class Mcp23017KomadaiSensors implements KomadaiSensors {
    private final Mcp23017Bank bank;
    private final Encoding encoding;
    private final int[][] chipOfPin;
    private final int[][] bitOfPin;

    /**
     * @param chips the chips in configuration order, not yet set up
     * @param slotPins the global pins of each of the 14 slots (sente's 7 then gote's)
     * @param interrupt the chips' INT line (maybe the squares' line), or null to read every pass
     * @param backstopPasses with an interrupt line, read anyway after this many passes without a read; with or
     *                       without one, check one chip's set-up every this many passes
     */
    Mcp23017KomadaiSensors(List<Mcp23017> chips, Encoding encoding, List<List<Integer>> slotPins, boolean activeLow,
                           InterruptLine interrupt, int backstopPasses) {
        this.encoding = Objects.requireNonNull(encoding);
        if (slotPins.size() != SLOTS) {
            throw new IllegalArgumentException("the komadai have " + SLOTS + " slots, got pins for " + slotPins.size());
        }
        this.bank = new Mcp23017Bank(chips, activeLow, interrupt, backstopPasses);
        chipOfPin = new int[SLOTS][];
        bitOfPin = new int[SLOTS][];
        for (int s = 0; s < SLOTS; s++) {
            List<Integer> pins = slotPins.get(s);
            chipOfPin[s] = new int[pins.size()];
            bitOfPin[s] = new int[pins.size()];
            for (int i = 0; i < pins.size(); i++) {
                int pin = bank.inputPin(pins.get(i));
                chipOfPin[s][i] = Mcp23017Bank.chipOf(pin);
                bitOfPin[s][i] = Mcp23017Bank.bitOf(pin);
            }
        }
    }

    @Override
    public ChangeSignal changeSignal() {
        return bank.changeSignal();
    }

    @Override
    public void sample(int[] into) {
        bank.pass();
        for (int s = 0; s < SLOTS; s++) {
            into[s] = count(s);
        }
    }

    private int count(int slot) {
        int[] chipsOf = chipOfPin[slot];
        int[] bits = bitOfPin[slot];
        int count = 0;
        for (int i = 0; i < chipsOf.length; i++) {
            if (!bank.wasRead(chipsOf[i])) {
                return SensorFrame.UNKNOWN;
            }
            int active = bank.active(chipsOf[i], bits[i]) ? 1 : 0;
            count += encoding == Encoding.PLACES ? active : active << i;
        }
        return count;
    }

    /** Releases the chips' bus handles. */
    void close() {
        bank.close();
    }
}
