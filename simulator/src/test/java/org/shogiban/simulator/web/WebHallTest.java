package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hall.Mosquitto;
import org.shogiban.hall.MqttListener;
import org.shogiban.simulator.SimulatorCommand;

/** {@code web --hall --board-id --hall-id}: the web simulator's board joins a hall (its status, events, state). */
class WebHallTest {
    @TempDir
    Path temp;

    @Test
    void theWebBoardPublishesToTheHallAndSaysOfflineWhenClosed() throws Exception {
        try (Mosquitto broker = Mosquitto.open(temp)) {
            Map<String, String> last = new ConcurrentHashMap<>();
            MqttListener sub = new MqttListener(broker.url(), last::put, "shogiban/h2/board/w1/#");
            WebCommand.Running web = WebCommand.start(List.of("--port", "0", "--state", temp.resolve("s").toString(),
                    "--hall", broker.url(), "--board-id", "w1", "--hall-id", "h2"));
            try {
                assertThat(await(() -> "online".equals(last.get("shogiban/h2/board/w1/status"))
                        && last.getOrDefault("shogiban/h2/board/w1/events", "").contains("\"type\":\"GAME\"")
                        && last.containsKey("shogiban/h2/board/w1/state"))).isTrue();
            } finally {
                web.close();
            }
            assertThat(await(() -> "offline".equals(last.get("shogiban/h2/board/w1/status")))).isTrue();
            sub.close();
        }
        assertThatThrownBy(() -> WebCommand.start(List.of("--board-id", "w1")))
                .isInstanceOf(SimulatorCommand.UsageError.class).hasMessageContaining("need --hall");
    }

    private static boolean await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        for (int i = 0; i < 500 && !condition.getAsBoolean(); i++) {
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
