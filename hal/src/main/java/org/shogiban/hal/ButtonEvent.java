package org.shogiban.hal;

/** One press (or release) of a button, time-stamped in the scan clock's milliseconds. */
public record ButtonEvent(Button button, boolean pressed, long timeMillis) {
    public ButtonEvent {
        if (button == null) {
            throw new IllegalArgumentException("a button event needs a button");
        }
    }

    /** A press at a time. */
    public static ButtonEvent press(Button button, long timeMillis) {
        return new ButtonEvent(button, true, timeMillis);
    }
}
