package org.shogiban.simulator.physical;

import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;

/**
 * Debounces with the firmware's own {@link ScanLoop}: the simulated raw frames are its sensor ports, each scan is one
 * {@link ScanLoop#step(long) pass}, and a frame it publishes (only when the stable state changed) is returned.
 */
public final class HalScanLoopDebouncer implements FrameDebouncer {
    private final ScanLoop loop;
    private SensorFrame raw;

    /**
     * @param scanMillis the time between two scans
     * @param stableScans how many scans a new reading must last to count
     */
    public HalScanLoopDebouncer(long scanMillis, int stableScans) {
        SquareSensors squares = new SquareSensors() {
            @Override
            public SensorKind kind() {
                return SensorKind.POLARITY;
            }

            @Override
            public void sample(SquareReading[] into) {
                for (int i = 0; i < 81; i++) {
                    into[i] = raw.square(i);
                }
            }
        };
        KomadaiSensors komadai = into -> System.arraycopy(raw.komadaiCounts(), 0, into, 0, into.length);
        int rateHz = (int) Math.max(1, 1000 / scanMillis);
        long stableMillis = Math.max(1, (stableScans - 1) * scanMillis);
        FaultReporter faults = new FaultReporter(() -> raw == null ? 0 : raw.timeMillis());
        this.loop = new ScanLoop(squares, komadai, new ScanSettings(rateHz, stableMillis), () -> raw.timeMillis(),
                faults);
    }

    @Override
    public SensorFrame debounce(SensorFrame rawFrame) {
        raw = rawFrame;
        return loop.step(rawFrame.timeMillis()).orElse(null);
    }
}
