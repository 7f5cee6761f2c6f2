package org.shogiban.hal.scan;

import org.shogiban.hal.SensorFrame;

/** Receives the stable sensor frames the scan loop publishes. Called on the scan thread; must return quickly. */
@FunctionalInterface
public interface FrameListener {

    /** The board settled in a new state. */
    void onFrame(SensorFrame frame);
}
