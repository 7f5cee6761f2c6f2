package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.rules.Game;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;

/**
 * A test table: a physical board whose pieces the test lifts and places, scanned every 10 ms (already debounced)
 * into a {@link MoveInference}, collecting what it reports.
 */
final class Table {
    static final long SCAN = 10;

    final MoveInference inference;
    final List<InferenceEvent> events = new ArrayList<>();
    private final SensorKind kind;
    private SensorFrame board;
    private long now;

    long now() {
        return now;
    }

    /** The game the moves and takebacks reported are played into, as the session does; null: none. */
    private final Game owner;

    Table(Position start, InferenceConfig config) {
        this(new MoveInference(start, config), null, start, config.sensorKind());
    }

    /** A table whose inference follows a game that the table records what it reports in, as the session does. */
    static Table following(Game game, InferenceConfig config) {
        return new Table(new MoveInference(game, config), game, game.current(), config.sensorKind());
    }

    private Table(MoveInference inference, Game owner, Position shown, SensorKind kind) {
        this.inference = inference;
        this.owner = owner;
        this.kind = kind;
        this.board = ExpectedFrame.of(shown).toSensorFrame(0, kind);
        feed();
    }

    /** Collects what the inference reported; the owner, if any, records it. */
    private void take(List<InferenceEvent> reported) {
        events.addAll(reported);
        if (owner == null) {
            return;
        }
        for (InferenceEvent e : reported) {
            if (e instanceof InferenceEvent.MoveCompleted m && m.isLegal()) {
                owner.play(m.move());
            } else if (e instanceof InferenceEvent.TakeBack t) {
                t.undone().forEach(undone -> owner.takeBack());
            }
        }
    }

    static Table occupancy(String sfen) {
        return new Table(sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen),
                InferenceConfig.defaults(SensorKind.OCCUPANCY));
    }

    static Table polarity(String sfen) {
        return new Table(sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen),
                InferenceConfig.defaults(SensorKind.POLARITY));
    }

    Table lift(String square) {
        int i = Square.parse(square).index();
        if (!board.square(i).isOccupied()) {
            throw new IllegalStateException("no piece on " + square);
        }
        board = board.withSquare(i, SquareReading.EMPTY);
        return feed();
    }

    Table place(String square) {
        return put(square, false);
    }

    Table placeDown(String square) {
        return put(square, true);
    }

    private Table put(String square, boolean faceDown) {
        int i = Square.parse(square).index();
        if (board.square(i).isOccupied()) {
            throw new IllegalStateException("a piece is already on " + square);
        }
        SquareReading r = kind == SensorKind.OCCUPANCY ? SquareReading.OCCUPIED
                : faceDown ? SquareReading.FACE_DOWN : SquareReading.FACE_UP;
        board = board.withSquare(i, r);
        return feed();
    }

    Table liftSlot(Player player, KomadaiSlot slot) {
        board = board.withKomadai(player, slot, board.komadai(player, slot) - 1);
        return feed();
    }

    Table placeSlot(Player player, KomadaiSlot slot) {
        board = board.withKomadai(player, slot, board.komadai(player, slot) + 1);
        return feed();
    }

    Table slotReads(Player player, KomadaiSlot slot, int count) {
        board = board.withKomadai(player, slot, count);
        return feed();
    }

    /** Moves a piece from one square to an empty one, 150 ms in the air. */
    Table move(String from, String to) {
        return lift(from).waitMs(150).place(to);
    }

    Table press(Button button) {
        take(inference.onButton(ButtonEvent.press(button, now)));
        return this;
    }

    /** Lets time pass, scanning every 10 ms. */
    Table waitMs(long ms) {
        long end = now + ms;
        while (now + SCAN <= end) {
            feed();
        }
        return this;
    }

    /** Waits long enough for any move to count and any discrepancy to be reported. */
    Table settle() {
        return waitMs(3000);
    }

    /** The next scan after a hand changed the board. */
    private Table feed() {
        now += SCAN;
        take(inference.onFrame(board.at(now)));
        return this;
    }

    /** The events as replay-trace prints them, without times. */
    List<String> lines() {
        return events.stream().map(Table::line).toList();
    }

    static String line(InferenceEvent e) {
        return switch (e) {
            case InferenceEvent.MoveCompleted m -> m.isLegal() ? "move " + m.move().usi()
                    : "illegal " + m.move().usi() + " " + m.verdict().reason();
            case InferenceEvent.PromotionPending p -> "promotion-pending " + p.square().usi();
            case InferenceEvent.TakeBack t -> "takeback " + t.undone().size();
            case InferenceEvent.Discrepancy d -> "discrepancy " + d.describe();
            case InferenceEvent.BackInSync b -> "in-sync";
        };
    }
}
