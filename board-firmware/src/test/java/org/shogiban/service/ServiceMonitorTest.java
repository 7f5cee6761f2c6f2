package org.shogiban.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.BoardView;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Position;

/** What systemd hears, round by round, on a manual clock: no thread, no socket. */
class ServiceMonitorTest {
    private final ManualClock clock = new ManualClock(0);
    private final List<String> sent = new ArrayList<>();
    private BoardView view = new BoardView(BoardPhase.SETTING_UP, Position.startpos(), 0, null, List.of(), List.of(),
            null, null, GameResult.ONGOING, java.util.Set.of());

    private ServiceMonitor monitor(ScanWatchdog watchdog) {
        return new ServiceMonitor(sent::add, watchdog, () -> view, clock);
    }

    @Test
    void readyOnlyOnceTheSensorsAreScanningThenStatusOnlyWhenItChanges() {
        ScanWatchdog watchdog = new ScanWatchdog(0);
        ServiceMonitor monitor = monitor(watchdog);
        assertThat(monitor.tick(0)).isEmpty();
        watchdog.onPassCompleted(10);
        assertThat(monitor.tick(20)).isEqualTo("READY=1\nSTATUS=setting up");
        assertThat(monitor.tick(40)).isEmpty();
        view = new BoardView(BoardPhase.PLAYING, Position.startpos(), 0, null, List.of(), List.of(), null, null,
                GameResult.ONGOING, java.util.Set.of());
        assertThat(monitor.tick(60)).isEqualTo("STATUS=playing ply 1, sente to move");
        assertThat(sent).containsExactly("READY=1\nSTATUS=setting up", "STATUS=playing ply 1, sente to move");
    }

    @Test
    void keepAlivesOnlyWhileAPassCompletedWithinHalfTheWatchdogInterval() {
        ScanWatchdog watchdog = new ScanWatchdog(2_000);
        ServiceMonitor monitor = monitor(watchdog);
        assertThat(monitor.roundMillis()).isEqualTo(250);
        assertThat(monitor.tick(0)).doesNotContain("WATCHDOG=1");
        watchdog.onPassCompleted(100);
        assertThat(monitor.tick(250)).contains("READY=1").endsWith("WATCHDOG=1");
        assertThat(monitor.tick(1_100)).isEqualTo("WATCHDOG=1");
        // the scan thread hangs after the pass at 100 ms: 1 s (WATCHDOG_USEC/2) later the keep-alives stop
        assertThat(monitor.tick(1_101)).isEmpty();
        assertThat(monitor.tick(5_000)).isEmpty();
        watchdog.onPassCompleted(5_010);
        assertThat(monitor.tick(5_250)).isEqualTo("WATCHDOG=1");
    }

    @Test
    void roundsAreAQuarterOfAShortWatchdogInterval() {
        assertThat(monitor(new ScanWatchdog(400)).roundMillis()).isEqualTo(100);
        assertThat(monitor(new ScanWatchdog(0)).roundMillis()).isEqualTo(250);
    }

    @Test
    void theWatchdogIntervalComesFromTheEnvironmentForThisProcessOnly() {
        assertThat(ServiceMonitor.watchdogMillis(Map.of(), 42)).isZero();
        assertThat(ServiceMonitor.watchdogMillis(Map.of("WATCHDOG_USEC", "20000000"), 42)).isEqualTo(20_000);
        assertThat(ServiceMonitor.watchdogMillis(Map.of("WATCHDOG_USEC", "20000000", "WATCHDOG_PID", "42"), 42))
                .isEqualTo(20_000);
        assertThat(ServiceMonitor.watchdogMillis(Map.of("WATCHDOG_USEC", "20000000", "WATCHDOG_PID", "7"), 42))
                .isZero();
        assertThat(ServiceMonitor.watchdogMillis(Map.of("WATCHDOG_USEC", "soon"), 42)).isZero();
    }

    @Test
    void withoutNotifySocketNothingIsLoadedAndNothingSent() {
        assertThat(SdNotify.fromEnvironment(Map.of())).isSameAs(ServiceNotifier.NONE);
        assertThat(SdNotify.fromEnvironment(Map.of("NOTIFY_SOCKET", ""))).isSameAs(ServiceNotifier.NONE);
    }

    @Test
    void aNotifySocketThatNoLongerReadsDoesNotHoldUpTheStop() {
        java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
        ServiceMonitor monitor = new ServiceMonitor(state -> {
            try {
                never.await(); // sendmsg blocked on a full queue
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, new ScanWatchdog(0), () -> view, clock);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(5), monitor::close);
    }

    @Test
    void withoutSystemdNoThreadWakesUpForNobody() {
        java.util.Set<Thread> before = notifyThreads();
        ServiceMonitor monitor = new ServiceMonitor(ServiceNotifier.NONE, new ScanWatchdog(0), () -> view, clock);
        monitor.start();
        try {
            assertThat(notifyThreads()).isSubsetOf(before);
        } finally {
            monitor.close();
        }
    }

    private static java.util.Set<Thread> notifyThreads() {
        java.util.Set<Thread> threads = new java.util.HashSet<>(Thread.getAllStackTraces().keySet());
        threads.removeIf(t -> !t.getName().equals("shogiban-notify"));
        return threads;
    }
}
