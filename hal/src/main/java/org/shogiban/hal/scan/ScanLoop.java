package org.shogiban.hal.scan;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.SquareSensors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the square and komadai sensors at a fixed rate, debounces every square and slot on its own, and publishes a
 * {@link SensorFrame} only when a stable change happened.
 *
 * <p>Each {@link #step(long) pass} samples both ports once and feeds a {@link Debouncer} with 95 channels (81 squares,
 * 14 slots). The first frame is published once every channel has settled; after that a frame is published in each
 * pass where at least one channel changed its stable value. A frame's time is when the board first showed its new
 * state: the latest first-sample time among the channels that changed (for the first frame: among all channels), so
 * the stable time does not delay recorded times, and frame times never go backwards.
 *
 * <p>The loop never dies of a hardware fault: ports report their own faults and keep their last values; a port or a
 * listener that throws anyway is logged and reported, and the next pass runs as usual. Tests drive it with
 * {@link #step(long)} and a {@link ManualClock}; production calls {@link #start()}. A pass allocates nothing unless it
 * publishes a frame.
 */
public final class ScanLoop implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ScanLoop.class);
    private static final int SQUARES = 81;
    private static final int CHANNELS = SQUARES + KomadaiSensors.SLOTS;
    private static final SquareReading[] READINGS = SquareReading.values();

    private final SquareSensors squares;
    private final KomadaiSensors komadai;
    private final MonotonicClock clock;
    private final ScanSettings settings;
    private final FaultReporter.Device squarePort;
    private final FaultReporter.Device komadaiPort;
    private final FaultReporter.Device listenerPort;
    private final Debouncer debouncer;
    private final SquareReading[] squareSample = new SquareReading[SQUARES];
    private final int[] komadaiSample = new int[KomadaiSensors.SLOTS];
    private final SquareReading[] stableSquares = new SquareReading[SQUARES];
    private final int[] stableKomadai = new int[KomadaiSensors.SLOTS];
    private final List<FrameListener> listeners = new CopyOnWriteArrayList<>();
    /** An array, not a list: going through it in every pass allocates nothing. */
    private volatile PassListener[] passListeners = new PassListener[0];

    private volatile SensorFrame lastFrame;
    private boolean published;
    private long passes;
    private ScheduledExecutorService ownExecutor;
    private ScheduledFuture<?> running;

    public ScanLoop(SquareSensors squares, KomadaiSensors komadai, ScanSettings settings, MonotonicClock clock,
                    FaultReporter faults) {
        this.squares = Objects.requireNonNull(squares, "squares");
        this.komadai = Objects.requireNonNull(komadai, "komadai");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.squarePort = faults.device("square sensors", "scan loop");
        this.komadaiPort = faults.device("komadai sensors", "scan loop");
        this.listenerPort = faults.device("frame listener", "scan loop");
        this.debouncer = new Debouncer(CHANNELS, settings.stableMillis());
        Arrays.fill(squareSample, SquareReading.EMPTY);
        Arrays.fill(stableSquares, SquareReading.EMPTY);
    }

    /** Starts sending published frames to {@code listener}. */
    public void addFrameListener(FrameListener listener) {
        listeners.add(Objects.requireNonNull(listener));
    }

    /** Stops sending frames to {@code listener}. */
    public void removeFrameListener(FrameListener listener) {
        listeners.remove(listener);
    }

    /** Tells {@code listener} about every pass that read the squares (see {@link PassListener}). */
    public synchronized void addPassListener(PassListener listener) {
        Objects.requireNonNull(listener);
        PassListener[] more = Arrays.copyOf(passListeners, passListeners.length + 1);
        more[more.length - 1] = listener;
        passListeners = more;
    }

    /** The last published frame, empty before the board first settled. */
    public Optional<SensorFrame> lastFrame() {
        return Optional.ofNullable(lastFrame);
    }

    /** The rate and stable time this loop runs with. */
    public ScanSettings settings() {
        return settings;
    }

    /** How many passes ran. */
    public long passes() {
        return passes;
    }

    /** One pass at the injected clock's time. */
    public boolean step() {
        return step(clock.millis());
    }

    /**
     * One pass: samples both ports, debounces, publishes a frame if a stable change happened.
     *
     * @param nowMillis the time of the samples, never earlier than the previous pass
     * @return whether a frame was published
     */
    public boolean step(long nowMillis) {
        passes++;
        boolean squaresRead = sampleSquares();
        sampleKomadai();
        boolean changed = false;
        long frameTime = Long.MIN_VALUE;
        if (squaresRead) {
            for (int i = 0; i < SQUARES; i++) {
                if (debouncer.offer(i, squareSample[i].ordinal(), nowMillis)) {
                    stableSquares[i] = READINGS[debouncer.stable(i)];
                    frameTime = Math.max(frameTime, debouncer.stableSince(i));
                    changed = true;
                }
            }
        }
        for (int s = 0; s < KomadaiSensors.SLOTS; s++) {
            int channel = SQUARES + s;
            if (debouncer.offer(channel, komadaiSample[s], nowMillis)) {
                stableKomadai[s] = debouncer.stable(channel);
                frameTime = Math.max(frameTime, debouncer.stableSince(channel));
                changed = true;
            }
        }
        if (!changed || !debouncer.allSettled()) {
            passCompleted(squaresRead, nowMillis);
            return false;
        }
        if (!published) {
            // the first frame: the board reached this state when its last channel first showed its value
            for (int c = 0; c < CHANNELS; c++) {
                frameTime = Math.max(frameTime, debouncer.stableSince(c));
            }
            published = true;
        }
        publish(new SensorFrame(frameTime, stableSquares, stableKomadai));
        passCompleted(squaresRead, nowMillis);
        return true;
    }

    private void passCompleted(boolean squaresRead, long nowMillis) {
        if (!squaresRead) {
            return;
        }
        for (PassListener l : passListeners) {
            try {
                l.onPassCompleted(nowMillis);
            } catch (RuntimeException e) {
                listenerPort.failed("pass listener " + l + " threw " + e, e);
            }
        }
    }

    private boolean sampleSquares() {
        try {
            squares.sample(squareSample);
            for (SquareReading r : squareSample) {
                if (r == null) {
                    throw new IllegalStateException("the square sensors left a square without a reading");
                }
            }
            squarePort.succeeded();
            return true;
        } catch (RuntimeException e) {
            squarePort.failed("sampling the squares threw " + e, e);
            Arrays.fill(squareSample, SquareReading.EMPTY);
            return false;
        }
    }

    private void sampleKomadai() {
        try {
            komadai.sample(komadaiSample);
            for (int i = 0; i < komadaiSample.length; i++) {
                if (komadaiSample[i] < SensorFrame.UNKNOWN) {
                    komadaiSample[i] = SensorFrame.UNKNOWN;
                }
            }
            komadaiPort.succeeded();
        } catch (RuntimeException e) {
            komadaiPort.failed("sampling the komadai threw " + e, e);
            Arrays.fill(komadaiSample, SensorFrame.UNKNOWN);
        }
    }

    private void publish(SensorFrame frame) {
        lastFrame = frame;
        log.debug("stable frame {}", frame);
        for (FrameListener l : listeners) {
            try {
                l.onFrame(frame);
                listenerPort.succeeded();
            } catch (RuntimeException e) {
                listenerPort.failed("frame listener " + l + " threw " + e, e);
            }
        }
    }

    /** Runs the loop on its own daemon thread at the configured rate until {@link #close()}. */
    public synchronized void start() {
        ownExecutor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "shogiban-scan");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        start(ownExecutor);
    }

    /** Runs the loop on {@code executor} at the configured rate until {@link #close()}. */
    public synchronized void start(ScheduledExecutorService executor) {
        if (running != null) {
            throw new IllegalStateException("the scan loop is already running");
        }
        log.info("scan loop starting at {} Hz, stable time {} ms", settings.rateHz(), settings.stableMillis());
        running = executor.scheduleAtFixedRate(this::guardedStep, 0, settings.periodMicros(), TimeUnit.MICROSECONDS);
    }

    private void guardedStep() {
        try {
            step(clock.millis());
        } catch (RuntimeException e) {
            // an exception escaping here would cancel the schedule and stop the board: log it and keep scanning
            log.error("scan pass {} failed; the loop goes on", passes, e);
        } catch (Error e) {
            log.error("scan pass {} failed fatally; the scan loop stops", passes, e);
            throw e;
        }
    }

    /** Stops the loop; a pass under way finishes. */
    @Override
    public synchronized void close() {
        if (running != null) {
            running.cancel(false);
            running = null;
            log.info("scan loop stopped after {} passes", passes);
        }
        if (ownExecutor != null) {
            ownExecutor.shutdown();
            ownExecutor = null;
        }
    }
}
