package org.shogiban.online;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameSettings;
import org.shogiban.testdata.Hands;
import org.shogiban.testdata.SteppedRig;

/**
 * A board in memory (stepped scan clock, records and journal on disk) with lishogi attached as a part, against the
 * {@link StandInLishogi}: the test's hands make every move by handling the pieces, the opponent's by following what
 * the board lights. The site's threads run in real time; the board goes on in 10 ms passes meanwhile.
 */
final class OnlineRig extends SteppedRig<OnlineRig> {
    static final Clock WALL = Clock.fixed(Instant.parse("2026-11-27T07:00:00Z"), ZoneOffset.UTC);
    /** Short for the tests: a stream silent 1.5 s is dropped; answers waited for 2 s; a 429 waits 300 ms. */
    static final LishogiPlayer.Timing TIMING = new LishogiPlayer.Timing(Duration.ofMillis(100),
            Duration.ofMillis(1500), Duration.ofSeconds(2), Duration.ofMillis(300));
    final BoardApplication app;
    /** When each move counted on the board, in System.nanoTime (the latency figures). */
    final List<Long> movesCountedNanos = new CopyOnWriteArrayList<>();

    OnlineRig(StandInLishogi site, Path records, Path state, String token) {
        this(site, records, state, token, null);
    }

    /** A board whose pieces already stand as {@code laidOut} (a board restarted with its pieces), or none. */
    OnlineRig(StandInLishogi site, Path records, Path state, String token, Position laidOut) {
        super(SensorKind.POLARITY);
        if (laidOut != null) {
            Hands.layOut(hardware, kind, laidOut);
        }
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(kind)
                .withCommitPolicy(CommitPolicy.STABLE));
        app = attach(BoardAssembly.of(settings, hardware.board()).clock(clock).wallClock(WALL).records(records)
                .state(state).listener(e -> {
                    if (e instanceof BoardEvent.MovePlayed) {
                        movesCountedNanos.add(System.nanoTime());
                    }
                    events.add(e);
                })
                .part(LishogiPart.factory(site.url(), Token.of(token), TIMING)).assemble(),
                () -> "; the site was asked " + site.requests);
    }

    @Override
    protected OnlineRig self() {
        return this;
    }

    static boolean waits(BoardSnapshot s, String kind) {
        return s.waitingFor().stream().anyMatch(w -> kind.equals(w.kind()));
    }

    void press(Button button) {
        hardware.buttons.click(button);
        run(50);
    }
}
