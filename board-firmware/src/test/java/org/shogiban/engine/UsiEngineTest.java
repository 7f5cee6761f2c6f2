package org.shogiban.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The protocol against a small engine program ({@link BadEngine}): options, quit and kill, the command's words. */
class UsiEngineTest {
    private static EngineSettings engine(String mode, Map<String, String> options) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new EngineSettings(List.of(java, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                BadEngine.class.getName(), mode), options, 5_000, 300, 500);
    }

    @Test
    void onlyTheOptionsTheEngineDeclaredAreSetAndTheGivenOnesWin() throws Exception {
        try (UsiEngine e = UsiEngine.start(engine("report", Map.of("Skill Level", "7", "UCI_Variant", "shogi")),
                Map.of("Skill Level", "-20", "Hash", "16"))) {
            assertThat(e.name()).isEqualTo("BadEngine report");
            String line = e.bestMove("position startpos", "go movetime 50", 2_000);
            // the engine declared Skill Level only: Hash and UCI_Variant are not sent; the settings' 7 wins
            assertThat(line).endsWith("ponder name_Skill_Level_value_7,");
        }
    }

    @Test
    void anEngineThatIgnoresQuitIsKilledAfterTheQuitTime() throws Exception {
        UsiEngine e = UsiEngine.start(engine("ignore-quit", Map.of()), Map.of());
        long t0 = System.nanoTime();
        e.close();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(e.alive()).isFalse();
        assertThat(ms).isBetween(400L, 3_000L);
    }

    @Test
    void aCommandThatDoesNotExistFailsNamingIt() {
        assertThatThrownBy(() -> UsiEngine.start(EngineSettings.of("/nonexistent/engine --usi", Map.of()),
                Map.of())).isInstanceOf(EngineException.class).hasMessageContaining("/nonexistent/engine");
    }

    @Test
    void commandLinesAndOptionTextsAreRead() {
        assertThat(EngineSettings.words("\"/opt/my engine/yane\" -x  1")).containsExactly("/opt/my engine/yane",
                "-x", "1");
        assertThat(EngineSettings.parseOptions("Skill Level=3; Hash=16;")).containsExactly(
                Map.entry("Skill Level", "3"), Map.entry("Hash", "16"));
        assertThatThrownBy(() -> EngineSettings.parseOptions("Threads")).hasMessageContaining("Name=Value");
        assertThat(EngineLevel.of(1).skill()).isEqualTo(-20);
        assertThat(EngineLevel.of(10).onClock()).isTrue();
        assertThatThrownBy(() -> EngineLevel.of(0)).hasMessageContaining("1..10");
    }
}
