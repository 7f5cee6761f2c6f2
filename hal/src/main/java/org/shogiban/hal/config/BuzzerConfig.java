package org.shogiban.hal.config;

import java.util.OptionalInt;

/** Whether the board has a buzzer and how it sounds. */
public sealed interface BuzzerConfig {

    /** No buzzer. */
    record None() implements BuzzerConfig {
    }

    /**
     * A passive piezo buzzer driven by PWM at 50 % duty.
     *
     * @param gpio BCM pin, one with hardware PWM: 12, 13, 18 or 19
     * @param channel the PWM channel set in the file ({@code buzzer.pwm-channel}), or empty to derive it from the pin
     *                and the Pi model ({@link #channelOn(boolean)})
     * @param frequencyHz tone frequency
     * @param beepMillis length of a short beep
     * @param longToneMillis length of a long tone
     */
    record Pwm(int gpio, OptionalInt channel, int frequencyHz, int beepMillis, int longToneMillis)
            implements BuzzerConfig {
        /**
         * The PWM channel (Pi4J's linuxfs-pwm address) of the pin: the one set in the file, else derived. A Pi 4,
         * 3 or Zero 2 W has two channels, GPIO 12 and 18 on channel 0, 13 and 19 on channel 1 (BCM2711 peripherals,
         * PWM0/PWM1, with {@code dtoverlay=pwm} or {@code pwm-2chan}); a Pi 5's RP1 has four, GPIO 12, 13, 18, 19 on
         * channels 0, 1, 2, 3 (RP1 peripherals, PWM0 CHAN0..3).
         *
         * @param rp1 whether the Pi's I/O is an RP1 (Pi 5, Pi 500, Compute Module 5)
         */
        public int channelOn(boolean rp1) {
            if (channel.isPresent()) {
                return channel.getAsInt();
            }
            return switch (gpio) {
                case 12 -> 0;
                case 13 -> 1;
                case 18 -> rp1 ? 2 : 0;
                case 19 -> rp1 ? 3 : 1;
                default -> throw new IllegalStateException("GPIO " + gpio + " has no hardware PWM");
            };
        }
    }
}
