package org.shogiban.hal.pi4j;

import java.util.List;
import java.util.Objects;
import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;

/**
 * Square sensors on MCP23017 port expanders.
 *
 * <p>Each pass reads every chip's 16 inputs (one I2C transfer per chip) and maps them to squares through the pin
 * map: on an occupancy board square {@code i} is global pin {@code pins[i]}; on a polarity board it has the pair
 * {@code pins[2i]} (face-up output) and {@code pins[2i+1]} (face-down output). A global pin is chip index * 16 + pin.
 * With {@code activeLow} a sensor is active when its input reads 0 (reed switch or hall switch to ground).
 *
 * <p>With an interrupt line the chips are read only when it is low or the backstop is due, and the line is the
 * sensors' {@linkplain #changeSignal() change signal}; the set-up of one chip is checked every {@code backstopPasses}
 * passes ({@link Mcp23017Bank}, shared with the komadai's chips). A chip that cannot be read leaves its squares as
 * they were in the caller's array and is reported (see {@link I2cChip}). Pins 7 and 15 of a chip (GPA7, GPB7) are
 * output-only and refused as inputs.
 */
public final class Mcp23017SquareSensors implements SquareSensors {
    private final SensorKind kind;
    private final Mcp23017Bank bank;
    private final int[] chipOfInput;
    private final int[] bitOfInput;

    /**
     * @param chips the chips in configuration order, not yet set up
     * @param pins the global pin of every input, 81 or 162 (see class comment)
     * @param interrupt the chips' INT line (maybe shared with the komadai's chips), or null to read every pass
     * @param backstopPasses with an interrupt line, read anyway after this many passes without a read
     */
    Mcp23017SquareSensors(SensorKind kind, List<Mcp23017> chips, List<Integer> pins, boolean activeLow,
                          InterruptLine interrupt, int backstopPasses) {
        this.kind = Objects.requireNonNull(kind);
        int needed = kind == SensorKind.POLARITY ? 162 : 81;
        if (pins.size() != needed) {
            throw new IllegalArgumentException(kind + " squares need " + needed + " pins, got " + pins.size());
        }
        this.bank = new Mcp23017Bank(chips, activeLow, interrupt, backstopPasses);
        chipOfInput = new int[needed];
        bitOfInput = new int[needed];
        for (int i = 0; i < needed; i++) {
            int pin = bank.inputPin(pins.get(i));
            chipOfInput[i] = Mcp23017Bank.chipOf(pin);
            bitOfInput[i] = Mcp23017Bank.bitOf(pin);
        }
    }

    @Override
    public ChangeSignal changeSignal() {
        return bank.changeSignal();
    }

    @Override
    public SensorKind kind() {
        return kind;
    }

    @Override
    public void sample(SquareReading[] into) {
        bank.pass();
        if (kind == SensorKind.OCCUPANCY) {
            for (int sq = 0; sq < 81; sq++) {
                if (bank.wasRead(chipOfInput[sq])) {
                    into[sq] = active(sq) ? SquareReading.OCCUPIED : SquareReading.EMPTY;
                }
            }
        } else {
            for (int sq = 0; sq < 81; sq++) {
                int up = 2 * sq;
                int down = up + 1;
                if (bank.wasRead(chipOfInput[up]) && bank.wasRead(chipOfInput[down])) {
                    into[sq] = polarity(active(up), active(down));
                }
            }
        }
    }

    /** The reading of a polarity square from its face-up and face-down outputs. */
    static SquareReading polarity(boolean faceUp, boolean faceDown) {
        if (faceUp) {
            return faceDown ? SquareReading.OCCUPIED : SquareReading.FACE_UP;
        }
        return faceDown ? SquareReading.FACE_DOWN : SquareReading.EMPTY;
    }

    private boolean active(int input) {
        return bank.active(chipOfInput[input], bitOfInput[input]);
    }

    /** Releases the chips' bus handles. */
    void close() {
        bank.close();
    }
}
