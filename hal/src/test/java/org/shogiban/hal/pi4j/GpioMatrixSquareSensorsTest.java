package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalOutput;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.scan.ManualClock;

class GpioMatrixSquareSensorsTest {
    private final FaultReporter faults = new FaultReporter(new ManualClock());
    private final List<DigitalOutput> rows = new ArrayList<>();
    private final List<DigitalInput> columns = new ArrayList<>();
    /** Which row is driven low now, -1 for none: the simulated matrix. */
    private final int[] drivenRow = {-1};

    /** Builds mocks that behave like a diode matrix with switches closed at {@code closed} (row*cols + col). */
    private void matrix(int columnCount, Set<Integer> closed) {
        for (int r = 0; r < 9; r++) {
            DigitalOutput row = mock(DigitalOutput.class, "row" + r);
            int rank = r;
            when(row.low()).thenAnswer(inv -> {
                drivenRow[0] = rank;
                return row;
            });
            when(row.high()).thenAnswer(inv -> {
                if (drivenRow[0] == rank) {
                    drivenRow[0] = -1;
                }
                return row;
            });
            rows.add(row);
        }
        for (int c = 0; c < columnCount; c++) {
            DigitalInput column = mock(DigitalInput.class, "column" + c);
            int col = c;
            when(column.isLow()).thenAnswer(inv -> drivenRow[0] >= 0
                    && closed.contains(drivenRow[0] * columnCount + col));
            columns.add(column);
        }
    }

    @Test
    void scansRankByRankDrivingOneRowLowAndReadingEveryColumn() {
        matrix(9, Set.of());
        GpioMatrixSquareSensors sensors = new GpioMatrixSquareSensors(SensorKind.OCCUPANCY, rows, columns, 0,
                faults.device("diode matrix", "gpio"));
        sensors.sample(new SquareReading[81]);
        Object[] all = new Object[18];
        for (int i = 0; i < 9; i++) {
            all[i] = rows.get(i);
            all[9 + i] = columns.get(i);
        }
        InOrder order = inOrder(all);
        for (int r = 0; r < 9; r++) {
            order.verify(rows.get(r)).low();
            for (int c = 0; c < 9; c++) {
                order.verify(columns.get(c)).isLow();
            }
            order.verify(rows.get(r)).high();
        }
        order.verifyNoMoreInteractions();
    }

    @Test
    void closedSwitchesBecomeOccupiedSquaresInSfenOrder() {
        // rank c (row 2), column 2 = file 7 -> 7c; rank i column 8 = file 1 -> 1i
        matrix(9, Set.of(2 * 9 + 2, 8 * 9 + 8));
        GpioMatrixSquareSensors sensors = new GpioMatrixSquareSensors(SensorKind.OCCUPANCY, rows, columns, 0,
                faults.device("diode matrix", "gpio"));
        SquareReading[] squares = new SquareReading[81];
        sensors.sample(squares);
        assertThat(squares[(3 - 1) * 9 + (9 - 7)]).isEqualTo(SquareReading.OCCUPIED);
        assertThat(squares[80]).isEqualTo(SquareReading.OCCUPIED);
        assertThat(Arrays.stream(squares).filter(SquareReading::isOccupied).count()).isEqualTo(2);
    }

    @Test
    void aDiodeMatrixRefusesPolarity() {
        matrix(18, Set.of());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new GpioMatrixSquareSensors(SensorKind.POLARITY,
                rows, columns, 0, faults.device("diode matrix", "gpio"))).hasMessageContaining("occupancy only");
    }

    @Test
    void aFailingPinLeavesTheSquaresAloneReleasesTheRowAndIsReported() {
        matrix(9, Set.of(0));
        when(columns.get(4).isLow()).thenThrow(new com.pi4j.io.exception.IOException("gpiod read failed"));
        List<FaultEvent> events = new ArrayList<>();
        faults.addListener(events::add);
        GpioMatrixSquareSensors sensors = new GpioMatrixSquareSensors(SensorKind.OCCUPANCY, rows, columns, 0,
                faults.device("diode matrix", "gpio rows [..]"));
        SquareReading[] squares = new SquareReading[81];
        Arrays.fill(squares, SquareReading.EMPTY);
        sensors.sample(squares);
        assertThat(squares).containsOnly(SquareReading.EMPTY);
        assertThat(drivenRow[0]).as("row driven back high").isEqualTo(-1);
        assertThat(events).singleElement().extracting(FaultEvent::message).asString().contains("gpiod read failed");
    }
}
