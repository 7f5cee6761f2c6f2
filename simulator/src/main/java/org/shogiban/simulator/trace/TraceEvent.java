package org.shogiban.simulator.trace;

import java.util.Locale;
import org.shogiban.hal.Button;

/** One thing a hand does at a time (milliseconds from the trace's start). */
public sealed interface TraceEvent {

    long timeMillis();

    /** The trace format's line for this event. */
    String text();

    /** A piece is lifted from a square or a komadai slot. */
    record Lift(long timeMillis, Place place) implements TraceEvent {
        @Override
        public String text() {
            return timeMillis + " lift " + place.text();
        }
    }

    /** A piece is put on a square (face down = promoted side up) or in a komadai slot. */
    record Put(long timeMillis, Place place, boolean faceDown) implements TraceEvent {
        @Override
        public String text() {
            return timeMillis + " place " + place.text() + (faceDown ? " down" : "");
        }
    }

    /** A button is pressed. */
    record Press(long timeMillis, Button button) implements TraceEvent {
        @Override
        public String text() {
            return timeMillis + " press " + buttonName(button);
        }
    }

    /** The trace format's name of a button: {@code clock-sente}, {@code promote}, ... */
    static String buttonName(Button button) {
        return button.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
