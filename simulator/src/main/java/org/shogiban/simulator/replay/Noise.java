package org.shogiban.simulator.replay;

import org.shogiban.simulator.SimulatorCommand;

/** What a noise level (0 clean .. 3 rough) means for the sensors and the hands. */
final class Noise {
    private Noise() {
    }

    /** The value of a {@code --noise} option, or a usage error saying what is allowed. */
    static int option(long value) {
        if (value < 0 || value > 3) {
            throw new SimulatorCommand.UsageError("--noise is 0..3 (0 clean, 3 rough), not " + value);
        }
        return (int) value;
    }

    static int check(int level) {
        if (level < 0 || level > 3) {
            throw new IllegalArgumentException("noise level is 0..3, not " + level);
        }
        return level;
    }

    /** How long a changed sensor bounces: 0, 15, 25, 40 ms. */
    static long bounceMillis(int level) {
        return switch (check(level)) {
            case 0 -> 0;
            case 1 -> 15;
            case 2 -> 25;
            default -> 40;
        };
    }

    /** The chance of each handling quirk (slide, hover, hesitation, lift and put back) per move. */
    static double quirkChance(int level) {
        return switch (check(level)) {
            case 0 -> 0;
            case 1 -> 0.15;
            case 2 -> 0.3;
            default -> 0.5;
        };
    }
}
