package org.shogiban.hal.config;

/** Whether the board has a buzzer and how it sounds. */
public sealed interface BuzzerConfig {

    /** No buzzer. */
    record None() implements BuzzerConfig {
    }

    /**
     * A passive piezo buzzer driven by PWM at 50 % duty.
     *
     * @param gpio BCM pin, one with hardware PWM: 12, 13, 18 or 19
     * @param channel the PWM channel of that pin on the Pi's PWM chip (Pi4J's linuxfs-pwm address): 12 and 18 are
     *                channel 0, 13 and 19 channel 1 on a Pi 4 or Zero 2 W with {@code dtoverlay=pwm}; 0..3 on a Pi 5
     * @param frequencyHz tone frequency
     * @param beepMillis length of a short beep
     * @param longToneMillis length of a long tone
     */
    record Pwm(int gpio, int channel, int frequencyHz, int beepMillis, int longToneMillis)
            implements BuzzerConfig {
    }
}
