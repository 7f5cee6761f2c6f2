package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.KomadaiConfig;
import org.shogiban.hal.config.BoardConfigTestAccess;
import org.shogiban.hal.scan.ManualClock;

class Mcp23017KomadaiSensorsTest {
    private final Context pi4j = MockBoard.context();
    private final FaultReporter faults = new FaultReporter(new ManualClock());
    private final List<MockI2C> mocks = new ArrayList<>();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private List<Mcp23017> chips(int count) {
        return chips(count, false);
    }

    private List<Mcp23017> chips(int count, boolean interrupt) {
        List<Mcp23017> chips = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MockI2C mock = MockBoard.i2c(pi4j, "komadai-" + i, 3, 0x20 + i);
            mocks.add(mock);
            chips.add(new Mcp23017(new I2cChip(mock, faults.device("MCP23017 komadai #" + i, "i2c-3/0x2" + i), 2),
                    true, interrupt));
        }
        return chips;
    }

    @Test
    void onePlaceSensorPerPieceCountsActivePins() throws IOException {
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) config.komadai();
        Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips(6), k.encoding(), k.slotPins(), true, null, 10);
        // default layout over the 14 inputs of each chip: sente pawn = inputs 0..17 (pins 0..6, 8..14, 16..19),
        // lance inputs 18..21 ...; gote pawn = inputs 38..55, the first on pin 43 (chip 2 GPB3)
        MockBoard.answerGpio(mocks.get(0), 0b1111_1000, 0x7F); // 3 sente pawns; GPB7 low is no input
        MockBoard.answerGpio(mocks.get(1), 0b1111_1110, 0xFF); // pin 16 = 15th pawn place
        MockBoard.answerGpio(mocks.get(2), 0x7F, 0b1111_0111); // pin 43: first gote pawn place; GPA7 ignored
        MockBoard.answerGpio(mocks.get(3), 0xFF, 0xFF);
        MockBoard.answerGpio(mocks.get(4), 0xFF, 0xFF);
        MockBoard.answerGpio(mocks.get(5), 0xFF, 0b0011_1111); // past the 76th input: spare
        int[] counts = new int[14];
        sensors.sample(counts);
        assertThat(counts[KomadaiSensors.index(Player.SENTE, KomadaiSlot.PAWN)]).isEqualTo(4);
        assertThat(counts[KomadaiSensors.index(Player.GOTE, KomadaiSlot.PAWN)]).isEqualTo(1);
        assertThat(counts[KomadaiSensors.index(Player.GOTE, KomadaiSlot.ROOK)]).isZero();
    }

    @Test
    void countingSensorGivesTheCountInBinary() throws IOException {
        BoardConfig config = BoardConfigTestAccess.example("hall-polarity.properties");
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) config.komadai();
        Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips(3), k.encoding(), k.slotPins(), true, null, 10);
        // sente pawn bits = pins 0..4 (LSB first): 18 = 0b10010 -> pins 1 and 4 active (low)
        // sente lance bits = pins 5, 6, 8 (GPA7 skipped): 3 = 0b011 -> pins 5, 6 active
        MockBoard.answerGpio(mocks.get(0), ~0b0110_0000 & ~0b0001_0010 & 0xFF, 0xFF);
        MockBoard.answerGpio(mocks.get(1), 0xFF, 0xFF);
        MockBoard.answerGpio(mocks.get(2), 0xFF, 0xFF);
        int[] counts = new int[14];
        sensors.sample(counts);
        assertThat(counts[KomadaiSensors.index(Player.SENTE, KomadaiSlot.PAWN)]).isEqualTo(18);
        assertThat(counts[KomadaiSensors.index(Player.SENTE, KomadaiSlot.LANCE)]).isEqualTo(3);
        assertThat(counts[KomadaiSensors.index(Player.GOTE, KomadaiSlot.PAWN)]).isZero();
    }

    /** The reference board's komadai (six chips, a place per piece) on an interrupt line, with a backstop of 4. */
    private Mcp23017KomadaiSensors onALine(MockDigitalInput line) throws IOException {
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) BoardConfigTestAccess
                .example("reed-6x-mcp23017.properties").komadai();
        return new Mcp23017KomadaiSensors(chips(6, true), k.encoding(), k.slotPins(), true, new InterruptLine(line),
                4);
    }

    private MockDigitalInput line(DigitalState state) {
        MockDigitalInput line = (MockDigitalInput) pi4j.create(DigitalInput.newConfigBuilder(pi4j)
                .id("komadai-int").address(4).pull(PullResistance.PULL_UP));
        line.mockState(state);
        return line;
    }

    @Test
    void withAnInterruptLineTheKomadaiChipsAreReadOnlyOnInterruptOrBackstop() throws IOException {
        MockDigitalInput line = line(DigitalState.HIGH);
        Mcp23017KomadaiSensors sensors = onALine(line);
        RegisterI2C chip0 = (RegisterI2C) mocks.get(0);
        assertThat(chip0.fileRegister(Mcp23017.IOCON)).as("INTA/INTB mirrored, open-drain").isEqualTo(0x44);
        assertThat(chip0.fileRegister(Mcp23017.GPINTENA)).as("interrupt on the inputs only").isEqualTo(0x7F);
        assertThat(chip0.fileRegister(Mcp23017.GPINTENA + 1)).isEqualTo(0x7F);
        assertThat(chip0.fileRegister(Mcp23017.INTCONA)).as("on any change, not against DEFVAL").isZero();
        int pawns = KomadaiSensors.index(Player.SENTE, KomadaiSlot.PAWN);
        int[] counts = new int[14];

        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(counts); // the first pass always reads
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(counts[pawns]).isZero();

        // two pawns put on the sente komadai (GPA0 of chips 0 and 1: its places 1 and 15): not read while the line
        // stays high
        MockBoard.answerAll(mocks, 0xFE);
        sensors.sample(counts);
        assertThat(MockBoard.pendingAnswers(mocks)).isEqualTo(6);
        assertThat(counts[pawns]).as("the last count kept, not unknown").isZero();

        line.mockState(DigitalState.LOW); // the chip pulls INT low: read (which clears it on a real chip)
        sensors.sample(counts);
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(counts[pawns]).isEqualTo(2);
        line.mockState(DigitalState.HIGH);

        MockBoard.answerAll(mocks, 0xFF); // the pawns taken off, their edge missed
        sensors.sample(counts); // 1st pass after the read
        sensors.sample(counts); // 2nd
        sensors.sample(counts); // 3rd
        assertThat(MockBoard.pendingAnswers(mocks)).isEqualTo(6);
        assertThat(counts[pawns]).isEqualTo(2);
        sensors.sample(counts); // 4th: the backstop reads although the line stayed high
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(counts[pawns]).isZero();
    }

    @Test
    void aChangeOnTheKomadaiSignalsAndTheBackstopCatchesAMissedEdge() throws IOException {
        MockDigitalInput line = line(DigitalState.HIGH);
        Mcp23017KomadaiSensors sensors = onALine(line);
        assertThat(sensors.changeSignal().signals()).isTrue();
        assertThat(sensors.changeSignal().backstopPasses()).isEqualTo(4);
        AtomicInteger woken = new AtomicInteger();
        sensors.changeSignal().listen(woken::incrementAndGet);
        int[] counts = new int[14];
        MockBoard.answerAll(mocks, 0xFF);
        sensors.sample(counts);

        line.mockState(DigitalState.LOW); // a piece put on a komadai: the falling edge wakes the loop
        assertThat(woken).hasValue(1);
        line.mockState(DigitalState.HIGH); // the rising edge (the read cleared it) wakes nobody
        assertThat(woken).hasValue(1);

        // an edge missed while the loop waited 3 passes' worth of time: the next pass is the backstop's read
        MockBoard.answerAll(mocks, 0xFE);
        sensors.changeSignal().passesSkipped(3);
        sensors.sample(counts);
        assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        assertThat(counts[KomadaiSensors.index(Player.SENTE, KomadaiSlot.PAWN)]).as("places 1 and 15").isEqualTo(2);
    }

    @Test
    void withoutAnInterruptLineTheKomadaiCannotSignalAndIsReadEveryPass() throws IOException {
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) BoardConfigTestAccess
                .example("reed-6x-mcp23017.properties").komadai();
        Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips(6), k.encoding(), k.slotPins(), true, null,
                4);
        assertThat(sensors.changeSignal().signals()).isFalse();
        assertThat(((RegisterI2C) mocks.get(0)).fileRegister(Mcp23017.GPINTENA)).as("no interrupts set up").isZero();
        int[] counts = new int[14];
        for (int pass = 0; pass < 3; pass++) {
            MockBoard.answerAll(mocks, 0xFF);
            sensors.sample(counts);
            assertThat(MockBoard.pendingAnswers(mocks)).isZero();
        }
    }
}
