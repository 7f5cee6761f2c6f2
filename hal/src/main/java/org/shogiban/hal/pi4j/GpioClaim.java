package org.shogiban.hal.pi4j;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.readiness.BoardParts;
import org.shogiban.hal.readiness.PiNotReady;
import org.shogiban.hal.readiness.PiProblem;

/**
 * Opens one GPIO line for the board and turns Pi4J's failure into one sentence naming the pin, what it is for and
 * the fix: a line another program holds (the kernel's "Device or resource busy") is the common case on a Pi that
 * ran other projects.
 */
final class GpioClaim {
    private GpioClaim() {
    }

    /** Runs {@code create}; a failure becomes a {@link PiNotReady} about this pin (the cause kept for the log). */
    static <T> T claim(BoardConfig config, int pin, Supplier<T> create) {
        try {
            return create.get();
        } catch (RuntimeException e) {
            throw new PiNotReady(List.of(problem(config, pin, e)), e);
        }
    }

    static PiProblem problem(BoardConfig config, int pin, Throwable failure) {
        String what = BoardParts.of(config).gpio().getOrDefault(pin, "the board");
        String part = "GPIO " + pin;
        if (busy(failure)) {
            return new PiProblem(part, part + " (" + what + ") is taken by another program: `gpioinfo | grep -w"
                    + " GPIO" + pin + "` names it; stop that program, or wire " + what
                    + " to a free pin and change board.properties.");
        }
        return new PiProblem(part, part + " (" + what + ") could not be opened (" + rootMessage(failure)
                + "): check that no overlay in /boot/firmware/config.txt uses it.");
    }

    private static boolean busy(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("busy") || m.contains("ebusy")) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return String.valueOf(c.getMessage());
    }
}
