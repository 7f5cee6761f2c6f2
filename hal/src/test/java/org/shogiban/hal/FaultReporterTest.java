package org.shogiban.hal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.scan.ManualClock;

class FaultReporterTest {

    @Test
    void oneEventPerFaultAndOnePerRecoveryWhateverTheNumberOfFailedAccesses() {
        ManualClock clock = new ManualClock(100);
        FaultReporter reporter = new FaultReporter(clock);
        List<FaultEvent> events = new ArrayList<>();
        reporter.addListener(events::add);
        reporter.addListener(e -> {
            throw new IllegalStateException("broken listener");
        });
        FaultReporter.Device chip = reporter.device("MCP23017 squares #2", "i2c-1/0x22");
        chip.succeeded();
        for (int i = 0; i < 100; i++) {
            chip.failed("no ACK", null);
            clock.advance(10);
        }
        assertThat(chip.isFailing()).isTrue();
        chip.succeeded();
        chip.succeeded();
        assertThat(events).containsExactly(
                new FaultEvent("MCP23017 squares #2", "i2c-1/0x22", FaultEvent.Type.FAILED, "no ACK", 100),
                new FaultEvent("MCP23017 squares #2", "i2c-1/0x22", FaultEvent.Type.RECOVERED,
                        "answers again after 100 failed accesses", 1_100));
    }
}
