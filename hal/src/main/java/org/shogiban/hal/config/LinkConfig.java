package org.shogiban.hal.config;

import java.util.Objects;
import java.util.Optional;

/**
 * The USB serial link to host computers and the arbiter's PIN.
 *
 * @param device the serial device, e.g. {@code /dev/ttyGS0} (USB gadget) or {@code /dev/ttyUSB0}; empty: no link
 * @param baud its speed (a USB gadget ignores it; a USB-serial adapter needs the host's)
 * @param arbiterPin the PIN a host gives with {@code AUTH} before the arbiter's commands; empty: they are off
 */
public record LinkConfig(Optional<String> device, int baud, Optional<String> arbiterPin) {
    /** The default speed. */
    public static final int DEFAULT_BAUD = 115_200;

    public LinkConfig {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(arbiterPin, "arbiterPin");
    }

    /** No link, no PIN. */
    public static LinkConfig none() {
        return new LinkConfig(Optional.empty(), DEFAULT_BAUD, Optional.empty());
    }
}
