package org.shogiban.hal.pi4j;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.shogiban.hal.ClockDisplay;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.segment.ClockFaceLayout;
import org.shogiban.hal.segment.FourDigits;

/**
 * The two clocks on one TM1637 module per player, laid out by {@link ClockFaceLayout}. Faults are reported: a GPIO
 * error, and a display that does not acknowledge its bytes.
 *
 * <p>The writes run on the given executor, not on the caller's thread: reading each byte's acknowledge turns DIO
 * into an input and back ({@link Tm1637Line}), and on gpiod closing an input waits for Pi4J's event thread, which
 * wakes every 10 ms, so one display update can take tens of milliseconds. Only the latest content is written: a
 * content asked for while a write is running replaces any that is still waiting.
 */
public final class Tm1637ClockDisplay implements ClockDisplay {
    private final Tm1637 sente;
    private final Tm1637 gote;
    private final FaultReporter.Device senteHealth;
    private final FaultReporter.Device goteHealth;
    private final Executor writer;
    private final Object lock = new Object();
    /** The content waiting to be written (null faces: blank), or null when nothing waits. */
    private FourDigits[] pending;
    private boolean scheduled;

    Tm1637ClockDisplay(Tm1637 sente, Tm1637 gote, FaultReporter faults, Executor writer) {
        this.sente = Objects.requireNonNull(sente);
        this.gote = Objects.requireNonNull(gote);
        this.senteHealth = faults.device("TM1637 sente clock", sente.address());
        this.goteHealth = faults.device("TM1637 gote clock", gote.address());
        this.writer = Objects.requireNonNull(writer);
    }

    @Override
    public void show(ClockFace senteFace, ClockFace goteFace) {
        submit(new FourDigits[] {ClockFaceLayout.layout(senteFace), ClockFaceLayout.layout(goteFace)});
    }

    @Override
    public void blank() {
        submit(new FourDigits[] {null, null});
    }

    @Override
    public void showDigits(FourDigits senteDigits, FourDigits goteDigits) {
        submit(new FourDigits[] {Objects.requireNonNull(senteDigits), Objects.requireNonNull(goteDigits)});
    }

    private void submit(FourDigits[] content) {
        synchronized (lock) {
            pending = content;
            if (scheduled) {
                return;
            }
            scheduled = true;
        }
        try {
            writer.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // the board is closing: the display keeps what it shows
            synchronized (lock) {
                scheduled = false;
            }
        }
    }

    private void drain() {
        while (true) {
            FourDigits[] content;
            synchronized (lock) {
                content = pending;
                pending = null;
                if (content == null) {
                    scheduled = false;
                    return;
                }
            }
            write(sente, senteHealth, content[0]);
            write(gote, goteHealth, content[1]);
        }
    }

    private static void write(Tm1637 display, FaultReporter.Device health, FourDigits digits) {
        try {
            boolean acked = digits == null ? display.off() : display.show(digits);
            if (!acked) {
                health.failed("no acknowledge on DIO: the display is missing, unpowered or its wires are broken",
                        null);
                return;
            }
            health.succeeded();
        } catch (RuntimeException e) {
            health.failed("GPIO write failed: " + e, e);
        }
    }
}
