package org.shogiban.hal.pi4j;

import java.util.Objects;
import org.shogiban.hal.ClockDisplay;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.segment.ClockFaceLayout;
import org.shogiban.hal.segment.FourDigits;

/**
 * The two clocks on one HT16K33 four-digit backpack per player. The backpack's display RAM holds digit 0 at 0x00,
 * digit 1 at 0x02, the colon at 0x04 (bit 1), digit 2 at 0x06 and digit 3 at 0x08, each followed by an unused byte;
 * the ten bytes are written in one transfer. Faults are reported by the chips.
 */
public final class Ht16k33ClockDisplay implements ClockDisplay {
    static final int COLON_BIT = 0x02;

    private final Ht16k33 sente;
    private final Ht16k33 gote;

    Ht16k33ClockDisplay(Ht16k33 sente, Ht16k33 gote) {
        this.sente = Objects.requireNonNull(sente);
        this.gote = Objects.requireNonNull(gote);
    }

    /** The ten RAM bytes of a display content. */
    static byte[] ram(FourDigits d) {
        return new byte[] {(byte) d.d0(), 0, (byte) d.d1(), 0, (byte) (d.colon() ? COLON_BIT : 0), 0,
                (byte) d.d2(), 0, (byte) d.d3(), 0};
    }

    @Override
    public synchronized void show(ClockFace senteFace, ClockFace goteFace) {
        sente.writeRam(ram(ClockFaceLayout.layout(senteFace)));
        gote.writeRam(ram(ClockFaceLayout.layout(goteFace)));
    }

    @Override
    public synchronized void showDigits(FourDigits senteDigits, FourDigits goteDigits) {
        sente.writeRam(ram(senteDigits));
        gote.writeRam(ram(goteDigits));
    }

    @Override
    public synchronized void blank() {
        sente.off();
        gote.off();
    }
}
