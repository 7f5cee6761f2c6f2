package org.shogiban.hal;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the firmware about hardware faults, once per fault rather than once per failed access.
 *
 * <p>Each device gets a {@link Device} handle. The first failure of a run is logged at WARN with chip and address
 * and published as a {@link FaultEvent.Type#FAILED} event; repeated failures while the device is down are only
 * counted (a dead chip polled at 100 Hz must not flood the log); the first success after that is logged and
 * published as {@link FaultEvent.Type#RECOVERED}. A listener that throws is logged and skipped. Thread-safe.
 */
public final class FaultReporter {
    private static final Logger log = LoggerFactory.getLogger(FaultReporter.class);

    private final MonotonicClock clock;
    private final List<FaultListener> listeners = new CopyOnWriteArrayList<>();

    public FaultReporter(MonotonicClock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Starts sending fault events to {@code listener}. */
    public void addListener(FaultListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /** Stops sending fault events to {@code listener}. */
    public void removeListener(FaultListener listener) {
        listeners.remove(listener);
    }

    /** A handle to report the health of one device. */
    public Device device(String chip, String address) {
        return new Device(Objects.requireNonNull(chip), Objects.requireNonNull(address));
    }

    private void publish(FaultEvent event) {
        for (FaultListener l : listeners) {
            try {
                l.onFault(event);
            } catch (RuntimeException e) {
                log.error("fault listener {} failed on {}", l, event, e);
            }
        }
    }

    /** The health of one device, as reported by the code that talks to it. */
    public final class Device {
        private final String chip;
        private final String address;
        private volatile boolean failing;
        private long failuresInRun;

        private Device(String chip, String address) {
            this.chip = chip;
            this.address = address;
        }

        public String chip() {
            return chip;
        }

        public String address() {
            return address;
        }

        /** Whether the last access failed. */
        public boolean isFailing() {
            return failing;
        }

        /** An access failed after its retries. */
        public synchronized void failed(String message, Throwable cause) {
            failuresInRun++;
            if (failing) {
                log.debug("{} at {} still failing ({} failures in a row): {}", chip, address, failuresInRun, message);
                return;
            }
            failing = true;
            log.warn("{} at {} failed: {}", chip, address, message, cause);
            publish(new FaultEvent(chip, address, FaultEvent.Type.FAILED, message, clock.millis()));
        }

        /** An access succeeded. Cheap when the device was healthy: call it after every access. */
        public void succeeded() {
            if (failing) {
                recovered();
            }
        }

        private synchronized void recovered() {
            if (!failing) {
                return;
            }
            failing = false;
            String message = "answers again after " + failuresInRun + " failed accesses";
            failuresInRun = 0;
            log.info("{} at {} {}", chip, address, message);
            publish(new FaultEvent(chip, address, FaultEvent.Type.RECOVERED, message, clock.millis()));
        }

        @Override
        public String toString() {
            return chip + " at " + address;
        }
    }
}
