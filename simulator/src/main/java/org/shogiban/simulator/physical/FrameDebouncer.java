package org.shogiban.simulator.physical;

import org.shogiban.hal.SensorFrame;

/**
 * Turns raw scans into debounced frames. A small seam so the replay harness can run the HAL's own scan loop
 * ({@link HalScanLoopDebouncer}, the default) or the simple {@link ConsecutiveScanDebouncer}.
 */
public interface FrameDebouncer {
    /**
     * Takes the raw frame of one scan.
     *
     * @return the debounced frame when the stable readings changed in this scan, else null
     */
    SensorFrame debounce(SensorFrame raw);
}
