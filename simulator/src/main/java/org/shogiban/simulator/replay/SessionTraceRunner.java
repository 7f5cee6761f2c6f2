package org.shogiban.simulator.replay;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.clock.ClockState;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;
import org.shogiban.simulator.physical.FrameDebouncer;
import org.shogiban.simulator.physical.FrameRenderer;
import org.shogiban.simulator.physical.HalScanLoopDebouncer;
import org.shogiban.simulator.physical.PhysicalBoard;
import org.shogiban.simulator.trace.Trace;
import org.shogiban.simulator.trace.TraceEvent;

/**
 * Plays a handling trace through the firmware's {@link GameSession} (the game, its clock and its result), as
 * {@code replay-trace} prints it: the hands change a {@link PhysicalBoard}, the sensors are scanned at the scan rate
 * (with bounce) and debounced; frames, presses and ticks go to the session, which starts playing at time 0.
 */
public final class SessionTraceRunner {
    private static final Clock WALL = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    private final GameSettings settings;
    private final ReplaySettings replay;

    public SessionTraceRunner(GameSettings settings, ReplaySettings replay) {
        this.settings = settings;
        this.replay = replay;
    }

    /** What a replay printed: the event lines, the final position and the final clocks. */
    public record Output(List<String> lines, Position start, List<Move> moves, ClockState clock) {
        public Output {
            lines = List.copyOf(lines);
            moves = List.copyOf(moves);
        }

        /** {@code final clock sente <mainMs> <periods> gote <mainMs> <periods>}. */
        public String clockLine() {
            return "final clock sente " + clock.sente().mainMs() + " " + clock.sente().periods() + " gote "
                    + clock.gote().mainMs() + " " + clock.gote().periods();
        }

        /** The game as a USI position line. */
        public String usiPosition() {
            return new RunResult(start, moves, List.of()).usiPosition();
        }
    }

    /** Runs a trace to its finish time; throws IllegalStateException when an event cannot physically happen. */
    public Output run(Trace trace) {
        GameSettings forTrace = new GameSettings(trace.start(), settings.inference(), settings.illegalMoves(),
                settings.impasse(), settings.timeControl(), settings.beeps());
        PhysicalBoard board = new PhysicalBoard(trace.start());
        FrameRenderer renderer = new FrameRenderer(board, forTrace.inference().sensorKind(), replay.bounceMillis(),
                replay.seed());
        FrameDebouncer debouncer = new HalScanLoopDebouncer(replay.scanMillis(), replay.debounceScans());
        GameSession session = GameSession.playing(forTrace, WALL, 0);
        List<String> lines = new ArrayList<>();
        List<TraceEvent> todo = trace.events();
        int next = 0;
        long finish = trace.finishMillis();
        for (long t = 0; t <= finish; t += replay.scanMillis()) {
            while (next < todo.size() && todo.get(next).timeMillis() <= t) {
                TraceEvent e = todo.get(next++);
                if (e instanceof TraceEvent.Press press) {
                    print(session.accept(new SessionInput.Press(ButtonEvent.press(press.button(),
                            press.timeMillis()))).events(), lines);
                } else {
                    board.apply(e);
                }
            }
            SensorFrame frame = debouncer.debounce(renderer.scan(t));
            if (frame != null) {
                print(session.accept(new SessionInput.Frame(frame)).events(), lines);
            }
            print(session.accept(new SessionInput.Tick(t)).events(), lines);
        }
        return new Output(lines, trace.start(), session.game().orElseThrow().moves(), session.clockState(finish));
    }

    private static void print(List<BoardEvent> events, List<String> lines) {
        for (BoardEvent e : events) {
            String line = line(e);
            if (line != null) {
                lines.add(line);
            }
        }
    }

    /**
     * The inference's lines ({@link EventLines}) for what the session passes on, plus {@code time-up <side>} and
     * {@code result <STATUS> <winner>}; other events print nothing.
     */
    static String line(BoardEvent event) {
        return switch (event) {
            case BoardEvent.MovePlayed m -> "move " + m.move().usi();
            case BoardEvent.IllegalMove i -> "illegal " + i.move().usi() + " " + i.reason();
            case BoardEvent.PromotionAsked p -> "promotion-pending " + p.square().usi();
            case BoardEvent.MovesTakenBack t -> "takeback " + String.join(" ", t.undone().stream().map(Move::usi)
                    .toList());
            case BoardEvent.DiscrepancySeen d -> "discrepancy " + d.discrepancy().describe();
            case BoardEvent.BackInSync b -> "in-sync";
            case BoardEvent.TimeUp t -> "time-up " + t.side().label();
            case BoardEvent.GameOver o -> "result " + o.result().status() + " "
                    + Side.labelOrNone(o.result().winner());
            default -> null;
        };
    }
}
