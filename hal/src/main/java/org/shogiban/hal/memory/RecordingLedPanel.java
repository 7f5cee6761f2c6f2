package org.shogiban.hal.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.LedPanel;

/** An LED panel that keeps every frame shown, for the simulator to draw and tests to check. Thread-safe. */
public final class RecordingLedPanel implements LedPanel {
    private final List<LedFrame> shown = new ArrayList<>();

    @Override
    public synchronized void show(LedFrame frame) {
        shown.add(Objects.requireNonNull(frame));
    }

    /** The frame on the LEDs now: the last shown, or dark. */
    public synchronized LedFrame current() {
        return shown.isEmpty() ? LedFrame.dark() : shown.get(shown.size() - 1);
    }

    /** Every frame shown, oldest first. */
    public synchronized List<LedFrame> history() {
        return List.copyOf(shown);
    }
}
