package org.shogiban.simulator.replay;

import static org.shogiban.inference.Sides.player;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.trace.Trace;
import org.shogiban.simulator.trace.TraceEvent;

/**
 * Turns a game record into the timed handling real hands would produce: captures in either order with the captured
 * piece put on the komadai at once, after the move counted, or only after the opponent's reply; pieces slid across
 * squares, hovered over a neighbour, lifted and put back, held in the air while the player hesitates; optional
 * promotions settled by a button (before or after the board asks), by lifting and flipping the piece, or left to
 * the default; clock presses in tournament play. The same seed gives the same trace.
 *
 * <p>Every move must be legal except the last, which may be a foul an arbiter would stop the game at (反則, such as
 * a move that leaves the king in check or a pawn dropped on a file that has one): it is handled like any move,
 * lifted and placed, as long as hands can make it at all (see {@link #whyNotByHand}).
 */
public final class HandlingGenerator {
    private final InferenceConfig config;
    private final ReplaySettings settings;
    private final double quirk;
    private final double knockChance;
    private final Pace pace;

    /** @param noise 0 (clean, one way of handling every move) to 3 (rough) */
    public HandlingGenerator(InferenceConfig config, ReplaySettings settings, int noise) {
        this(config, settings, noise, 0);
    }

    /**
     * @param knockChance the chance, before each move, that a piece is knocked off the board and left off long
     *     enough for the board to report it before it is put back
     */
    public HandlingGenerator(InferenceConfig config, ReplaySettings settings, int noise, double knockChance) {
        this(config, settings, noise, knockChance, Pace.casual());
    }

    /**
     * @param knockChance as above (a knock never comes between a move and a fast reply to it)
     * @param pace how many replies start while the board still settles, and how soon
     */
    public HandlingGenerator(InferenceConfig config, ReplaySettings settings, int noise, double knockChance,
                             Pace pace) {
        this.config = config;
        this.settings = settings;
        this.quirk = Noise.quirkChance(noise);
        this.knockChance = knockChance;
        this.pace = pace;
    }

    /**
     * The handling of a game; every move must be legal but the last, which may be an illegal move hands can make.
     *
     * @throws IllegalArgumentException when an earlier move is illegal or the last cannot be made by hand
     */
    public Trace generate(Position start, List<Move> moves, long seed) {
        return generateHandling(start, moves, seed).trace();
    }

    /** The handling of a game with the mishaps it contains; the moves as for {@link #generate}. */
    public Handling generateHandling(Position start, List<Move> moves, long seed) {
        Hands hands = new Hands(start, new Random(seed));
        Trace trace = hands.play(moves);
        return new Handling(trace, hands.knocks);
    }

    /** Why hands cannot make a move in a position at all, or empty when they can (legal or not). */
    public static Optional<String> whyNotByHand(Position position, Move move) {
        Side mover = position.sideToMove();
        Piece onTarget = position.pieceAt(move.to());
        if (move.isDrop()) {
            if (position.hand(mover).count(move.drop()) == 0) {
                return Optional.of(mover.label() + " has no " + move.drop().name().toLowerCase(Locale.ROOT)
                        + " on the komadai");
            }
            return onTarget == null ? Optional.empty() : Optional.of(move.to().usi() + " is occupied");
        }
        Piece moving = position.pieceAt(move.from());
        if (moving == null) {
            return Optional.of("no piece on " + move.from().usi());
        }
        if (onTarget != null && onTarget.side() == moving.side()) {
            return Optional.of("a piece of the same side is on " + move.to().usi());
        }
        if (onTarget != null && onTarget.type() == PieceType.KING) {
            return Optional.of("a king is on " + move.to().usi());
        }
        if (move.promote() && !moving.type().canPromote()) {
            return Optional.of("the " + moving.type().name().toLowerCase(Locale.ROOT) + " has no promoted side");
        }
        return Optional.empty();
    }

    /** A generated trace and its knocks. */
    public record Handling(Trace trace, List<Knock> knocks) {
        public Handling {
            knocks = List.copyOf(knocks);
        }
    }

    /** A piece knocked off a square between two moves, and put back: the board must report that square. */
    public record Knock(long offMillis, long backMillis, Square square, int beforePly) {
    }

    /** How long after a hand changes the board the debounced frames show it, with margin. */
    private long visible() {
        return (settings.debounceScans() + 1) * settings.scanMillis() + settings.bounceMillis() + 20;
    }

    /** One game's hands: mutable, used once. */
    private final class Hands {
        private final List<TraceEvent> events = new ArrayList<>();
        private final Random r;
        private Position position;
        private long t;
        /** When the board last changed. */
        private long lastChange;
        /** When the last move has surely been counted. */
        private long counted;
        /** Captured pieces each side still holds in the hand, to put on its komadai before its next move. */
        private final List<List<KomadaiSlot>> owed = List.of(new ArrayList<>(), new ArrayList<>());

        private final Position initial;
        private final List<Knock> knocks = new ArrayList<>();
        /** Whether this move's captured piece is already on the komadai. */
        private boolean capturedPlaced;
        /**
         * Whose komadai this move's captured piece goes to: the moving piece's owner, who is the mover unless an
         * illegal last move moves the opponent's piece.
         */
        private Side capturer;
        /** Whether the reply to the move being handled starts before the move has counted. */
        private boolean fastReply;

        Hands(Position start, Random random) {
            this.initial = start;
            this.position = start;
            this.r = random;
        }

        Trace play(List<Move> moves) {
            for (int ply = 0; ply < moves.size(); ply++) {
                Move move = moves.get(ply);
                Side mover = position.sideToMove();
                boolean legal = position.isLegal(move);
                if (!legal) {
                    requireHandleableFoul(move, ply + 1, ply == moves.size() - 1);
                }
                boolean fast = fastReply;
                t = fast ? Math.max(t, lastChange + between(pace.minReplyMillis(), pace.maxReplyMillis()))
                        : Math.max(t, counted) + between(80, 400);
                fastReply = pace.hasFastReplies() && ply + 1 < moves.size() && r.nextDouble() < pace.fastShare();
                flushOwed(mover);
                if (!fast) {
                    maybeKnock(ply);
                }
                boolean lastForMover = ply + 2 >= moves.size();
                handle(move, mover, lastForMover);
                if (legal) {
                    position = position.play(move);
                }
            }
            for (Side s : Side.values()) {
                flushOwed(s);
            }
            long end = config.promotionWindowMillis() + config.discrepancyMillis() + 1000;
            return new Trace(initial, Optional.of(config.sensorKind()), end, events);
        }

        private void requireHandleableFoul(Move move, int ply, boolean last) {
            String foul = "move " + ply + ", " + move.usi() + ", is illegal (" + position.verdict(move).reason()
                    + ")";
            if (!last) {
                throw new IllegalArgumentException(foul + ": only the last move may be");
            }
            whyNotByHand(position, move).ifPresent(why -> {
                throw new IllegalArgumentException(foul + " and cannot be made by hand: " + why);
            });
        }

        private void handle(Move move, Side mover, boolean noDeferral) {
            capturedPlaced = false;
            capturer = mover;
            Square to = move.to();
            Piece landing = landing(move, mover);
            KomadaiSlot capturedSlot = null;
            int deferral = 0; // 0 at once, 1 after the move counted, 2 after the opponent's reply
            if (move.isDrop()) {
                lift(new Place.OnKomadai(player(mover), slot(move.drop())));
                pause(120, 300);
                maybeHesitate();
                maybeHover(to, move);
                put(to, false);
            } else {
                Square from = move.from();
                Piece moving = position.pieceAt(from);
                Piece captured = position.pieceAt(to);
                if (chance() && captured == null) {
                    lift(from);
                    pause(80, 250);
                    put(from, moving.type().isPromoted());
                    pause(80, 250);
                }
                if (captured != null) {
                    capturer = moving.side();
                    capturedSlot = slot(captured.type());
                    deferral = quirk == 0 ? 0 : r.nextInt(noDeferral ? 2 : 3);
                    if (fastReply && deferral == 1) {
                        deferral = 0; // the reply comes before the move counts: no time to put it down after
                    }
                    boolean capturedFirst = quirk == 0 || r.nextBoolean();
                    if (capturedFirst) {
                        lift(to);
                        pause(80, 250);
                        if (deferral == 0) {
                            put(new Place.OnKomadai(player(capturer), capturedSlot));
                            pause(80, 250);
                            capturedPlaced = true;
                        }
                        lift(from);
                        pause(100, 250);
                        maybeHesitate();
                        maybeSlide(from, to);
                    } else {
                        lift(from);
                        pause(100, 250);
                        maybeHesitate();
                        maybeSlide(from, to);
                        lift(to);
                        pause(80, 250);
                    }
                } else {
                    lift(from);
                    pause(100, 250);
                    maybeHesitate();
                    maybeSlide(from, to);
                    maybeHover(to, move);
                }
                boolean optional = !move.isDrop() && moving.type().canPromote()
                        && position.isLegal(Move.of(from, to, true)) && position.isLegal(Move.of(from, to, false));
                if (optional && config.sensorKind() == SensorKind.OCCUPANCY) {
                    settleOptionalPromotion(move, landing, capturedSlot, deferral, mover);
                    return;
                }
                put(to, landing.type().isPromoted());
                if (capturedSlot != null && deferral == 0 && !capturedPlaced) {
                    pause(50, 200);
                    put(new Place.OnKomadai(player(capturer), capturedSlot));
                }
            }
            finishMove(mover, capturedSlot, deferral);
        }

        /** The piece as it lands, whether or not the rules allow the move: a foul is made by hand all the same. */
        private Piece landing(Move move, Side mover) {
            if (move.isDrop()) {
                return Piece.of(mover, move.drop());
            }
            Piece moving = position.pieceAt(move.from());
            return move.promote() ? Piece.of(moving.side(), moving.type().promoted()) : moving;
        }

        private void settleOptionalPromotion(Move move, Piece landing, KomadaiSlot capturedSlot, int deferral,
                                             Side mover) {
            boolean promote = move.promote();
            boolean flip = promote && chance() && !fastReply;
            put(move.to(), promote && !flip);
            if (capturedSlot != null && deferral == 0 && !capturedPlaced) {
                pause(50, 150);
                put(new Place.OnKomadai(player(capturer), capturedSlot));
            }
            long announced = lastChange + visible() + config.settleMillis();
            PromotionStyle style = flip ? PromotionStyle.FLIP
                    : (promote == config.defaultPromotion().promotes() && r.nextBoolean()) ? PromotionStyle.DEFAULT
                    : r.nextBoolean() ? PromotionStyle.PRESS_EARLY : PromotionStyle.PRESS_WHEN_ASKED;
            if (fastReply && style == PromotionStyle.PRESS_WHEN_ASKED) {
                // no time to wait for the board's question: the choice is pressed with the placement (or, in the
                // DEFAULT style, the reply ends the question with the default)
                style = PromotionStyle.PRESS_EARLY;
            }
            Button choice = promote ? Button.PROMOTE : Button.CONFIRM;
            switch (style) {
                case PRESS_EARLY -> {
                    t = fastReply ? lastChange + between(5, 15)
                            : lastChange + between(visible(), config.settleMillis() - 20);
                    press(choice);
                    counted = config.commitPolicy() == CommitPolicy.STABLE ? announced : t;
                }
                case PRESS_WHEN_ASKED -> {
                    t = announced + between(100, 500);
                    press(choice);
                    counted = t + 20;
                }
                case FLIP -> {
                    t = announced + between(150, 400);
                    lift(move.to());
                    pause(100, 300);
                    put(move.to(), true);
                    counted = lastChange + visible();
                }
                case DEFAULT -> counted = announced + config.promotionWindowMillis() + visible();
            }
            if (config.commitPolicy() == CommitPolicy.CLOCK) {
                t = fastReply ? Math.max(t, lastChange) + between(5, 15)
                        : Math.max(t, lastChange + visible()) + between(80, 300);
                press(mover == Side.SENTE ? Button.CLOCK_SENTE : Button.CLOCK_GOTE);
                counted = t + 20;
            }
            afterCount(mover, capturedSlot, deferral);
        }

        private void finishMove(Side mover, KomadaiSlot capturedSlot, int deferral) {
            if (config.commitPolicy() == CommitPolicy.CLOCK) {
                // a fast player presses the clock in the same motion as the placement, before the sensors
                // have debounced it
                t = fastReply ? lastChange + between(0, settings.debounceScans() * settings.scanMillis() - 5)
                        : lastChange + visible() + between(80, 400);
                press(mover == Side.SENTE ? Button.CLOCK_SENTE : Button.CLOCK_GOTE);
                counted = t + 20;
            } else {
                counted = lastChange + visible() + config.settleMillis() + 20;
            }
            afterCount(mover, capturedSlot, deferral);
        }

        private void afterCount(Side mover, KomadaiSlot capturedSlot, int deferral) {
            if (capturedSlot == null || deferral == 0) {
                return;
            }
            if (deferral == 1) {
                t = counted + between(100, 600);
                put(new Place.OnKomadai(player(capturer), capturedSlot));
                counted = Math.max(counted, t + visible());
            } else {
                owed.get(capturer.ordinal()).add(capturedSlot);
            }
        }

        private void flushOwed(Side side) {
            List<KomadaiSlot> slots = owed.get(side.ordinal());
            for (KomadaiSlot s : slots) {
                put(new Place.OnKomadai(player(side), s));
                pause(150, 400);
            }
            slots.clear();
        }

        private void maybeKnock(int ply) {
            if (knockChance == 0 || r.nextDouble() >= knockChance) {
                return;
            }
            List<Square> occupied = new ArrayList<>();
            for (Square s : Square.all()) {
                if (position.pieceAt(s) != null) {
                    occupied.add(s);
                }
            }
            Square s = occupied.get(r.nextInt(occupied.size()));
            long off = t;
            lift(s);
            pause(config.discrepancyMillis() + visible() + 300, config.discrepancyMillis() + visible() + 900);
            put(s, position.pieceAt(s).type().isPromoted());
            knocks.add(new Knock(off, t, s, ply + 1));
            pause(100, 300);
        }

        private void maybeHesitate() {
            if (chance() && r.nextInt(3) == 0) {
                pause(config.discrepancyMillis() + 200, config.discrepancyMillis() + 1200);
            }
        }

        private void maybeSlide(Square from, Square to) {
            if (!chance()) {
                return;
            }
            int df = Integer.signum(to.file() - from.file());
            int dr = Integer.signum(to.rank() - from.rank());
            boolean line = from.file() == to.file() || from.rank() == to.rank()
                    || Math.abs(to.file() - from.file()) == Math.abs(to.rank() - from.rank());
            if (!line) {
                return;
            }
            int f = from.file() + df;
            int k = from.rank() + dr;
            while (f != to.file() || k != to.rank()) {
                Square s = Square.of(f, k);
                if (position.pieceAt(s) != null) {
                    return;
                }
                put(s, false);
                pause(40, 150);
                lift(s);
                pause(10, 40);
                f += df;
                k += dr;
            }
        }

        private void maybeHover(Square to, Move move) {
            if (!chance()) {
                return;
            }
            for (int attempt = 0; attempt < 4; attempt++) {
                int f = to.file() + r.nextInt(3) - 1;
                int k = to.rank() + r.nextInt(3) - 1;
                if (f < 1 || f > 9 || k < 1 || k > 9) {
                    continue;
                }
                Square s = Square.of(f, k);
                if (!s.equals(to) && !s.equals(move.from()) && position.pieceAt(s) == null) {
                    put(s, false);
                    pause(40, 120);
                    lift(s);
                    pause(20, 60);
                    return;
                }
            }
        }

        private boolean chance() {
            return quirk > 0 && r.nextDouble() < quirk;
        }

        private long between(long min, long max) {
            return max <= min ? min : min + r.nextInt((int) (max - min + 1));
        }

        private void pause(long min, long max) {
            t += between(min, max);
        }

        private void lift(Square square) {
            lift(new Place.OnSquare(square));
        }

        private void lift(Place place) {
            events.add(new TraceEvent.Lift(t, place));
            lastChange = t;
        }

        private void put(Square square, boolean faceDown) {
            events.add(new TraceEvent.Put(t, new Place.OnSquare(square), faceDown));
            lastChange = t;
        }

        private void put(Place place) {
            events.add(new TraceEvent.Put(t, place, false));
            lastChange = t;
        }

        private void press(Button button) {
            events.add(new TraceEvent.Press(t, button));
        }
    }

    private enum PromotionStyle { PRESS_EARLY, PRESS_WHEN_ASKED, FLIP, DEFAULT }

    private static KomadaiSlot slot(PieceType kind) {
        return KomadaiSlot.values()[kind.unpromoted().handIndex()];
    }
}
