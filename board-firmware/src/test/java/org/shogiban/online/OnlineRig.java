package org.shogiban.online;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;
import org.shogiban.testdata.SteppedBoard;

/**
 * A board in memory (stepped scan clock, records and journal on disk) with lishogi attached as a part, against the
 * {@link StandInLishogi}: the test's hands make every move by handling the pieces, the opponent's by following what
 * the board lights. The site's threads run in real time; the board goes on in 10 ms passes meanwhile.
 */
final class OnlineRig implements AutoCloseable {
    static final Clock WALL = Clock.fixed(Instant.parse("2026-11-27T07:00:00Z"), ZoneOffset.UTC);
    /** Short for the tests: a stream silent 1.5 s is dropped; answers waited for 2 s; a 429 waits 300 ms. */
    static final LishogiPlayer.Timing TIMING = new LishogiPlayer.Timing(Duration.ofMillis(100),
            Duration.ofMillis(1500), Duration.ofSeconds(2), Duration.ofMillis(300));
    final ManualClock clock = new ManualClock();
    final SensorKind kind = SensorKind.POLARITY;
    final MemoryBoard hardware;
    final AssembledBoard board;
    final BoardApplication app;
    final List<BoardEvent> events = new CopyOnWriteArrayList<>();
    /** When each move counted on the board, in System.nanoTime (the latency figures). */
    final List<Long> movesCountedNanos = new CopyOnWriteArrayList<>();
    private final StandInLishogi site;
    private final SteppedBoard stepper;

    OnlineRig(StandInLishogi site, Path records, Path state, String token) {
        this(site, records, state, token, null);
    }

    /** A board whose pieces already stand as {@code laidOut} (a board restarted with its pieces), or none. */
    OnlineRig(StandInLishogi site, Path records, Path state, String token, Position laidOut) {
        this.site = site;
        hardware = new MemoryBoard(kind, clock);
        if (laidOut != null) {
            Hands.layOut(hardware, kind, laidOut);
        }
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(kind)
                .withCommitPolicy(CommitPolicy.STABLE));
        board = BoardAssembly.of(settings, hardware.board()).clock(clock).wallClock(WALL).records(records)
                .state(state).listener(e -> {
                    if (e instanceof BoardEvent.MovePlayed) {
                        movesCountedNanos.add(System.nanoTime());
                    }
                    events.add(e);
                })
                .part(LishogiPart.factory(site.url(), Token.of(token), TIMING)).assemble();
        app = board.application();
        stepper = new SteppedBoard(app, clock, () -> "; the site was asked " + site.requests);
    }

    OnlineRig layOut(Position position) {
        Hands.layOut(hardware, kind, position);
        return this;
    }

    OnlineRig run(long millis) {
        stepper.run(millis);
        return this;
    }

    /** Steps the board until the snapshot satisfies {@code done}, giving the site's threads real time. */
    BoardSnapshot until(Predicate<BoardSnapshot> done, long realMillis) {
        return stepper.until(done, realMillis);
    }

    /** Waits (stepping the board) until a condition outside the board holds. */
    void untilTrue(java.util.function.BooleanSupplier done, long realMillis, String what) {
        stepper.untilTrue(done, realMillis, what + " did not happen");
    }

    /** The move the lights ask for, from the snapshot's {@code opponent-move}; null when none. */
    static BoardSnapshot.Waiting opponentMove(BoardSnapshot s) {
        return SteppedBoard.opponentMove(s);
    }

    static boolean waits(BoardSnapshot s, String kind) {
        return s.waitingFor().stream().anyMatch(w -> kind.equals(w.kind()));
    }

    /** Makes a move by hand as a player does: a captured piece lifted to the mover's komadai first. */
    OnlineRig hands(Move move) {
        Hands.move(hardware, kind, app.session().position(), move, 100, this::run);
        return run(500);
    }

    void press(Button button) {
        hardware.buttons.click(button);
        run(50);
    }

    List<String> log() {
        List<String> out = new ArrayList<>();
        events.forEach(e -> out.add(e.describe()));
        return out;
    }

    @Override
    public void close() {
        board.close();
    }
}
