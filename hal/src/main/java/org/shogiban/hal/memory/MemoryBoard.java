package org.shogiban.hal.memory;

import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;

/**
 * A whole board in memory, for the simulator and tests: the ports of a {@link Board} plus typed access to set
 * sensors, press buttons and read back what the firmware showed.
 */
public final class MemoryBoard {
    public final MemorySquareSensors squares;
    public final MemoryKomadaiSensors komadai = new MemoryKomadaiSensors();
    public final RecordingLedPanel leds = new RecordingLedPanel();
    public final RecordingClockDisplay clock = new RecordingClockDisplay();
    public final RecordingBuzzer buzzer = new RecordingBuzzer();
    public final MemoryButtons buttons;
    public final FaultReporter faults;

    public MemoryBoard(SensorKind kind, MonotonicClock time) {
        squares = new MemorySquareSensors(kind);
        buttons = new MemoryButtons(time);
        faults = new FaultReporter(time);
    }

    /** The ports as a {@link Board}. */
    public Board board() {
        return new Board(squares, komadai, leds, clock, buzzer, buttons, faults, () -> { });
    }
}
