package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.shogiban.rules.Side;

/** The adapter's stand-in clock: main time, then byoyomi periods, with an increment; time passed in, nothing waits. */
class InterimClockTest {

    private static InterimClock clock(String spec) {
        return new InterimClock(InterimClock.parse(spec));
    }

    @Test
    void theMoverIsChargedTheirTurnAndTheOtherSideRunsNext() {
        InterimClock c = clock("main=600,byoyomi=30");
        c.start(Side.SENTE, 1_000);
        c.switchTo(Side.GOTE, 13_000);

        ObjectNode json = c.toJson(20_000);
        assertThat(json.get("running").asText()).isEqualTo("gote");
        assertThat(json.get("sente").get("mainMs").asLong()).isEqualTo(588_000);
        assertThat(json.get("gote").get("mainMs").asLong()).isEqualTo(593_000);
        assertThat(json.get("gote").get("periods").asInt()).isEqualTo(1);
    }

    @Test
    void afterMainTimeTheByoyomiCountsDownAndARunOutPeriodIsLost() {
        InterimClock c = clock("main=10,byoyomi=30,periods=3");
        c.start(Side.SENTE, 0);

        ObjectNode inByoyomi = c.toJson(25_000);
        assertThat(inByoyomi.get("sente").get("mainMs").asLong()).isZero();
        assertThat(inByoyomi.get("sente").get("byoyomiMs").asLong()).isEqualTo(15_000);
        assertThat(inByoyomi.get("sente").get("periods").asInt()).isEqualTo(3);

        c.switchTo(Side.GOTE, 45_000);
        ObjectNode after = c.toJson(45_000);
        assertThat(after.get("sente").get("periods").asInt()).as("one period ran out").isEqualTo(2);
        assertThat(after.get("sente").get("byoyomiMs").asLong()).isEqualTo(30_000);
    }

    @Test
    void anIncrementIsAddedAfterTheMoveAndAStoppedClockRunsForNobody() {
        InterimClock c = clock("main=60,increment=5");
        c.start(Side.SENTE, 0);
        c.switchTo(Side.GOTE, 10_000);
        c.stop(12_000);

        ObjectNode json = c.toJson(99_000);
        assertThat(json.get("running").asText()).isEqualTo("none");
        assertThat(json.get("sente").get("mainMs").asLong()).isEqualTo(55_000);
        assertThat(json.get("gote").get("mainMs").asLong()).isEqualTo(63_000);
    }

    @Test
    void oneSideMayHaveItsOwnTime() {
        InterimClock.Control c = InterimClock.parse("main=600,gote.main=300,consider=2");
        assertThat(c.mainMs()).containsExactly(600_000, 300_000);
        assertThat(c.considerUnits()).containsExactly(2, 2);
    }

    @Test
    void aBadKeyOrValueIsNamed() {
        assertThatThrownBy(() -> InterimClock.parse("main=600,hourglass=1"))
                .hasMessageContaining("unknown time control key 'hourglass'");
        assertThatThrownBy(() -> InterimClock.parse("main=ten")).hasMessageContaining("'main': 'ten'");
        assertThatThrownBy(() -> InterimClock.parse("byoyomi")).hasMessageContaining("'byoyomi' is not key=value");
        assertThatThrownBy(() -> InterimClock.parse("main=-1")).hasMessageContaining("out of range");
    }
}
