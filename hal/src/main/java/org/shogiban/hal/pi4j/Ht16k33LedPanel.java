package org.shogiban.hal.pi4j;

import java.util.Objects;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.LedPanel;

/**
 * Single-colour LEDs on an HT16K33: LED {@code i} of the {@link LedFrame} order is bit {@code i % 8} of display RAM
 * byte {@code i / 8} (so the 99 LEDs use bytes 0..12); an LED is on when its colour is lit at all. Brightness is the
 * chip's global dimming. Faults are reported by the chip, never thrown.
 */
public final class Ht16k33LedPanel implements LedPanel {
    private final Ht16k33 chip;
    private final byte[] ram = new byte[16];

    Ht16k33LedPanel(Ht16k33 chip) {
        this.chip = Objects.requireNonNull(chip);
    }

    @Override
    public synchronized void show(LedFrame frame) {
        java.util.Arrays.fill(ram, (byte) 0);
        for (int i = 0; i < LedFrame.TOTAL; i++) {
            if (frame.led(i).isLit()) {
                ram[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        chip.writeRam(ram);
    }
}
