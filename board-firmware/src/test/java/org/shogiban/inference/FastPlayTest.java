package org.shogiban.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.shogiban.hal.KomadaiSlot.BISHOP;
import static org.shogiban.hal.KomadaiSlot.PAWN;
import static org.shogiban.hal.Player.GOTE;
import static org.shogiban.hal.Player.SENTE;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * Issue 13: replies made while the board still settles (each hand 150 ms in the air, at most 200 ms between the
 * hands: never the 400 ms settle time in between), and a board that finds its way back by itself.
 */
class FastPlayTest {
    /** After 7g7f 3c3d: the bishops face each other. */
    static final Position OPEN_BISHOPS = Position.startpos().play(Move.parseUsi("7g7f")).play(Move.parseUsi("3c3d"));

    static Table table(Position start, SensorKind kind) {
        return new Table(start, InferenceConfig.defaults(kind));
    }

    static Table clocked(Position start) {
        return new Table(start, InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.CLOCK));
    }

    static List<Long> moveTimes(Table t) {
        return t.events.stream().filter(e -> e instanceof InferenceEvent.MoveCompleted)
                .map(InferenceEvent::timeMillis).toList();
    }

    @Nested
    class StablePolicy {
        @Test
        void twoQuietMovesWithinTheSettleTimeAreBothRecordedEachAtItsOwnTime() {
            Table t = table(Position.startpos(), SensorKind.OCCUPANCY).move("7g", "7f");
            long first = t.events.isEmpty() ? nowOf(t) : -1;
            t.waitMs(200).move("3c", "3d");
            long second = nowOf(t);
            t.settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d");
            // the first at its landing (seen complete when the opponent's hand arrived), the second when it counted
            assertThat(moveTimes(t)).containsExactly(first, second + t.inference.config().settleMillis());
        }

        @Test
        void aQuickRecaptureOnAnOccupancyBoard() {
            // 8h2b+ (the bishop exchange; the board cannot see the promotion: the default, promote), then 3a2b
            Table t = table(OPEN_BISHOPS, SensorKind.OCCUPANCY).lift("2b").waitMs(100).placeSlot(SENTE, BISHOP)
                    .waitMs(100).move("8h", "2b").waitMs(250).lift("2b").waitMs(100).placeSlot(GOTE, BISHOP)
                    .waitMs(100).move("3a", "2b").settle();
            assertThat(t.lines()).containsExactly("move 8h2b+", "move 3a2b");
            assertThat(t.inference.position()).isEqualTo(OPEN_BISHOPS.play(Move.parseUsi("8h2b+"))
                    .play(Move.parseUsi("3a2b")));
        }

        @Test
        void aQuickRecaptureOnAPolarityBoardWithTheCapturedPiecesStillInTheHands() {
            Table t = table(OPEN_BISHOPS, SensorKind.POLARITY).lift("8h").waitMs(100).lift("2b").waitMs(100)
                    .placeDown("2b").waitMs(250).lift("3a").waitMs(100).lift("2b").waitMs(100).place("2b")
                    .settle();
            assertThat(t.lines()).containsExactly("move 8h2b+", "move 3a2b");
            // the komadai are filled later, and the board stays in step
            t.placeSlot(SENTE, BISHOP).waitMs(200).placeSlot(GOTE, BISHOP).settle();
            assertThat(t.lines()).containsExactly("move 8h2b+", "move 3a2b");
        }

        @Test
        void aPromotionPendingIsEndedByTheOpponentsReplyWithTheDefault() {
            Table t = table(Position.fromSfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1"), SensorKind.OCCUPANCY)
                    .move("9c", "9b").waitMs(500);
            assertThat(t.lines()).containsExactly("promotion-pending 9b");
            t.move("5a", "4a").settle();
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b+", "move 5a4a");
        }

        @Test
        void aReplyBeforeTheBoardAskedAboutThePromotionEndsItWithTheDefault() {
            Table t = table(Position.fromSfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1"), SensorKind.OCCUPANCY)
                    .move("9c", "9b").waitMs(200).move("5a", "4a").settle();
            assertThat(t.lines()).containsExactly("move 9c9b+", "move 5a4a");
        }

        @Test
        void aChoicePressedWithThePlacementHoldsForTheMoveItWasPressedFor() {
            Table t = table(Position.fromSfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1"), SensorKind.OCCUPANCY)
                    .move("9c", "9b").press(Button.CONFIRM).waitMs(200).move("5a", "4a").settle();
            assertThat(t.lines()).containsExactly("move 9c9b", "move 5a4a");
        }

        @Test
        void aTakebackAfterAFastPair() {
            Table t = table(Position.startpos(), SensorKind.OCCUPANCY).move("7g", "7f").waitMs(200)
                    .move("3c", "3d").settle();
            t.move("3d", "3c").waitMs(200).move("7f", "7g").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d", "takeback 2");
            assertThat(t.inference.position()).isEqualTo(Position.startpos());
        }

        @Test
        void anIllegalReplyInsideAFastPairIsReportedWithItsReason() {
            Table t = table(Position.startpos(), SensorKind.OCCUPANCY).move("7g", "7f").waitMs(200)
                    .move("3c", "3e").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "illegal 3c3e INVALID_MOVEMENT");
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("7g7f"));
            t.move("3e", "3c").settle();
            assertThat(t.lines()).endsWith("in-sync");
        }

        @Test
        void movesMadeWhileTheBoardWasOutOfStepAreRecoveredOnceThePiecesAllowIt() {
            // a lance knocked off 1a and left off while three moves are played: the board cannot follow, then
            // the lance goes back and the three moves are the one sequence that explains the board
            Table t = table(Position.startpos(), SensorKind.OCCUPANCY).move("7g", "7f").settle().lift("1a")
                    .settle().move("3c", "3d").settle().move("2g", "2f").settle().move("8c", "8d").settle();
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("7g7f"));
            assertThat(t.inference.isOutOfSync()).isTrue();
            t.place("1a").settle();
            assertThat(t.inference.moves()).extracting(Move::usi).containsExactly("7g7f", "3c3d", "2g2f", "8c8d");
            assertThat(t.lines()).endsWith("move 3c3d", "move 2g2f", "move 8c8d", "in-sync");
            assertThat(t.inference.isOutOfSync()).isFalse();
            List<Long> times = moveTimes(t);
            assertThat(times).isSorted().doesNotHaveDuplicates();
        }

        @Test
        void aDroppedPieceTakenFirstByTheCapturerIsNotADropUndone() {
            // gote takes 2e with its pawn and keeps the pawn in the hand; later puts it on the komadai, drops it
            // on 3d, and sente's hand takes the dropped pawn off before the rook lands there: for a moment the
            // board shows the position before the drop (the pawn owed to the komadai), yet the drop was made
            Table t = table(Position.fromSfen("4k4/9/9/7p1/7P1/9/9/6R2/4K4 w - 1"), SensorKind.OCCUPANCY)
                    .lift("2e").waitMs(100).move("2d", "2e").settle().move("5i", "4h").settle();
            t.placeSlot(GOTE, PAWN).waitMs(200).liftSlot(GOTE, PAWN).waitMs(150).place("3d").waitMs(250)
                    .lift("3d").waitMs(100).placeSlot(SENTE, PAWN).waitMs(100).move("3h", "3d").settle();
            assertThat(t.lines()).containsExactly("move 2d2e", "move 5i4h", "move P*3d", "move 3h3d");
        }

        @Test
        void movesThatBringBackAnEarlierPositionAreMovesWhenThePiecesDidNotGoBackInTheTakebacksOrder() {
            // a repetition: the kings step back one after the other, sente first, faster than the opponent's
            // hand is counted; undoing the last two moves would have moved gote's king first
            Table t = table(Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1"), SensorKind.POLARITY)
                    .move("5i", "4i").settle().move("5a", "4a").settle();
            t.move("4i", "5i").waitMs(100).move("4a", "5a").settle();
            assertThat(t.lines()).containsExactly("move 5i4i", "move 5a4a", "move 4i5i", "move 4a5a");
        }

        @Test
        void theSamePiecesPutBackInTheTakebacksOrderAreATakeback() {
            Table t = table(Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 b - 1"), SensorKind.POLARITY)
                    .move("5i", "4i").settle().move("5a", "4a").settle();
            t.move("4a", "5a").waitMs(100).move("4i", "5i").settle();
            assertThat(t.lines()).containsExactly("move 5i4i", "move 5a4a", "takeback 2");
        }

        @Test
        void noSequenceIsMadeUpFromPiecesMovedAtOnce() {
            // both of sente's pawns in the air together: neither was put down before the other was lifted
            Table t = table(Position.startpos(), SensorKind.OCCUPANCY).lift("7g").waitMs(100).lift("3c")
                    .waitMs(100).place("7f").waitMs(100).place("3d").settle();
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.lines()).singleElement().asString().startsWith("discrepancy");
        }
    }

    @Nested
    class ClockPolicy {
        @Test
        void aPressInTheSameMotionAsThePlacementCommitsTheMoveItCompletes() {
            // the press comes while the piece is still in the hand, before the sensors saw it land
            Table t = clocked(Position.startpos()).lift("7g").waitMs(150).press(Button.CLOCK_SENTE).waitMs(10)
                    .place("7f").waitMs(250).move("3c", "3d").press(Button.CLOCK_GOTE).settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d");
        }

        @Test
        void aPressInTheSameMotionAsThePlacementOfAPieceHeldLongCommitsIt() {
            // the board was still for a second (the piece held in the air): the press, made as the piece lands
            // and before the sensors saw it, is judged on the picture a moment later
            Table t = clocked(Position.startpos()).lift("7g").waitMs(1000).press(Button.CLOCK_SENTE).waitMs(10)
                    .place("7f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f");
        }

        @Test
        void aPressStillCountsAsItAlwaysDidOnAStillBoard() {
            Table t = clocked(Position.startpos()).move("7g", "7f").settle().press(Button.CLOCK_SENTE);
            assertThat(t.lines()).containsExactly("move 7g7f");
        }

        @Test
        void anIllegalMoveCompletedAroundAPressIsReportedWithItsReason() {
            Table t = clocked(Position.startpos()).lift("7g").waitMs(150).press(Button.CLOCK_SENTE).waitMs(10)
                    .place("7e").settle();
            assertThat(t.lines()).containsExactly("illegal 7g7e INVALID_MOVEMENT");
        }

        @Test
        void aLostPressIsRecoveredByTheOpponentsPress() {
            // sente forgets the clock; gote's press completes the pair
            Table t = clocked(Position.startpos()).move("7g", "7f").waitMs(200).move("3c", "3d").waitMs(200)
                    .press(Button.CLOCK_GOTE).settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d");
        }
    }

    private static long nowOf(Table t) {
        return t.now();
    }
}
