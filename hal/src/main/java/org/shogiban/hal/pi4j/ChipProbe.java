package org.shogiban.hal.pi4j;

import com.pi4j.context.Context;
import com.pi4j.io.i2c.I2C;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.config.I2cAddress;
import org.shogiban.hal.readiness.BoardParts;
import org.shogiban.hal.readiness.PiProblem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks each I2C chip of a configuration whether it answers at its address (one register read, as {@code i2cdetect}
 * reads), before the board sets the chips up: a chip that does not answer is one sentence at start and a line of the
 * bring-up tool's table, not a fault that repeats every scan pass.
 */
public final class ChipProbe {
    private static final Logger log = LoggerFactory.getLogger(ChipProbe.class);

    private ChipProbe() {
    }

    /**
     * Whether a chip answered.
     *
     * @param chip the chip the configuration names
     * @param answered whether it answered at its address
     */
    public record Found(BoardParts.Chip chip, boolean answered) {
    }

    /** Each chip of {@code parts}, asked once. */
    public static List<Found> probe(Context pi4j, BoardParts parts) {
        List<Found> found = new ArrayList<>();
        for (BoardParts.Chip chip : parts.chips()) {
            found.add(new Found(chip, answers(pi4j, chip.address())));
        }
        return found;
    }

    /** The addresses that answer on a bus among {@code 0x08..0x77} (what {@code i2cdetect -y BUS} lists). */
    public static List<Integer> scan(Context pi4j, int bus) {
        List<Integer> answering = new ArrayList<>();
        for (int address = 0x08; address <= 0x77; address++) {
            if (answers(pi4j, new I2cAddress(bus, address))) {
                answering.add(address);
            }
        }
        return answering;
    }

    /** Whether a chip acknowledges a read of its register 0 (IODIRA on an MCP23017, display RAM on an HT16K33). */
    public static boolean answers(Context pi4j, I2cAddress address) {
        String id = String.format("probe-i2c-%d-%02x", address.bus(), address.address());
        try {
            I2C i2c = pi4j.create(I2C.newConfigBuilder(pi4j).id(id).bus(address.bus()).device(address.address()));
            return i2c.readRegister(0x00, new byte[1], 0, 1) == 1;
        } catch (RuntimeException e) {
            log.debug("no answer from {}: {}", address, e.toString(), e);
            return false;
        } finally {
            try {
                if (pi4j.registry().exists(id)) {
                    pi4j.shutdown(id);
                }
            } catch (RuntimeException e) {
                log.debug("closing the probe of {}: {}", address, e.toString());
            }
        }
    }

    /** One sentence per chip that did not answer: which chip, address and bus, and what i2cdetect should show. */
    public static List<PiProblem> problems(BoardParts parts, List<Found> found) {
        List<PiProblem> problems = new ArrayList<>();
        for (Found f : found) {
            if (!f.answered()) {
                I2cAddress a = f.chip().address();
                problems.add(new PiProblem(f.chip().name(), String.format("the %s does not answer at 0x%02x on"
                        + " I2C bus %d: check its power, its SDA and SCL wires and its address pins;"
                        + " `i2cdetect -y %d` should show %s.", f.chip().name(), a.address(), a.bus(), a.bus(),
                        parts.i2cdetectLine(a.bus()))));
            }
        }
        return problems;
    }
}
