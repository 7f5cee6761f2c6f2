package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.pi4j.context.Context;
import com.pi4j.io.pwm.Pwm;
import com.pi4j.io.pwm.PwmType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.scan.ManualClock;

class PwmBuzzerTest {
    private final Context pi4j = MockBoard.context();
    private final ScheduledExecutorService scheduler = mock(ScheduledExecutorService.class);
    private final List<Runnable> scheduled = new ArrayList<>();
    private final List<Long> delays = new ArrayList<>();
    private final List<ScheduledFuture<?>> futures = new ArrayList<>();
    private Pwm pwm;
    private PwmBuzzer buzzer;

    @BeforeEach
    @SuppressWarnings({"unchecked", "rawtypes"})
    void setUp() {
        when(scheduler.schedule(any(Runnable.class), anyLong(), eq(TimeUnit.MILLISECONDS))).thenAnswer(inv -> {
            scheduled.add(inv.getArgument(0));
            delays.add(inv.getArgument(1));
            ScheduledFuture f = mock(ScheduledFuture.class);
            futures.add(f);
            return f;
        });
        pwm = pi4j.create(Pwm.newConfigBuilder(pi4j).id("buzzer").address(0).pwmType(PwmType.HARDWARE));
        buzzer = new PwmBuzzer(pwm, scheduler, 2700, 80, 800,
                new FaultReporter(new ManualClock()).device("buzzer", "pwm-0"));
    }

    @AfterEach
    void shutdown() {
        pi4j.shutdown();
    }

    @Test
    void beepStartsTheToneAtHalfDutyAndSchedulesItsEndWithoutWaiting() {
        buzzer.beep();
        assertThat(pwm.isOn()).isTrue();
        assertThat(pwm.getDutyCycle()).isEqualTo(50);
        assertThat(pwm.getFrequency()).isEqualTo(2700);
        assertThat(delays).containsExactly(80L);
        scheduled.get(0).run();
        assertThat(pwm.isOn()).isFalse();
    }

    @Test
    void aNewSoundCancelsThePendingStopOfTheOldOne() {
        buzzer.beep();
        buzzer.longTone();
        verify(futures.get(0)).cancel(false);
        assertThat(delays).containsExactly(80L, 800L);
        scheduled.get(0).run(); // the old stop fires anyway (raced the cancel): the long tone goes on
        assertThat(pwm.isOn()).isTrue();
        scheduled.get(1).run();
        assertThat(pwm.isOn()).isFalse();
    }

    @Test
    void silenceStopsAtOnce() {
        buzzer.longTone();
        buzzer.silence();
        assertThat(pwm.isOn()).isFalse();
        verify(futures.get(0)).cancel(false);
    }
}
