package org.shogiban.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.shogiban.session.BoardView;
import org.shogiban.hal.MonotonicClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps systemd informed, from a thread of its own (never the scan thread): {@code READY=1} once the sensors are
 * scanning, {@code STATUS=} whenever {@link ServiceStatus} changes, and {@code WATCHDOG=1} in every round where
 * the {@link ScanWatchdog} says the scan loop is alive. Rounds run every quarter of the watchdog interval (at most
 * 250 ms apart, so the status follows the game closely), so a live scan loop sends at least two keep-alives per
 * half interval. {@link #tick(long)} is one round, for tests with a manual clock.
 */
public final class ServiceMonitor implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ServiceMonitor.class);
    private static final long MAX_ROUND_MILLIS = 250;
    private static final long STOPPING_WAIT_MILLIS = 200;

    private final ServiceNotifier notifier;
    private final ScanWatchdog watchdog;
    private final Supplier<BoardView> view;
    private final MonotonicClock clock;
    private boolean ready;
    private String status;
    private ScheduledExecutorService thread;

    /**
     * @param view what the board does now, read from any thread
     * @param clock the scan clock (the times the watchdog was given are on it)
     */
    public ServiceMonitor(ServiceNotifier notifier, ScanWatchdog watchdog, Supplier<BoardView> view,
                          MonotonicClock clock) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
        this.watchdog = Objects.requireNonNull(watchdog, "watchdog");
        this.view = Objects.requireNonNull(view, "view");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The watchdog interval systemd asks for, in milliseconds, from {@code WATCHDOG_USEC} (and {@code WATCHDOG_PID},
     * which must be this process if set); 0 when there is none.
     */
    public static long watchdogMillis(Map<String, String> environment, long pid) {
        String usec = environment.get("WATCHDOG_USEC");
        if (usec == null || usec.isBlank()) {
            return 0;
        }
        String watchedPid = environment.get("WATCHDOG_PID");
        if (watchedPid != null && !watchedPid.isBlank() && !watchedPid.strip().equals(Long.toString(pid))) {
            return 0;
        }
        try {
            long micros = Long.parseLong(usec.strip());
            return micros <= 0 ? 0 : Math.max(2, micros / 1000);
        } catch (NumberFormatException e) {
            log.warn("WATCHDOG_USEC '{}' is not a number of microseconds; no keep-alives are sent", usec);
            return 0;
        }
    }

    /** How often a round runs. */
    public long roundMillis() {
        return watchdog.enabled() ? Math.max(1, Math.min(MAX_ROUND_MILLIS, watchdog.windowMillis() / 2))
                : MAX_ROUND_MILLIS;
    }

    /** One round at {@code nowMillis}; returns what was sent, or an empty string. */
    public synchronized String tick(long nowMillis) {
        List<String> lines = new ArrayList<>(3);
        if (!ready && watchdog.scanning()) {
            ready = true;
            lines.add("READY=1");
            log.info("sensors scanning: board ready");
        }
        if (ready) {
            String now = ServiceStatus.of(view.get());
            if (!now.equals(status)) {
                status = now;
                lines.add("STATUS=" + now);
            }
        }
        if (watchdog.alive(nowMillis)) {
            lines.add("WATCHDOG=1");
        }
        String message = String.join("\n", lines);
        if (!message.isEmpty()) {
            notifier.notify(message);
        }
        return message;
    }

    /** Tells systemd the board is setting up, then runs rounds on a daemon thread until {@link #close()}. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("the service monitor is already running");
        }
        if (notifier == ServiceNotifier.NONE) {
            // no systemd to tell (run by hand or by the simulator): no thread waking four times a second for nobody
            log.debug("no NOTIFY_SOCKET: the service monitor does not run");
            return;
        }
        status = ServiceStatus.of(view.get());
        notifier.notify("STATUS=" + status);
        if (watchdog.enabled()) {
            log.info("systemd watchdog: a scan pass must complete every {} ms", watchdog.windowMillis());
        }
        thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shogiban-notify");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleAtFixedRate(this::guardedTick, 0, roundMillis(), TimeUnit.MILLISECONDS);
    }

    private void guardedTick() {
        try {
            tick(clock.millis());
        } catch (RuntimeException e) {
            log.error("telling systemd how the board is doing failed; trying again next round", e);
        }
    }

    /** Stops the rounds and tells systemd the service is stopping. */
    @Override
    public void close() {
        ScheduledExecutorService t;
        synchronized (this) {
            t = thread;
            thread = null;
        }
        if (t != null) {
            t.shutdownNow();
        }
        // a datagram to a manager that stopped reading blocks once its queue is full: never let that hold up the stop
        Thread stopping = Thread.ofPlatform().daemon().name("shogiban-notify-stop")
                .start(() -> notifier.notify("STOPPING=1\nSTATUS=stopping"));
        try {
            stopping.join(STOPPING_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
