package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.gpio.digital.PullResistance;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.scan.ManualClock;

class GpioButtonsTest {
    private final Context pi4j = MockBoard.context();

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    private MockDigitalInput input(String id, int pin) {
        MockDigitalInput in = (MockDigitalInput) pi4j.create(DigitalInput.newConfigBuilder(pi4j).id(id).address(pin)
                .pull(PullResistance.PULL_UP));
        in.mockState(DigitalState.HIGH);
        return in;
    }

    @Test
    void pullUpButtonsGiveTimeStampedPressAndReleaseEvents() {
        ManualClock clock = new ManualClock(1_000);
        MockDigitalInput sente = input("sente", 5);
        MockDigitalInput promote = input("promote", 13);
        GpioButtons buttons = new GpioButtons(Map.of(Button.CLOCK_SENTE, sente, Button.PROMOTE, promote), clock);
        List<ButtonEvent> events = new ArrayList<>();
        buttons.addListener(events::add);
        buttons.addListener(e -> {
            throw new IllegalStateException("a broken listener");
        });

        sente.mockState(DigitalState.LOW);
        clock.advance(120);
        sente.mockState(DigitalState.HIGH);
        clock.advance(5);
        promote.mockState(DigitalState.LOW);

        assertThat(events).containsExactly(
                new ButtonEvent(Button.CLOCK_SENTE, true, 1_000),
                new ButtonEvent(Button.CLOCK_SENTE, false, 1_120),
                new ButtonEvent(Button.PROMOTE, true, 1_125));
    }
}
