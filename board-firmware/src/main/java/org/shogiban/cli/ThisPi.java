package org.shogiban.cli;

import java.util.List;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.pi4j.Pi4jBoardFactory;
import org.shogiban.hal.pi4j.RaspberryPi;
import org.shogiban.hal.readiness.PiNotReady;
import org.shogiban.hal.readiness.PiProblem;
import org.shogiban.hal.readiness.PiReadiness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the board on this Raspberry Pi the way {@code serve}, {@code check-config --on-this-pi} and {@code bring-up}
 * all do: no Pi, then each bus, device and overlay the configuration needs (from the files Linux shows), then every
 * chip asked and every GPIO line claimed by Pi4J. Whatever is missing becomes a {@link UsageException} of one sentence
 * per part (exit code 2, which the service unit does not restart); the stack trace goes to the log at debug level.
 */
final class ThisPi {
    private static final Logger log = LoggerFactory.getLogger(ThisPi.class);
    /** The sentence for a computer that is not a Raspberry Pi. */
    static final String NO_PI = "no Raspberry Pi hardware found (no device-tree model naming a Raspberry Pi);"
            + " to run the board without hardware use --simulated";

    private ThisPi() {
    }

    /** Throws {@link UsageException} where this computer is no Raspberry Pi. */
    static void requirePi() {
        if (RaspberryPi.model().isEmpty()) {
            throw new UsageException(NO_PI);
        }
    }

    /** The board the configuration describes, opened on this Pi; one sentence per missing part otherwise. */
    static Board open(BoardConfig config, MonotonicClock clock, FaultReporter faults, String command) {
        List<PiProblem> missing = PiReadiness.ofThisPi().check(config);
        if (!missing.isEmpty()) {
            throw notReady(missing, command, null);
        }
        try {
            return Pi4jBoardFactory.open(config, clock, faults);
        } catch (PiNotReady e) {
            throw notReady(e.problems(), command, e);
        } catch (RuntimeException e) {
            // a Pi4J failure none of the checks foresaw: its message, once; the trace for whoever turns debug on
            log.debug("opening the board's hardware failed", e);
            throw new UsageException("the board's hardware could not be opened: " + e.getMessage(), 1);
        }
    }

    private static UsageException notReady(List<PiProblem> problems, String command, Throwable cause) {
        if (cause != null) {
            log.debug("the Raspberry Pi is not ready for this board", cause);
        }
        return new UsageException(String.join("\n" + command + ": ",
                problems.stream().map(PiProblem::sentence).toList()));
    }
}
