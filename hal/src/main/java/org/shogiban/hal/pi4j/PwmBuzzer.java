package org.shogiban.hal.pi4j;

import com.pi4j.io.pwm.Pwm;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.shogiban.hal.Buzzer;
import org.shogiban.hal.FaultReporter;

/**
 * A passive piezo buzzer on hardware PWM: a sound is the PWM at the configured frequency and 50 % duty, stopped
 * by a task on the injected scheduler, so no call waits. A new sound cancels the pending stop of the previous one.
 * PWM errors are reported, never thrown.
 */
public final class PwmBuzzer implements Buzzer {
    static final int DUTY_PERCENT = 50;

    private final Pwm pwm;
    private final ScheduledExecutorService scheduler;
    private final int frequencyHz;
    private final long beepMillis;
    private final long longToneMillis;
    private final FaultReporter.Device health;
    private ScheduledFuture<?> pendingStop;

    PwmBuzzer(Pwm pwm, ScheduledExecutorService scheduler, int frequencyHz, long beepMillis, long longToneMillis,
              FaultReporter.Device health) {
        this.pwm = Objects.requireNonNull(pwm);
        this.scheduler = Objects.requireNonNull(scheduler);
        this.frequencyHz = frequencyHz;
        this.beepMillis = beepMillis;
        this.longToneMillis = longToneMillis;
        this.health = Objects.requireNonNull(health);
    }

    @Override
    public void beep() {
        sound(beepMillis);
    }

    @Override
    public void longTone() {
        sound(longToneMillis);
    }

    @Override
    public synchronized void silence() {
        cancelPendingStop();
        stop();
    }

    private synchronized void sound(long millis) {
        cancelPendingStop();
        try {
            pwm.on(DUTY_PERCENT, frequencyHz);
            health.succeeded();
        } catch (RuntimeException e) {
            health.failed("PWM on failed: " + e, e);
            return;
        }
        ScheduledFuture<?>[] self = new ScheduledFuture<?>[1];
        self[0] = scheduler.schedule(() -> stopIfCurrent(self[0]), millis, TimeUnit.MILLISECONDS);
        pendingStop = self[0];
    }

    private synchronized void stopIfCurrent(ScheduledFuture<?> task) {
        if (pendingStop == task) {
            pendingStop = null;
            stop();
        }
    }

    private void cancelPendingStop() {
        if (pendingStop != null) {
            pendingStop.cancel(false);
            pendingStop = null;
        }
    }

    private void stop() {
        try {
            pwm.off();
            health.succeeded();
        } catch (RuntimeException e) {
            health.failed("PWM off failed: " + e, e);
        }
    }
}
