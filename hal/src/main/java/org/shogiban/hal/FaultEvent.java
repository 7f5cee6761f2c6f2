package org.shogiban.hal;

import java.util.Objects;

/**
 * A hardware fault, or the end of one, as told to the firmware.
 *
 * @param chip the part that failed, e.g. {@code MCP23017 squares #2} or {@code WS2812 chain}
 * @param address where it sits, e.g. {@code i2c-1/0x21}, {@code spi-0.0}, {@code gpio-17}
 * @param type whether the fault began or ended
 * @param message what went wrong, for people
 * @param timeMillis when, in the scan clock's milliseconds
 */
public record FaultEvent(String chip, String address, Type type, String message, long timeMillis) {

    /** Whether a fault began or ended. */
    public enum Type {
        /** The device stopped answering or answered wrongly, after retries. */
        FAILED,
        /** The device answers again. */
        RECOVERED
    }

    public FaultEvent {
        Objects.requireNonNull(chip, "chip");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(message, "message");
    }
}
