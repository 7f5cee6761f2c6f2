package org.shogiban.hal.memory;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.Buzzer;

/** A buzzer that records the sounds asked of it. Thread-safe. */
public final class RecordingBuzzer implements Buzzer {
    /** A sound asked of the buzzer. */
    public enum Sound { BEEP, LONG_TONE, SILENCE }

    private final List<Sound> sounds = new ArrayList<>();

    @Override
    public synchronized void beep() {
        sounds.add(Sound.BEEP);
    }

    @Override
    public synchronized void longTone() {
        sounds.add(Sound.LONG_TONE);
    }

    @Override
    public synchronized void silence() {
        sounds.add(Sound.SILENCE);
    }

    /** Every sound asked for, oldest first. */
    public synchronized List<Sound> sounds() {
        return List.copyOf(sounds);
    }
}
