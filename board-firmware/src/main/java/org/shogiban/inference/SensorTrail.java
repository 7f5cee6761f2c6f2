package org.shogiban.inference;

import java.util.Arrays;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Square;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the sensors showed lately: the last frame, the frame before the last change and since when each was shown,
 * and the two records of the changes ({@link TouchLog}: when each square last emptied and filled;
 * {@link ChangeLog}: their order since the board last agreed), both fed by one walk over the 81 squares of each
 * changed frame. Mutable, owned by the inference.
 */
final class SensorTrail {
    private static final Logger log = LoggerFactory.getLogger(SensorTrail.class);

    private final TouchLog touches = new TouchLog();
    private final ChangeLog changes = new ChangeLog();
    /** The last frame, and when its readings were first shown. */
    private SensorFrame last;
    private long lastChangeMillis;
    /** The frame before the last change, and since when the board had shown it. */
    private SensorFrame previous;
    private long previousMillis;

    /** When each square last emptied and filled. */
    TouchLog touches() {
        return touches;
    }

    /** The order of the changes since the board last agreed (the inference's state records and clears it). */
    ChangeLog changes() {
        return changes;
    }

    /** The last frame, or null before one. */
    SensorFrame last() {
        return last;
    }

    /** When the last frame's readings were first shown. */
    long lastChangeMillis() {
        return lastChangeMillis;
    }

    /** The frame before the last change, or null. */
    SensorFrame previous() {
        return previous;
    }

    /** Since when the board had shown the frame before the last change. */
    long previousMillis() {
        return previousMillis;
    }

    /** Takes a frame; whether its readings differ from the last frame's (then it is the last change). */
    boolean advance(SensorFrame frame) {
        long now = frame.timeMillis();
        if (last != null && frame.sameReadings(last)) {
            last = frame;
            return false;
        }
        if (log.isTraceEnabled()) {
            log.trace("frame {}:{}", now, describeChange(last, frame));
        }
        if (last != null) {
            record(last, frame, now);
        }
        previous = last;
        previousMillis = lastChangeMillis;
        last = frame;
        lastChangeMillis = now;
        return true;
    }

    /** The one walk over a changed frame: each square that emptied or filled goes to both logs. */
    private void record(SensorFrame before, SensorFrame now, long time) {
        for (int i = 0; i < 81; i++) {
            SquareReading is = now.square(i);
            boolean filled = is.isOccupied();
            if (before.square(i).isOccupied() != filled) {
                if (filled) {
                    touches.filled(i, time);
                } else {
                    touches.vacated(i, time);
                }
                changes.add(time, i, filled, is == SquareReading.FACE_DOWN);
            }
        }
    }

    /** The squares a frame filled (+) or emptied (-), and the komadai counts when they changed: for tracing. */
    private static String describeChange(SensorFrame before, SensorFrame after) {
        if (before == null) {
            return " first frame";
        }
        StringBuilder d = new StringBuilder();
        for (int i = 0; i < 81; i++) {
            if (before.square(i) != after.square(i)) {
                d.append(' ').append(Square.ofIndex(i).usi()).append(after.square(i).isOccupied() ? "+" : "-");
            }
        }
        if (!Arrays.equals(before.komadaiCounts(), after.komadaiCounts())) {
            d.append(" komadai ").append(Arrays.toString(after.komadaiCounts()));
        }
        return d.toString();
    }
}
