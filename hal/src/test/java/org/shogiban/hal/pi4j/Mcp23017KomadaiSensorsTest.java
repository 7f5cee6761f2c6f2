package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.plugin.mock.provider.i2c.MockI2C;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
        List<Mcp23017> chips = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            MockI2C mock = MockBoard.i2c(pi4j, "komadai-" + i, 3, 0x20 + i);
            mocks.add(mock);
            chips.add(new Mcp23017(new I2cChip(mock, faults.device("MCP23017 komadai #" + i, "i2c-3/0x2" + i), 2),
                    true, false));
        }
        return chips;
    }

    @Test
    void onePlaceSensorPerPieceCountsActivePins() throws IOException {
        BoardConfig config = BoardConfigTestAccess.example("reed-6x-mcp23017.properties");
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) config.komadai();
        Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips(6), k.encoding(), k.slotPins(), true, 10);
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
        Mcp23017KomadaiSensors sensors = new Mcp23017KomadaiSensors(chips(3), k.encoding(), k.slotPins(), true, 10);
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
}
