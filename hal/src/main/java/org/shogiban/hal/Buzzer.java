package org.shogiban.hal;

/**
 * Port: the buzzer. Every method returns at once; the end of a sound is scheduled, never waited for. A new sound
 * replaces the one playing.
 */
public interface Buzzer {

    /** A short beep (a key press, a move accepted). */
    void beep();

    /** A long tone (illegal move, time running out). */
    void longTone();

    /** Stops any sound now. */
    void silence();
}
