package org.shogiban.hal.pi4j;

import java.util.Objects;
import org.shogiban.hal.ClockDisplay;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.segment.ClockFaceLayout;
import org.shogiban.hal.segment.FourDigits;

/** The two clocks on one TM1637 module per player, laid out by {@link ClockFaceLayout}. Faults are reported. */
public final class Tm1637ClockDisplay implements ClockDisplay {
    private final Tm1637 sente;
    private final Tm1637 gote;
    private final FaultReporter.Device senteHealth;
    private final FaultReporter.Device goteHealth;

    Tm1637ClockDisplay(Tm1637 sente, Tm1637 gote, FaultReporter faults) {
        this.sente = Objects.requireNonNull(sente);
        this.gote = Objects.requireNonNull(gote);
        this.senteHealth = faults.device("TM1637 sente clock", sente.address());
        this.goteHealth = faults.device("TM1637 gote clock", gote.address());
    }

    @Override
    public synchronized void show(ClockFace senteFace, ClockFace goteFace) {
        write(sente, senteHealth, ClockFaceLayout.layout(senteFace));
        write(gote, goteHealth, ClockFaceLayout.layout(goteFace));
    }

    @Override
    public synchronized void blank() {
        write(sente, senteHealth, null);
        write(gote, goteHealth, null);
    }

    private static void write(Tm1637 display, FaultReporter.Device health, FourDigits digits) {
        try {
            if (digits == null) {
                display.off();
            } else {
                display.show(digits);
            }
            health.succeeded();
        } catch (RuntimeException e) {
            health.failed("GPIO write failed: " + e, e);
        }
    }
}
