package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalInput;
import java.util.List;
import java.util.Objects;
import org.shogiban.hal.ChangeSignal;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Square sensors on MCP23017 port expanders.
 *
 * <p>Each pass reads every chip's 16 inputs (one I2C transfer per chip) and maps them to squares through the pin
 * map: on an occupancy board square {@code i} is global pin {@code pins[i]}; on a polarity board it has the pair
 * {@code pins[2i]} (face-up output) and {@code pins[2i+1]} (face-down output). A global pin is chip index * 16 + pin.
 * With {@code activeLow} a sensor is active when its input reads 0 (reed switch or hall switch to ground).
 *
 * <p>With an interrupt line (the chips' INT outputs mirrored, open-drain, wired together to one GPIO, active low)
 * the chips are read only when the line is low, and every {@code backstopPasses} passes anyway in case an edge was
 * missed; between reads the last values are reused. The line is also the sensors' {@linkplain #changeSignal() change
 * signal}: a falling edge wakes a waiting scan loop, which then skips no pass until the board is still again; the
 * passes it skipped count towards the backstop and the checks, so both keep their pace in time. A chip that cannot be read leaves its squares as they were
 * in the caller's array and is reported (see {@link I2cChip}). Every {@code backstopPasses} passes, with or without an
 * interrupt line, one chip's configuration is read back, the chips in turn, and set again if the chip had reset
 * ({@link Mcp23017#verify()}): one transfer per check pass, so no pass takes much longer than the others. Pins 7 and 15 of a chip (GPA7, GPB7) are output-only and refused as inputs.
 */
public final class Mcp23017SquareSensors implements SquareSensors {
    private static final Logger log = LoggerFactory.getLogger(Mcp23017SquareSensors.class);

    private final SensorKind kind;
    private final Mcp23017Bank bank;
    private final int[] chipOfInput;
    private final int[] bitOfInput;
    private final DigitalInput interrupt;
    private final int backstopPasses;
    private int passesSinceRead;
    private int passesSinceCheck;
    private boolean everRead;
    private final ChangeSignal signal;

    /**
     * @param chips the chips in configuration order, not yet set up
     * @param pins the global pin of every input, 81 or 162 (see class comment)
     * @param interrupt the shared INT line, or null to poll every pass
     * @param backstopPasses with an interrupt line, read anyway after this many passes without a read
     */
    Mcp23017SquareSensors(SensorKind kind, List<Mcp23017> chips, List<Integer> pins, boolean activeLow,
                          DigitalInput interrupt, int backstopPasses) {
        this.kind = Objects.requireNonNull(kind);
        int needed = kind == SensorKind.POLARITY ? 162 : 81;
        if (pins.size() != needed) {
            throw new IllegalArgumentException(kind + " squares need " + needed + " pins, got " + pins.size());
        }
        this.bank = new Mcp23017Bank(chips, activeLow);
        chipOfInput = new int[needed];
        bitOfInput = new int[needed];
        for (int i = 0; i < needed; i++) {
            int pin = bank.inputPin(pins.get(i));
            chipOfInput[i] = Mcp23017Bank.chipOf(pin);
            bitOfInput[i] = Mcp23017Bank.bitOf(pin);
        }
        this.interrupt = interrupt;
        this.backstopPasses = Math.max(1, backstopPasses);
        this.signal = interrupt == null ? ChangeSignal.NONE
                : new InterruptLineSignal(interrupt, this.backstopPasses, this::skipped);
    }

    @Override
    public ChangeSignal changeSignal() {
        return signal;
    }

    /** Passes the scan loop skipped while the line was quiet: counted as passes that read nothing. */
    private void skipped(long passes) {
        int n = (int) Math.min(passes, backstopPasses);
        passesSinceRead = Math.min(backstopPasses, passesSinceRead + n);
        passesSinceCheck = Math.min(backstopPasses, passesSinceCheck + n);
    }

    @Override
    public SensorKind kind() {
        return kind;
    }

    @Override
    public void sample(SquareReading[] into) {
        if (++passesSinceCheck >= backstopPasses) {
            passesSinceCheck = 0;
            bank.checkNextChip();
        }
        if (mustRead()) {
            passesSinceRead = 0;
            everRead = true;
            bank.readAll();
        } else {
            passesSinceRead++;
        }
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

    private boolean mustRead() {
        if (interrupt == null || !everRead || passesSinceRead + 1 >= backstopPasses || !bank.allSetUp()) {
            return true;
        }
        try {
            return interrupt.isLow();
        } catch (RuntimeException e) {
            log.warn("interrupt line {} could not be read, polling instead: {}", interrupt.id(), e.toString());
            return true;
        }
    }

    /** Releases the chips' bus handles. */
    void close() {
        bank.close();
    }
}
