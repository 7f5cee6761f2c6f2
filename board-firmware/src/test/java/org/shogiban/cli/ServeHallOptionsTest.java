package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.HallSettings;

/** {@code serve --hall --board-id --hall-id} over the configuration's {@code hall.*} and {@code board.id}. */
class ServeHallOptionsTest {
    @Test
    void theCommandLineWinsOverTheConfigurationAndIsChecked() {
        HallOptions cli = ServeCommand.parse(List.of("--simulated", "--hall", "tcp://127.0.0.1:1883", "--board-id",
                "b9")).hall();
        HallConfig file = new HallConfig(Optional.of("tcp://hall.local:1883"), "meijin", Optional.of("b1"),
                Optional.of("b1"), Optional.of("pw"));
        HallSettings s = cli.settings(file, Optional.of("2718"), "host").orElseThrow();
        assertThat(s.broker()).isEqualTo("tcp://127.0.0.1:1883");
        assertThat(s.topics().boardId()).isEqualTo("b9");
        assertThat(s.topics().hallId()).isEqualTo("meijin");
        assertThat(s.username()).contains("b1");
        HallSettings fromFile = ServeCommand.parse(List.of("--simulated")).hall().settings(file, Optional.empty(),
                "host").orElseThrow();
        assertThat(fromFile.topics().prefix()).isEqualTo("shogiban/meijin/board/b1/");
        assertThat(ServeCommand.parse(List.of("--simulated")).hall().settings(HallConfig.none(), Optional.empty(),
                "host")).isEmpty();
        assertThatThrownBy(() -> ServeCommand.parse(List.of("--simulated", "--board-id", "b1")))
                .isInstanceOf(UsageException.class).hasMessageContaining("need --hall");
        assertThatThrownBy(() -> ServeCommand.parse(List.of("--simulated", "--hall", "hall.local")))
                .isInstanceOf(UsageException.class).hasMessageContaining("tcp://host:port");
        assertThatThrownBy(() -> ServeCommand.parse(List.of("--simulated", "--hall", "tcp://h:1", "--board-id",
                "a b"))).isInstanceOf(UsageException.class).hasMessageContaining("--board-id");
    }
}
