package org.shogiban.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.scan.ManualClock;

/** The tests' moving calendar time: it follows the stepped clock, or ticks a second a reading, in UTC. */
class MovingWallTest {
    private static final Instant START = Instant.parse("2025-03-01T05:05:09Z");

    @Test
    void theSteppedWallMovesWithTheManualClock() {
        ManualClock steps = new ManualClock();
        Clock wall = MovingWall.stepped(START, steps);
        assertThat(wall.instant()).isEqualTo(START);
        steps.advance(2_220);
        assertThat(wall.instant()).isEqualTo(START.plusMillis(2_220));
        assertThat(wall.instant()).as("still, while the clock is").isEqualTo(START.plusMillis(2_220));
        assertThat(wall.getZone()).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void theTickingWallIsASecondLaterAtEachReading() {
        Clock wall = MovingWall.ticking(START);
        assertThat(wall.instant()).isEqualTo(START);
        assertThat(wall.instant()).isEqualTo(START.plusSeconds(1));
        assertThat(wall.withZone(ZoneOffset.ofHours(9)).instant()).isEqualTo(START.plusSeconds(2));
    }
}
