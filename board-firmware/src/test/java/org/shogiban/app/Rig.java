package org.shogiban.app;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.testdata.Hands;

/**
 * A board application on a {@link MemoryBoard} with a {@link ManualClock}: the test's hands lift and place pieces on
 * the memory sensors, and time passes in 10 ms scan passes. Nothing sleeps.
 */
final class Rig {
    static final long PASS = 10;
    static final Instant WALL = Instant.parse("2025-03-01T05:05:09Z");
    static final Clock WALL_CLOCK = Clock.fixed(WALL, ZoneOffset.UTC);

    final ManualClock clock = new ManualClock();
    final MemoryBoard hardware;
    final BoardApplication app;
    final List<BoardEvent> events = new ArrayList<>();
    private final SensorKind kind;

    Rig(SensorKind kind, CommitPolicy commit, Position start, RecordSink records) {
        this(GameSettings.of(start, InferenceConfig.defaults(kind).withCommitPolicy(commit)), records);
    }

    /** A rig with any settings (e.g. a time control). */
    Rig(GameSettings settings, RecordSink records) {
        this(settings, records, null);
    }

    /** A rig whose session is made from the settings, the rig's wall clock and scan clock (e.g. resumed). */
    Rig(GameSettings settings, RecordSink records, java.util.function.Function<Rig, GameSession> session) {
        this.kind = settings.inference().sensorKind();
        hardware = new MemoryBoard(kind, clock);
        app = new BoardApplication(hardware.board(), ScanSettings.defaults(), clock,
                session == null ? new GameSession(settings, WALL_CLOCK) : session.apply(this), records);
        app.addListener(events::add);
    }

    /** A casual game on an occupancy board, the start position already laid out and the game started. */
    static Rig casual(Position start) {
        return new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, start, RecordSink.NONE).layOut(start).run(600);
    }

    /** Puts every piece of a position on the board at once. */
    Rig layOut(Position position) {
        Hands.layOut(hardware, kind, position);
        return this;
    }

    Rig lift(String square) {
        hardware.squares.set(Square.parse(square).index(), SquareReading.EMPTY);
        return run(100);
    }

    Rig place(String square) {
        hardware.squares.set(Square.parse(square).index(), kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED
                : SquareReading.FACE_UP);
        return run(100);
    }

    /** Adds one piece to a komadai slot. */
    Rig toKomadai(Player player, KomadaiSlot slot) {
        hardware.komadai.set(player, slot, hardware.komadai.get(player, slot) + 1);
        return run(100);
    }

    /** Takes one piece from a komadai slot. */
    Rig fromKomadai(Player player, KomadaiSlot slot) {
        hardware.komadai.set(player, slot, hardware.komadai.get(player, slot) - 1);
        return run(100);
    }

    Rig press(Button button) {
        hardware.buttons.click(button);
        return run(100);
    }

    /** A plain board move: lift, place, then the board is left alone until it counts. */
    Rig move(String from, String to) {
        return lift(from).place(to).run(600);
    }

    /** Lets time pass in scan passes. */
    Rig run(long millis) {
        for (long t = 0; t < millis; t += PASS) {
            app.step(clock.advance(PASS));
        }
        return this;
    }

    <T extends BoardEvent> List<T> events(Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
