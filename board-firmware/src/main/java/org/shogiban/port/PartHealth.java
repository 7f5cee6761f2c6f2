package org.shogiban.port;

import java.util.Objects;

/**
 * How a part, or one device of it, is doing, as it says through {@link BoardPort#health}: the one way every part
 * (the USB link, the hall, the engine, the online site) reports its trouble. While it is failing the snapshot's
 * {@code faults} names it, the status light shows it and the link says {@code FAULT}; a report that it works again
 * clears it. A device keeps the words the board always used for it ({@code <chip> at <address>}: {@code USB link at
 * /dev/ttyACM0}, {@code USI engine at engine:gote}, {@code lishogi at lishogi.org}, {@code hall <id> at <broker>}); the
 * part itself is shown as {@code <part> (<detail>) at part}.
 *
 * @param ok whether it works
 * @param device which device of the part, or null for the part as a whole
 * @param detail one sentence for people: what fails, or what is well again
 */
public record PartHealth(boolean ok, Device device, String detail) {
    public PartHealth {
        Objects.requireNonNull(detail, "detail");
    }

    /**
     * One device of a part, named as the board names a failing device.
     *
     * @param chip what it is ({@code USB link}, {@code USI engine}, {@code lishogi}, {@code hall <id>})
     * @param address where it is (the serial device, the engine's seat, the site's host, the broker or topic)
     */
    public record Device(String chip, String address) {
        public Device {
            Objects.requireNonNull(chip, "chip");
            Objects.requireNonNull(address, "address");
        }
    }

    /** The part works (again). */
    public static PartHealth ok(String detail) {
        return new PartHealth(true, null, detail);
    }

    /** The part fails: {@code detail} says how, in one sentence. */
    public static PartHealth failing(String detail) {
        return new PartHealth(false, null, detail);
    }

    /** The part's {@code device} works (again). */
    public static PartHealth ok(Device device, String detail) {
        return new PartHealth(true, Objects.requireNonNull(device, "device"), detail);
    }

    /** The part's {@code device} fails: {@code detail} says how, in one sentence. */
    public static PartHealth failing(Device device, String detail) {
        return new PartHealth(false, Objects.requireNonNull(device, "device"), detail);
    }
}
