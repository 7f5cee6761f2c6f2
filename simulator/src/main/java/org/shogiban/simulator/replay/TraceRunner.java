package org.shogiban.simulator.replay;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.inference.MoveInference;
import org.shogiban.simulator.physical.HalScanLoopDebouncer;
import org.shogiban.simulator.physical.FrameDebouncer;
import org.shogiban.simulator.physical.FrameRenderer;
import org.shogiban.simulator.physical.PhysicalBoard;
import org.shogiban.simulator.trace.Trace;
import org.shogiban.simulator.trace.TraceEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays a handling trace on a simulated board: the hands change a {@link PhysicalBoard}, the sensors are scanned at
 * the scan rate (with bounce), debounced, and fed with the button presses to the firmware's {@link MoveInference}.
 */
public final class TraceRunner {
    private static final Logger log = LoggerFactory.getLogger(TraceRunner.class);

    private final InferenceConfig config;
    private final ReplaySettings settings;
    private final Supplier<FrameDebouncer> debouncers;

    public TraceRunner(InferenceConfig config, ReplaySettings settings) {
        this(config, settings, () -> new HalScanLoopDebouncer(settings.scanMillis(), settings.debounceScans()));
    }

    public TraceRunner(InferenceConfig config, ReplaySettings settings, Supplier<FrameDebouncer> debouncers) {
        this.config = config;
        this.settings = settings;
        this.debouncers = debouncers;
    }

    /** Runs a trace to its finish time; throws IllegalStateException when an event cannot physically happen. */
    public RunResult run(Trace trace) {
        PhysicalBoard board = new PhysicalBoard(trace.start());
        FrameRenderer renderer = new FrameRenderer(board, config.sensorKind(), settings.bounceMillis(),
                settings.seed());
        FrameDebouncer debouncer = debouncers.get();
        MoveInference inference = new MoveInference(trace.start(), config);
        List<InferenceEvent> events = new ArrayList<>();
        List<TraceEvent> todo = trace.events();
        int next = 0;
        long finish = trace.finishMillis();
        for (long t = 0; t <= finish; t += settings.scanMillis()) {
            while (next < todo.size() && todo.get(next).timeMillis() <= t) {
                TraceEvent e = todo.get(next++);
                if (e instanceof TraceEvent.Press press) {
                    events.addAll(inference.onButton(ButtonEvent.press(press.button(), press.timeMillis())));
                } else {
                    board.apply(e);
                }
            }
            SensorFrame frame = debouncer.debounce(renderer.scan(t));
            if (frame != null) {
                events.addAll(inference.onFrame(frame));
            }
            events.addAll(inference.onTick(t));
        }
        log.debug("trace of {} events replayed to {} ms: {} moves", todo.size(), finish, inference.moves().size());
        return new RunResult(trace.start(), inference.moves(), events);
    }
}
