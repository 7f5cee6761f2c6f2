package org.shogiban.hal.readiness;

import java.util.Objects;

/**
 * One part the configuration needs that this Raspberry Pi does not offer, said in one sentence that names the part
 * and the fix (what a builder types, or what to check on the bench).
 *
 * @param part the part, e.g. {@code I2C bus 1}, {@code GPIO 17}, {@code MCP23017 squares #2}
 * @param sentence the whole sentence, part and fix
 */
public record PiProblem(String part, String sentence) {
    public PiProblem {
        Objects.requireNonNull(part, "part");
        Objects.requireNonNull(sentence, "sentence");
    }

    @Override
    public String toString() {
        return sentence;
    }
}
