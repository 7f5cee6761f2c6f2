package org.shogiban.cli;

import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;

/**
 * A fault put into the simulated board's square sensors on purpose, for the tests that show systemd's watchdog
 * restarts a board whose scan loop hangs or keeps failing ({@code serve --simulated --test-scan-fault hang:MILLIS}
 * or {@code fail:MILLIS}). Not in the usage text: no board needs it.
 *
 * @param hang true: sampling blocks for good; false: sampling throws
 * @param afterMillis how long the sensors work before the fault begins
 */
record ScanFault(boolean hang, long afterMillis) {

    /** Reads {@code hang:MILLIS} or {@code fail:MILLIS}. */
    static ScanFault parse(String spec) {
        String[] parts = spec.toLowerCase(Locale.ROOT).split(":");
        if (parts.length != 2 || !(parts[0].equals("hang") || parts[0].equals("fail"))) {
            throw new IllegalArgumentException("scan fault '" + spec + "' is not hang:MILLIS or fail:MILLIS");
        }
        try {
            return new ScanFault(parts[0].equals("hang"), Long.parseLong(parts[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("scan fault '" + spec + "' is not hang:MILLIS or fail:MILLIS");
        }
    }

    /** {@code sensors} that work until {@code afterMillis} on {@code clock} from now, then hang or throw. */
    SquareSensors around(SquareSensors sensors, MonotonicClock clock) {
        long start = clock.millis();
        return new SquareSensors() {
            @Override
            public SensorKind kind() {
                return sensors.kind();
            }

            @Override
            public void sample(SquareReading[] into) {
                if (clock.millis() - start < afterMillis) {
                    sensors.sample(into);
                } else if (hang) {
                    while (!Thread.currentThread().isInterrupted()) {
                        LockSupport.park(this);
                    }
                } else {
                    throw new IllegalStateException("test scan fault: the square sensors fail");
                }
            }
        };
    }
}
