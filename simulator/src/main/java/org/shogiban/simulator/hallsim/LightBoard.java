package org.shogiban.simulator.hallsim;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hall.HallLinks;
import org.shogiban.hall.HallSettings;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;
import org.shogiban.simulator.physical.PhysicalBoard;
import org.shogiban.simulator.replay.HandlingGenerator;
import org.shogiban.simulator.replay.Pace;
import org.shogiban.simulator.replay.ReplaySettings;
import org.shogiban.simulator.trace.TraceEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A light simulated board for the hall's load ({@code hall-sim --board light}): the board's real runtime
 * ({@link BoardApplication} with its journal, event numbering, event log and hall connection, in its state directory)
 * on memory sensors, but no scan thread of its own: a shared driver calls {@link #advance} about once a second, and
 * the runtime's passes run only then, on a clock of their own ({@link ManualClock}) that follows real time. When a
 * move is due (2 to 5 s of thinking at blitz pace) the move's generated handling is made on the sensors and the
 * passes are run through it at once (the hand's time passes on the board's clock, not in real time), until the
 * board counts the move. So 300 boards need no 300 scan threads at 100 Hz; the inference still reads each move
 * from the sensor frames, as on a real board.
 */
final class LightBoard implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LightBoard.class);
    private static final long PASS_MILLIS = 10;

    private final String id;
    private final ManualClock clock = new ManualClock();
    private final MemoryBoard hardware = new MemoryBoard(SensorKind.OCCUPANCY, clock);
    private final InferenceConfig inference = InferenceConfig.defaults(SensorKind.OCCUPANCY);
    private final AssembledBoard board;
    private final BoardApplication app;
    private final Pace pace;
    private final Random random;
    private final AtomicInteger moves = new AtomicInteger();
    private final long realStart = System.nanoTime();
    private List<Move> game = List.of();
    private Position position = Position.startpos();
    private int next;
    private long nextMoveAtMillis;
    private int gamesPlayed;
    private int resyncs;

    LightBoard(String id, Path state, HallSettings settings, Pace pace, long seed, PrintWriter acks) {
        this(id, state, settings, pace, seed, acks, TimeControl.NONE);
    }

    /** @param time the games' time control ({@link TimeControl#NONE}: no clock) */
    LightBoard(String id, Path state, HallSettings settings, Pace pace, long seed, PrintWriter acks,
               TimeControl time) {
        this.id = id;
        this.pace = pace;
        this.random = new Random(seed);
        GameSettings game = GameSettings.of(Position.startpos(), inference).withTime(time);
        BoardAssembly assembly = BoardAssembly.of(game, hardware.board()).clock(clock)
                .wallClock(Clock.systemDefaultZone()).state(state)
                .resumptionNotes(line -> log.info("{}: {}", id, line)).part(HallLinks.part(settings))
                .listener(e -> {
                    if (e instanceof BoardEvent.MovePlayed m) {
                        moves.incrementAndGet();
                        if (acks != null) {
                            // the acknowledgement: on the runtime's pass, right after the journal
                            acks.println(System.currentTimeMillis() + " " + id + " " + m.ply());
                        }
                    }
                });
        board = assembly.assemble();
        app = board.application();
    }

    /** The moves the board counted. */
    int movesCounted() {
        return moves.get();
    }

    /** The games finished. */
    int gamesPlayed() {
        return gamesPlayed;
    }

    private long realMillis() {
        return (System.nanoTime() - realStart) / 1_000_000;
    }

    private void pass() {
        app.step(clock.advance(PASS_MILLIS));
    }

    /** Passes until the board's clock reached {@code millis}; false when a move counted on the way. */
    private boolean passTo(long millis, int movesBefore) {
        while (clock.millis() < millis) {
            pass();
            if (moves.get() != movesBefore) {
                return false;
            }
        }
        return true;
    }

    /**
     * Brings the board to now: the clock catches up with real time in one pass (the snapshot's clocks move, as a
     * real board's do every second), and a move that is due is made.
     */
    void advance() {
        long real = realMillis();
        if (clock.millis() < real) {
            app.step(clock.advance(real - clock.millis()));
        }
        if (real < nextMoveAtMillis) {
            return;
        }
        if (next >= game.size()) {
            nextGame();
        } else {
            move();
        }
        long thinking = pace.equals(Pace.blitz()) ? 2000 + random.nextInt(3000) : 10_000 + random.nextInt(20_000);
        nextMoveAtMillis = realMillis() + thinking;
    }

    /**
     * The next move's handling (generated for this move alone, from the position on the board), its passes run at
     * the hand's pace, then the board left alone until it counts the move.
     */
    private void move() {
        int before = moves.get();
        Move m = game.get(next);
        List<TraceEvent> hand = new HandlingGenerator(inference, ReplaySettings.standard(), 0, 0, pace)
                .generate(position, List.of(m), random.nextLong()).events();
        PhysicalBoard physical = new PhysicalBoard(position);
        long offset = clock.millis() - (hand.isEmpty() ? 0 : hand.get(0).timeMillis()) + PASS_MILLIS;
        for (TraceEvent e : hand) {
            passTo(offset + e.timeMillis(), -1);
            SimulatedHands.apply(hardware, physical, e);
        }
        passTo(clock.millis() + 4000, before);
        position = position.play(m);
        next++;
        Position shown = app.game().map(g -> g.current()).orElse(position);
        if (!shown.toSfen().equals(position.toSfen())) {
            // the board read the hand otherwise (a rare handling the inference took another way): the players put
            // the pieces as the board has them and play on from there
            resyncs++;
            log.debug("light board {}: the board reads {}, the players had {}; laid out again", id, shown.toSfen(),
                    position.toSfen());
            SimulatedHands.layOut(hardware, shown);
            passTo(clock.millis() + 1000, -1);
            position = shown;
            game = SimulatedHands.randomGame(random, shown, 20);
            next = 0;
        }
    }

    /** How often the board read a move otherwise than the players made it (and they laid its position out). */
    int resyncs() {
        return resyncs;
    }

    /** Ends the game on the board (the player to move resigns) and lays the next one out. */
    private void nextGame() {
        if (!game.isEmpty()) {
            hardware.buttons.click(app.game().map(g -> g.current().sideToMove() == Side.SENTE).orElse(true)
                    ? Button.RESIGN_SENTE : Button.RESIGN_GOTE);
            passTo(clock.millis() + 200, -1);
            gamesPlayed++;
        }
        if (app.view().phase() == BoardPhase.OVER) {
            app.submit(new SessionInput.NewGame(app.now(), GameRequest.BOARD_SETTINGS));
        }
        SimulatedHands.layOut(hardware, Position.startpos());
        passTo(clock.millis() + 1000, -1);
        if (app.view().phase() == BoardPhase.PLAYING && app.game().map(g -> g.plies() > 0).orElse(false)) {
            // a game resumed from the state directory: the players give up on it and start again next time
            hardware.buttons.click(Button.RESIGN_SENTE);
            passTo(clock.millis() + 200, -1);
            game = List.of();
            return;
        }
        game = SimulatedHands.randomGame(random, 30 + random.nextInt(50));
        position = Position.startpos();
        next = 0;
    }

    @Override
    public void close() {
        try {
            board.close();
        } catch (Exception e) {
            log.warn("light board {}: closing failed: {}", id, e.toString());
        }
    }
}
