package org.shogiban.simulator.physical;

import org.shogiban.hal.SensorFrame;

/**
 * Turns raw scans into debounced frames, one per scan. A small seam so the replay harness can use the HAL's own
 * debouncer once it exists, or this simple one.
 */
public interface FrameDebouncer {
    /** The debounced frame at the raw frame's time. */
    SensorFrame debounce(SensorFrame raw);
}
