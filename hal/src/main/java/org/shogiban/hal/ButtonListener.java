package org.shogiban.hal;

/** Receives button presses and releases. Called on the thread that saw the edge; must return quickly. */
@FunctionalInterface
public interface ButtonListener {

    /** A button changed state. */
    void onButton(ButtonEvent event);
}
