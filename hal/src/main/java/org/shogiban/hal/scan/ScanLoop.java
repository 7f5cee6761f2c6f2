package org.shogiban.hal.scan;

import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.hal.ChangeSignal;
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
 * <p>{@link #step(long) A pass} returns what it read: the new stable frame, if any. The caller (the board's runtime, on
 * its one thread) hands it on, so a failure of whatever takes the frame is the caller's to report as what it is; the
 * loop reports only its ports. It never dies of a hardware fault: ports report their own faults and keep their last
 * values; a port that throws anyway is reported as failing, and the next pass runs as usual. Tests drive it with a
 * {@link ManualClock}. A pass allocates nothing unless it returns a frame.
 *
 * <p>When both ports {@linkplain ChangeSignal#signals() signal their changes} and the loop is {@linkplain #still()
 * still}, whoever runs the passes may wait for a signal ({@link #listen}) instead of running them, at most
 * {@link #backstopPasses()} passes' worth of time, and tells the loop how many it {@linkplain #passesSkipped skipped}.
 */
public final class ScanLoop {
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
    private final Debouncer debouncer;
    private final SquareReading[] squareSample = new SquareReading[SQUARES];
    private final int[] komadaiSample = new int[KomadaiSensors.SLOTS];
    private final SquareReading[] stableSquares = new SquareReading[SQUARES];
    private final int[] stableKomadai = new int[KomadaiSensors.SLOTS];
    /** An array, not a list: going through it in every pass allocates nothing. */
    private volatile PassListener[] passListeners = new PassListener[0];

    private volatile SensorFrame lastFrame;
    private boolean published;
    private long passes;
    /** Whether a pass listener's failure was logged and it has not succeeded since: logged once, not per pass. */
    private boolean passListenerFailing;

    public ScanLoop(SquareSensors squares, KomadaiSensors komadai, ScanSettings settings, MonotonicClock clock,
                    FaultReporter faults) {
        this.squares = Objects.requireNonNull(squares, "squares");
        this.komadai = Objects.requireNonNull(komadai, "komadai");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.squarePort = faults.device("square sensors", "scan loop");
        this.komadaiPort = faults.device("komadai sensors", "scan loop");
        this.debouncer = new Debouncer(CHANNELS, settings.stableMillis());
        Arrays.fill(squareSample, SquareReading.EMPTY);
        Arrays.fill(stableSquares, SquareReading.EMPTY);
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

    /** Whether both ports signal every change of their readings (else every pass must run). */
    public boolean signals() {
        return squares.changeSignal().signals() && komadai.changeSignal().signals();
    }

    /** Runs {@code wake} (from any thread) whenever a port signals a change. */
    public void listen(Runnable wake) {
        squares.changeSignal().listen(wake);
        komadai.changeSignal().listen(wake);
    }

    /** The most passes that may be skipped in a row (the ports' tightest backstop); 0 for no limit. */
    public int backstopPasses() {
        int a = squares.changeSignal().backstopPasses();
        int b = komadai.changeSignal().backstopPasses();
        return a == 0 ? b : b == 0 ? a : Math.min(a, b);
    }

    /** The passes skipped while waiting, told to both ports (their backstops keep their pace in time). */
    public void passesSkipped(long skipped) {
        if (skipped > 0) {
            squares.changeSignal().passesSkipped(skipped);
            komadai.changeSignal().passesSkipped(skipped);
        }
    }

    /**
     * Whether the last pass left nothing to time: every channel settled and sampled at its stable value, so no frame
     * can come without a new reading.
     */
    public boolean still() {
        return published && debouncer.still();
    }

    /** One pass at the injected clock's time. */
    public Optional<SensorFrame> step() {
        return step(clock.millis());
    }

    /**
     * One pass: samples both ports, debounces, and returns the new stable frame if a stable change happened.
     *
     * @param nowMillis the time of the samples, never earlier than the previous pass
     * @return the frame read (the board's new stable state), or empty when nothing changed stably
     */
    public Optional<SensorFrame> step(long nowMillis) {
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
            return Optional.empty();
        }
        if (!published) {
            // the first frame: the board reached this state when its last channel first showed its value
            for (int c = 0; c < CHANNELS; c++) {
                frameTime = Math.max(frameTime, debouncer.stableSince(c));
            }
            published = true;
        }
        SensorFrame frame = new SensorFrame(frameTime, stableSquares, stableKomadai);
        lastFrame = frame;
        log.debug("stable frame {}", frame);
        passCompleted(squaresRead, nowMillis);
        return Optional.of(frame);
    }

    private void passCompleted(boolean squaresRead, long nowMillis) {
        if (!squaresRead) {
            return;
        }
        boolean failed = false;
        for (PassListener l : passListeners) {
            try {
                l.onPassCompleted(nowMillis);
            } catch (RuntimeException e) {
                // a listener's bug, not the sensors': logged as such, once until it passes again
                failed = true;
                if (!passListenerFailing) {
                    log.error("pass listener {} failed (the sensors are fine)", l, e);
                }
            }
        }
        passListenerFailing = failed;
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
}
