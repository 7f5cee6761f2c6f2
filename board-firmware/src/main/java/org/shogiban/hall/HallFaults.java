package org.shogiban.hall;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.shogiban.hal.FaultReporter;

/**
 * What goes wrong between a board and its hall, shown as the board shows a failing device (the status LED, the
 * snapshot's {@code faults}, the link's {@code FAULT}, one log line when it begins and one when it ends): the broker
 * not reached for {@link #GRACE_MILLIS} or more, a publish the broker refused (by topic, with its reason code), the
 * connection's own thread failing. Each under the chip {@code hall <hall-id>}, so the fault names the hall.
 */
final class HallFaults {
    /** How long the broker may be away before the board says so (a broker restart takes about a second). */
    static final long GRACE_MILLIS = 2000;
    private static final String QUEUE = "event queue";

    private final FaultReporter reporter;
    private final String chip;
    private final String broker;
    private final Map<String, FaultReporter.Device> devices = new ConcurrentHashMap<>();
    private long awaySinceMillis = -1;

    HallFaults(FaultReporter reporter, String hallId, String broker) {
        this.reporter = reporter;
        this.chip = "hall " + hallId;
        this.broker = broker;
    }

    private FaultReporter.Device device(String address) {
        return devices.computeIfAbsent(address, a -> reporter.device(chip, a));
    }

    /**
     * A connection attempt begun at {@code attemptMillis} failed at {@code nowMillis}: a fault once the broker has
     * been away for the grace (counted from the first failed attempt's beginning: a host that does not answer at all
     * takes the whole connection timeout to fail).
     */
    void unreachable(String why, long attemptMillis, long nowMillis) {
        if (awaySinceMillis < 0) {
            awaySinceMillis = attemptMillis;
        }
        if (nowMillis - awaySinceMillis >= GRACE_MILLIS) {
            device(broker).failed("the broker is not reached (" + why + "); the board keeps trying, its events wait"
                    + " on its disk", null);
        }
    }

    /** The broker is connected: a fault of it ends. */
    void reached() {
        awaySinceMillis = -1;
        device(broker).succeeded();
    }

    /** Whether the broker is shown as not reached now. */
    boolean isUnreachable() {
        return device(broker).isFailing();
    }

    /** The broker refused a publish on {@code topic}: the fault names the topic and the reason. */
    void refused(String topic, Refusal refusal) {
        device(topic).failed("the broker refused the publish: " + refusal.words() + "; kept, tried again", null);
    }

    /** The broker took a publish on {@code topic}: a refusal of it ends. */
    void accepted(String topic) {
        FaultReporter.Device d = devices.get(topic);
        if (d != null) {
            d.succeeded();
        }
    }

    /** One of the connection's threads failed on an unexpected error; it goes on. */
    void threadFailed(String thread, RuntimeException e) {
        device(thread).failed("failed (" + e.getClass().getSimpleName() + (e.getMessage() == null ? ""
                : ": " + e.getMessage()) + "); it goes on", null);
    }

    /** The hand-over queue was full: events not queued. */
    void queueFull(String why) {
        device(QUEUE).failed(why, null);
    }

    /** The hand-over queue took every event again. */
    void queueWorks() {
        threadWorks(QUEUE);
    }

    /** The thread did its work again. */
    void threadWorks(String thread) {
        FaultReporter.Device d = devices.get(thread);
        if (d != null) {
            d.succeeded();
        }
    }
}
