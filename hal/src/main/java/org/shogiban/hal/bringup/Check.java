package org.shogiban.hal.bringup;

import java.util.Objects;

/**
 * One part tried by the bring-up tool and what came of it.
 *
 * @param section the step, e.g. {@code chips}, {@code LEDs}, {@code squares}
 * @param part the part, e.g. {@code LED 5e}, {@code square 5e}, {@code MCP23017 squares #2}
 * @param passed whether it did what it should
 * @param detail what was seen, e.g. {@code found}, {@code read at 5d}, {@code no sensor changed}
 */
public record Check(String section, String part, boolean passed, String detail) {
    public Check {
        Objects.requireNonNull(section);
        Objects.requireNonNull(part);
        Objects.requireNonNull(detail);
    }
}
