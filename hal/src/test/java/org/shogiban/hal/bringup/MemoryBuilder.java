package org.shogiban.hal.bringup;

import java.util.List;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.memory.RecordingBuzzer;
import org.shogiban.hal.segment.FourDigits;
import org.shogiban.hal.segment.SevenSegment;

/** The scripted builder at the simulated board: hands on its sensors and buttons, eyes on its recorded outputs. */
final class MemoryBuilder extends ScriptedBuilder {
    private final MemoryBoard board;

    MemoryBuilder(MemoryBoard board) {
        this.board = board;
    }

    @Override
    protected SquareReading placedReading() {
        return board.squares.kind() == SensorKind.POLARITY ? SquareReading.FACE_UP : SquareReading.OCCUPIED;
    }

    @Override
    protected void setSensor(int index, SquareReading reading) {
        if (index >= 0 && index < LedFrame.SQUARES) {      // else: a wire that ends nowhere
            board.squares.set(index, reading);
        }
    }

    @Override
    protected void press(Button button) {
        board.buttons.click(button);
    }

    @Override
    protected void setSlot(Player player, KomadaiSlot slot, int count) {
        board.komadai.set(player, slot, count);
    }

    @Override
    protected boolean squareLedAloneLit(int square) {
        LedFrame frame = board.leds.current();
        for (int i = 0; i < LedFrame.TOTAL; i++) {
            if (frame.led(i).isLit() != (i == square)) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected boolean komadaiLedAloneLit(Player player, KomadaiSlot slot) {
        LedFrame frame = board.leds.current();
        return frame.komadai(player, slot).isLit() && frame.equals(LedFrame.builder()
                .komadai(player, slot, frame.komadai(player, slot)).build());
    }

    @Override
    protected boolean clocksShow(String digits) {
        List<FourDigits> shown = board.clock.digits().orElse(List.of());
        if (shown.size() != 2) {
            return false;
        }
        for (FourDigits d : shown) {
            for (int i = 0; i < 4; i++) {
                if (d.digit(i) != SevenSegment.digit(digits.charAt(i) - '0')) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    protected boolean toneSounding() {
        List<RecordingBuzzer.Sound> sounds = board.buzzer.sounds();
        return !sounds.isEmpty() && sounds.get(sounds.size() - 1) == RecordingBuzzer.Sound.LONG_TONE;
    }
}
