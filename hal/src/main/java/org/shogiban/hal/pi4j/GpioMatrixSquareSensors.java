package org.shogiban.hal.pi4j;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import java.util.List;
import java.util.Objects;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;

/**
 * Square sensors in a row/column diode matrix wired straight to the Pi's GPIO.
 *
 * <p>Rows are ranks a..i, columns files 9..1 (SFEN order). Occupancy only: a passive switch matrix cannot tell a
 * piece's face (that needs active hall sensors with two outputs per square, on MCP23017). All rows idle high. A pass drives rank a low, waits the settle time, reads every
 * column (pulled up; a closed switch conducts through its diode and reads low), drives rank a high again, then the
 * same for ranks b to i. The diodes stop ghosting when several switches are closed. The settle time also lets a
 * column that the previous rank pulled low rise again through its pull-up: with the Pi's internal 50-65 kΩ pull-ups
 * that takes tens of microseconds (see {@code SquaresConfig.Matrix#INTERNAL_PULL_UP_SETTLE_MICROS}), otherwise the
 * previous rank's pieces show through.
 *
 * <p>The columns are read here, in the pass, never through events; yet Pi4J's gpiod plugin gives every input its
 * own event thread that wakes every 10 ms, so a matrix costs nine such threads (docs/hardware.md counts them). A pin that fails leaves the
 * whole pass unread (squares keep their previous values) and is reported.
 */
public final class GpioMatrixSquareSensors implements SquareSensors {
    private final SensorKind kind;
    private final DigitalOutput[] rows;
    private final DigitalInput[] columns;
    private final long settleNanos;
    private final FaultReporter.Device health;
    private final boolean[] low;

    GpioMatrixSquareSensors(SensorKind kind, List<DigitalOutput> rows, List<DigitalInput> columns, int settleMicros,
                            FaultReporter.Device health) {
        this.kind = Objects.requireNonNull(kind);
        if (kind != SensorKind.OCCUPANCY) {
            throw new IllegalArgumentException("a diode matrix reads occupancy only, not " + kind);
        }
        if (rows.size() != 9 || columns.size() != 9) {
            throw new IllegalArgumentException("a matrix needs 9 rows and 9 columns, got " + rows.size() + " and "
                    + columns.size());
        }
        this.rows = rows.toArray(DigitalOutput[]::new);
        this.columns = columns.toArray(DigitalInput[]::new);
        this.settleNanos = settleMicros * 1000L;
        this.health = Objects.requireNonNull(health);
        this.low = new boolean[81];
    }

    @Override
    public SensorKind kind() {
        return kind;
    }

    @Override
    public void sample(SquareReading[] into) {
        int columnsPerRank = columns.length;
        try {
            for (int r = 0; r < 9; r++) {
                rows[r].low();
                settle();
                try {
                    for (int c = 0; c < columnsPerRank; c++) {
                        low[r * columnsPerRank + c] = columns[c].isLow();
                    }
                } finally {
                    rows[r].high();
                }
            }
        } catch (RuntimeException e) {
            health.failed("matrix scan failed: " + e, e);
            return;
        }
        health.succeeded();
        for (int r = 0; r < 9; r++) {
            for (int f = 0; f < 9; f++) {
                int square = r * 9 + f;
                into[square] = low[square] ? SquareReading.OCCUPIED : SquareReading.EMPTY;
            }
        }
    }

    private void settle() {
        if (settleNanos == 0) {
            return;
        }
        long until = System.nanoTime() + settleNanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }
}
