package org.shogiban.hal;

import java.util.Objects;

/**
 * All ports of one board, as built for the real hardware, the simulator or a test.
 *
 * @param squares the square sensors
 * @param komadai the komadai sensors
 * @param leds the LEDs
 * @param clock the clock displays
 * @param buzzer the buzzer
 * @param buttons the buttons
 * @param faults where hardware faults of all these ports are reported
 * @param closer releases the hardware (closes buses and pins); run by {@link #close()}
 */
public record Board(SquareSensors squares, KomadaiSensors komadai, LedPanel leds, ClockDisplay clock, Buzzer buzzer,
                    Buttons buttons, FaultReporter faults, AutoCloseable closer) implements AutoCloseable {
    public Board {
        Objects.requireNonNull(squares, "squares");
        Objects.requireNonNull(komadai, "komadai");
        Objects.requireNonNull(leds, "leds");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(buzzer, "buzzer");
        Objects.requireNonNull(buttons, "buttons");
        Objects.requireNonNull(faults, "faults");
        Objects.requireNonNull(closer, "closer");
    }

    /**
     * Releases the hardware. Declares no checked exception (the closers release pins and buses and throw none), so
     * try-with-resources on a board need not handle {@link InterruptedException}.
     */
    @Override
    public void close() {
        try {
            closer.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("closing the board was interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException("closing the board: " + e.getMessage(), e);
        }
    }
}
