package org.shogiban.port;

import java.util.Objects;

/**
 * How a part is doing, as it says through {@link BoardPort#health}: while it is failing the snapshot's {@code faults}
 * names it ({@code <part> (<detail>) at part}), the status light shows it and the link says {@code FAULT}.
 *
 * @param ok whether the part works
 * @param detail one sentence for people: what fails, or what is well again
 */
public record PartHealth(boolean ok, String detail) {
    public PartHealth {
        Objects.requireNonNull(detail, "detail");
    }

    /** The part works (again). */
    public static PartHealth ok(String detail) {
        return new PartHealth(true, detail);
    }

    /** The part fails: {@code detail} says how, in one sentence. */
    public static PartHealth failing(String detail) {
        return new PartHealth(false, detail);
    }
}
