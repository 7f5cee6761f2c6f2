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
 * <p>Rows are ranks a..i, columns files 9..1 (SFEN order); a polarity board has 18 columns, the nine face-up outputs
 * then the nine face-down outputs. All rows idle high. A pass drives rank a low, waits the settle time, reads every
 * column (pulled up; a closed switch conducts through its diode and reads low), drives rank a high again, then the
 * same for ranks b to i. The diodes stop ghosting when several switches are closed. A pin that fails leaves the
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
        int columnCount = kind == SensorKind.POLARITY ? 18 : 9;
        if (rows.size() != 9 || columns.size() != columnCount) {
            throw new IllegalArgumentException(kind + " matrix needs 9 rows and " + columnCount + " columns, got "
                    + rows.size() + " and " + columns.size());
        }
        this.rows = rows.toArray(DigitalOutput[]::new);
        this.columns = columns.toArray(DigitalInput[]::new);
        this.settleNanos = settleMicros * 1000L;
        this.health = Objects.requireNonNull(health);
        this.low = new boolean[81 * (columnCount / 9)];
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
                if (kind == SensorKind.OCCUPANCY) {
                    into[square] = low[r * 9 + f] ? SquareReading.OCCUPIED : SquareReading.EMPTY;
                } else {
                    into[square] = Mcp23017SquareSensors.polarity(low[r * 18 + f], low[r * 18 + 9 + f]);
                }
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
