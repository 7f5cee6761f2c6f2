package org.shogiban.hal.bringup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.BoardConfigTestAccess;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;

/**
 * The bring-up tool against the simulated board, driven by a scripted builder who does each thing as soon as the tool
 * says it (injected time: the waits advance a manual clock). A board built right passes every part; a board with a
 * fault built in gets a report that names it.
 */
class BringUpTest {
    private final ManualClock clock = new ManualClock(0);

    private BringUpReport run(String example, java.util.function.Consumer<ScriptedBuilder> fault) throws Exception {
        BoardConfig config = BoardConfigTestAccess.example(example);
        MemoryBoard board = new MemoryBoard(config.sensorKind(), clock);
        MemoryBuilder builder = new MemoryBuilder(board);
        fault.accept(builder);
        BringUp tool = new BringUp(board.board(), List.of(), BringUpPlan.of(config, 5_000, 20), builder, clock,
                clock::advance);
        return tool.run();
    }

    @Test
    void aBoardBuiltRightPassesEveryPart(@TempDir Path dir) throws Exception {
        BringUpReport report = run("reed-6x-mcp23017.properties", b -> { });
        assertThat(report.failures()).isEmpty();
        assertThat(report.passed()).isTrue();
        // 81 square LEDs and 14 komadai LEDs, 8888 and ten digits, the buzzer, six buttons, 81 squares, 14 slots
        assertThat(report.checks()).hasSize(81 + 14 + 11 + 1 + 6 + 81 + 14);
        assertThat(report.lines()).contains("squares:  81 passed, 0 failed", "result: PASSED");
        Path file = dir.resolve("bring-up.txt");
        report.save(file);
        assertThat(Files.readAllLines(file)).isEqualTo(report.lines());
        BringUpDocs.show("simulated board, built right", report);
    }

    @Test
    void aPolarityBoardIsAskedToTurnEachPieceOver() throws Exception {
        BringUpReport report = run("hall-polarity.properties", b -> { });
        assertThat(report.failures()).isEmpty();
        assertThat(report.checks().stream().filter(c -> c.section().equals("polarity"))).hasSize(81);
    }

    @Test
    void swappedRanksAreNamed() throws Exception {
        // the wires of ranks c and d are swapped at the chips: a piece on 5c is read at 5d and the other way round
        BringUpReport report = run("reed-6x-mcp23017.properties", b -> b.wiring = sq -> {
            int rank = sq / 9;
            return rank == 2 ? sq + 9 : rank == 3 ? sq - 9 : sq;
        });
        assertThat(report.failures()).hasSize(18);
        assertThat(report.causes()).containsExactly("ranks c and d are swapped: their sensor wires cross between the"
                + " board and the chips");
        assertThat(report.lines()).contains("  square 5c: sensed at 5d");
        BringUpDocs.show("simulated board, ranks c and d swapped", report);
    }

    @Test
    void aDeadLedIsNamed() throws Exception {
        BringUpReport report = run("reed-6x-mcp23017.properties", b -> b.deadLeds.add(ScriptedBuilder.square("5e")));
        assertThat(report.failures()).extracting(Check::part).containsExactly("LED 5e");
        assertThat(report.causes()).containsExactly("dead LED at 5e (or its solder joints): it never lit");
        BringUpDocs.show("simulated board, the LED of 5e dead", report);
    }

    @Test
    void aSensorThatNeverChangesAndACrossedPairAreTold() throws Exception {
        BringUpReport report = run("reed-6x-mcp23017.properties", b -> b.wiring = sq ->
                sq == ScriptedBuilder.square("1i") ? 200 : sq == ScriptedBuilder.square("2i")
                        ? ScriptedBuilder.square("3i") : sq);
        assertThat(report.causes()).contains("square 2i is read at 3i (crossed wires)",
                "square 1i: no sensor changed (a dead sensor or a broken wire)");
    }
}
