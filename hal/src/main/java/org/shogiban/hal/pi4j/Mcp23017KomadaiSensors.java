package org.shogiban.hal.pi4j;

import java.util.List;
import java.util.Objects;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.config.KomadaiConfig.Encoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Komadai sensors on MCP23017 port expanders. Each of the 14 slots has a set of global pins (chip index * 16 + pin):
 * with {@link Encoding#PLACES} one sensor per place and the count is the number of active pins; with
 * {@link Encoding#BINARY} a counting sensor gives the count in binary, first pin least significant. A slot with a
 * pin on a chip that cannot be read counts {@link SensorFrame#UNKNOWN}. Every {@code checkEveryPasses} passes one
 * chip's configuration is read back, the chips in turn, and set again if the chip had reset
 * ({@link Mcp23017#verify()}). Pins 7 and 15 of a chip (GPA7, GPB7) are output-only and refused as inputs.
 */
public final class Mcp23017KomadaiSensors implements KomadaiSensors {
    private static final Logger log = LoggerFactory.getLogger(Mcp23017KomadaiSensors.class);

    private final Mcp23017[] chips;
    private final Encoding encoding;
    private final int activeXor;
    private final int[][] chipOfPin;
    private final int[][] bitOfPin;
    private final int[] inputs;
    private final boolean[] chipRead;
    private final int checkEveryPasses;
    private int passesSinceCheck;
    private int nextCheck;

    Mcp23017KomadaiSensors(List<Mcp23017> chips, Encoding encoding, List<List<Integer>> slotPins, boolean activeLow,
                           int checkEveryPasses) {
        this.checkEveryPasses = Math.max(1, checkEveryPasses);
        this.chips = chips.toArray(Mcp23017[]::new);
        this.encoding = Objects.requireNonNull(encoding);
        if (slotPins.size() != SLOTS) {
            throw new IllegalArgumentException("the komadai have " + SLOTS + " slots, got pins for " + slotPins.size());
        }
        this.activeXor = activeLow ? 1 : 0;
        chipOfPin = new int[SLOTS][];
        bitOfPin = new int[SLOTS][];
        for (int s = 0; s < SLOTS; s++) {
            List<Integer> pins = slotPins.get(s);
            chipOfPin[s] = new int[pins.size()];
            bitOfPin[s] = new int[pins.size()];
            for (int i = 0; i < pins.size(); i++) {
                int pin = pins.get(i);
                if (pin < 0 || pin >= this.chips.length * 16) {
                    throw new IllegalArgumentException("pin " + pin + " is not on the " + this.chips.length + " chips");
                }
                if (!Mcp23017.isInput(pin % 16)) {
                    throw new IllegalArgumentException("pin " + pin + " is GPA7 or GPB7 of chip " + pin / 16
                            + ", which are output-only");
                }
                chipOfPin[s][i] = pin / 16;
                bitOfPin[s][i] = pin % 16;
            }
        }
        inputs = new int[this.chips.length];
        chipRead = new boolean[this.chips.length];
        for (Mcp23017 chip : this.chips) {
            if (!chip.setUp()) {
                log.warn("{} could not be set up; retrying on every pass", chip.chip().health());
            }
        }
    }

    @Override
    public void sample(int[] into) {
        if (++passesSinceCheck >= checkEveryPasses) {
            // one chip per check pass, in turn: a 14-byte read back is 156 bit times, 1.6 ms at 100 kHz
            passesSinceCheck = 0;
            chips[nextCheck].verify();
            nextCheck = (nextCheck + 1) % chips.length;
        }
        for (int c = 0; c < chips.length; c++) {
            int value = chips[c].readInputs();
            chipRead[c] = value >= 0;
            inputs[c] = value;
        }
        for (int s = 0; s < SLOTS; s++) {
            into[s] = count(s);
        }
    }

    private int count(int slot) {
        int[] chipsOf = chipOfPin[slot];
        int[] bits = bitOfPin[slot];
        int count = 0;
        for (int i = 0; i < chipsOf.length; i++) {
            if (!chipRead[chipsOf[i]]) {
                return SensorFrame.UNKNOWN;
            }
            int active = (inputs[chipsOf[i]] >>> bits[i] & 1) ^ activeXor;
            count += encoding == Encoding.PLACES ? active : active << i;
        }
        return count;
    }

    /** Releases the chips' bus handles. */
    void close() {
        for (Mcp23017 chip : chips) {
            chip.chip().close();
        }
    }
}
