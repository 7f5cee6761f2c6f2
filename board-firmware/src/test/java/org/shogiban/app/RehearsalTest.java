package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ScanSettings;
import org.slf4j.MDC;

/** The board's rehearsal at start: its moves are the board's acknowledged moves, and it leaves nothing behind. */
class RehearsalTest {

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void theRehearsalBoardAcknowledgesEveryMoveAndTakebackOfItsGames(SensorKind kind) throws Exception {
        Rehearsal.Result r = Rehearsal.play(kind, ScanSettings.defaults(), 100);

        assertThat(r.moves()).isEqualTo(100);
        // a takeback every ninth move, each acknowledged and the move played again
        assertThat(r.takebacks()).isEqualTo(100 / 9);
        assertThat(r.games()).isBetween(2, 4);
        assertThat(MDC.get(Rehearsal.MDC_KEY)).isNull();
    }

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void theScratchDirectoryIsGoneAfterwards(SensorKind kind) throws Exception {
        Rehearsal.play(kind, ScanSettings.defaults(), 10);

        for (Path dir : new Path[] {Path.of("/dev/shm"), Path.of(System.getProperty("java.io.tmpdir"))}) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> left = Files.list(dir)) {
                    assertThat(left.filter(p -> p.getFileName().toString().startsWith("shogiban-rehearsal")))
                            .isEmpty();
                }
            }
        }
    }

    @org.junit.jupiter.api.Test
    void noMovesAskedNoThread() {
        assertThat(Rehearsal.inBackground(SensorKind.OCCUPANCY, ScanSettings.defaults(), 0)).isNull();
    }
}
