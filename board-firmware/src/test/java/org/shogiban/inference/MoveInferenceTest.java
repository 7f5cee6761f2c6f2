package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.shogiban.hal.KomadaiSlot.LANCE;
import static org.shogiban.hal.KomadaiSlot.PAWN;
import static org.shogiban.hal.Player.GOTE;
import static org.shogiban.hal.Player.SENTE;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** The move inference against hands that move pieces as players do, one situation of the issue per test. */
class MoveInferenceTest {
    /** Sente pawn 5e facing gote pawn 5d; kings on 5i and 5a. */
    static final String PAWN_FACE_OFF = "4k4/9/9/4p4/4P4/9/9/9/4K4 b - 1";
    static final String OPEN_ROOK = "3k5/9/9/9/4R4/9/9/9/4K4 b - 1";

    @Nested
    class PlainMoves {
        @Test
        void aPawnPushCountsOnceTheBoardIsStill() {
            Table t = Table.occupancy("startpos").move("7g", "7f").waitMs(350);
            assertThat(t.events).isEmpty();
            t.settle();
            assertThat(t.lines()).containsExactly("move 7g7f");
            assertThat(t.inference.position()).isEqualTo(Position.startpos().play(Move.parseUsi("7g7f")));
        }

        @Test
        void aPieceSlidAcrossSquaresCountsWhereItStops() {
            Table t = Table.occupancy(OPEN_ROOK).lift("5e").place("6e").waitMs(60).lift("6e").place("7e")
                    .waitMs(80).lift("7e").place("8e").waitMs(40).lift("8e").place("9e").settle();
            assertThat(t.lines()).containsExactly("move 5e9e");
        }

        @Test
        void aPieceLiftedAndPutBackIsNoMove() {
            Table t = Table.occupancy("startpos").lift("2g").waitMs(250).place("2g").settle();
            assertThat(t.events).isEmpty();
            assertThat(t.inference.moves()).isEmpty();
        }

        @Test
        void aPieceHoveredOverTwoSquaresCountsWhereItLands() {
            Table t = Table.occupancy("startpos").lift("7g").place("6f").waitMs(70).lift("6f").place("7f")
                    .waitMs(50).lift("7f").waitMs(60).place("7f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f");
        }

        @Test
        void aPieceHeldInTheAirLongIsADiscrepancyUntilItLands() {
            Table t = Table.occupancy("startpos").lift("7g").settle();
            assertThat(t.lines()).containsExactly("discrepancy 7g(expected P, read empty)");
            t.place("7f").settle();
            assertThat(t.lines()).containsExactly("discrepancy 7g(expected P, read empty)", "move 7g7f", "in-sync");
        }

        @Test
        void gamesGoOnMoveAfterMove() {
            Table t = Table.occupancy("startpos").move("7g", "7f").settle().move("3c", "3d").settle()
                    .move("2g", "2f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d", "move 2g2f");
        }
    }

    @Nested
    class Captures {
        @Test
        void capturedPieceLiftedFirstAndPutOnTheKomadaiAtOnce() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5d").waitMs(100).placeSlot(SENTE, PAWN).waitMs(100)
                    .move("5e", "5d").settle();
            assertThat(t.lines()).containsExactly("move 5e5d");
            assertThat(t.inference.pendingCaptures()).containsOnly(0);
        }

        @Test
        void movingPieceLiftedFirstAndKomadaiLater() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5e").waitMs(100).lift("5d").waitMs(100).place("5d")
                    .settle();
            assertThat(t.lines()).containsExactly("move 5e5d");
            assertThat(t.inference.pendingCaptures()[0]).isEqualTo(1);
            t.placeSlot(SENTE, PAWN).settle();
            assertThat(t.lines()).containsExactly("move 5e5d");
            assertThat(t.inference.pendingCaptures()).containsOnly(0);
        }

        @Test
        void capturedPieceReachesTheKomadaiOnlyAfterTheOpponentsReply() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5d").lift("5e").waitMs(100).place("5d").settle()
                    .move("5a", "4a").settle().placeSlot(SENTE, PAWN).settle();
            assertThat(t.lines()).containsExactly("move 5e5d", "move 5a4a");
            assertThat(t.inference.isOutOfSync()).isFalse();
        }

        @Test
        void capturedPieceOnTheWrongKomadaiIsADiscrepancyUntilMoved() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5d").lift("5e").waitMs(100).place("5d").settle()
                    .placeSlot(GOTE, PAWN).settle();
            assertThat(t.lines()).containsExactly("move 5e5d", "discrepancy gote:P(expected 0, read 1)");
            t.liftSlot(GOTE, PAWN).waitMs(300).placeSlot(SENTE, PAWN).settle();
            assertThat(t.lines()).endsWith("in-sync");
        }

        @Test
        void capturedPieceInTheWrongSlotIsADiscrepancy() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5d").lift("5e").waitMs(100).place("5d").settle()
                    .placeSlot(SENTE, LANCE).settle();
            assertThat(t.lines()).containsExactly("move 5e5d", "discrepancy sente:L(expected 0, read 1)");
        }

        @Test
        void aCapturedPromotedPieceGoesToTheSlotOfItsUnpromotedKind() {
            Table t = Table.polarity("4k4/9/9/4+p4/4G4/9/9/9/4K4 b - 1").lift("5d").placeSlot(SENTE, PAWN)
                    .move("5e", "5d").settle();
            assertThat(t.lines()).containsExactly("move 5e5d");
            assertThat(t.inference.position().hand(org.shogiban.rules.Side.SENTE).toString()).isEqualTo("P1");
        }

        @Test
        void twoPossibleCaptureTargetsAreNeverGuessed() {
            // the rook could have taken 5c or 3e: both were lifted and put back after the rook left 5e
            Table t = Table.occupancy("4k4/9/4p4/9/4R1p2/9/9/9/4K4 b - 1").lift("5e").lift("5c").waitMs(100)
                    .place("5c").lift("3e").waitMs(100).place("3e").settle();
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.lines()).containsExactly("discrepancy 5e(expected R, read empty)");
        }
    }

    @Nested
    class Drops {
        @Test
        void theSlotTellsTheKind() {
            Table t = Table.occupancy("4k4/9/9/9/9/9/9/9/4K4 b GP 1").liftSlot(SENTE, KomadaiSlot.GOLD)
                    .waitMs(200).place("5e").settle();
            assertThat(t.lines()).containsExactly("move G*5e");
        }

        @Test
        void anIllegalDropIsReportedWithTheRulesReasonAndNotPlayed() {
            Table t = Table.occupancy("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").liftSlot(SENTE, PAWN).waitMs(200)
                    .place("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e TWO_PAWNS");
            assertThat(t.inference.moves()).isEmpty();
            t.lift("5e").waitMs(100).placeSlot(SENTE, PAWN).settle();
            assertThat(t.lines()).containsExactly("illegal P*5e TWO_PAWNS", "in-sync");
        }

        @Test
        void aDropWithThePromotedFaceUpIsIllegalOnAPolarityBoard() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 b P 1").liftSlot(SENTE, PAWN).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_PROMOTION");
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.inference.isOutOfSync()).isTrue();
            t.lift("5e").waitMs(200).place("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_PROMOTION", "move P*5e", "in-sync");
        }

        @Test
        void goteDroppingWithThePromotedFaceUpIsIllegalUntilThePieceGoesBack() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 w r 1").liftSlot(GOTE, KomadaiSlot.ROOK).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly("illegal R*5e INVALID_PROMOTION");
            t.lift("5e").waitMs(200).placeSlot(GOTE, KomadaiSlot.ROOK).settle();
            assertThat(t.lines()).containsExactly("illegal R*5e INVALID_PROMOTION", "in-sync");
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.inference.isOutOfSync()).isFalse();
        }

        @Test
        void theRulesReasonForAPromotedFaceOutranksTheOrdinaryDropVerdict() {
            // face up this drop would be two pawns; face down it is first of all no drop at all
            Table t = Table.polarity("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").liftSlot(SENTE, PAWN).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_PROMOTION");
        }

        @Test
        void aGoldPutDownFaceDownHasNoPromotedSideAndStaysADiscrepancy() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 b G 1").liftSlot(SENTE, KomadaiSlot.GOLD).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly(
                    "discrepancy 5e(expected empty, read face-down) sente:G(expected 1, read 0)");
            assertThat(t.inference.moves()).isEmpty();
        }

        @Test
        void anOccupancyBoardCannotSeeTheFaceOfADrop() {
            Table t = Table.occupancy("4k4/9/9/9/9/9/9/9/4K4 b P 1").liftSlot(SENTE, PAWN).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly("move P*5e");
        }

        @Test
        void senteDroppingAPieceFromGotesKomadaiIsIllegal() {
            Table t = Table.occupancy("4k4/9/9/9/9/9/9/9/4K4 b p 1").liftSlot(GOTE, PAWN).waitMs(200)
                    .place("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_MOVEMENT");
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.inference.isOutOfSync()).isTrue();
            t.lift("5e").waitMs(200).placeSlot(GOTE, PAWN).settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_MOVEMENT", "in-sync");
        }

        @Test
        void goteDroppingAPieceFromSentesKomadaiIsIllegal() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 w B 1").liftSlot(SENTE, KomadaiSlot.BISHOP)
                    .waitMs(200).place("5e").settle();
            assertThat(t.lines()).containsExactly("illegal B*5e INVALID_MOVEMENT");
            assertThat(t.inference.position().hand(org.shogiban.rules.Side.SENTE).toString()).isEqualTo("B1");
        }

        @Test
        void aPieceFromTheOpponentsKomadaiIsNotTheMoversEvenFaceDown() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 b p 1").liftSlot(GOTE, PAWN).waitMs(200)
                    .placeDown("5e").settle();
            assertThat(t.lines()).containsExactly("illegal P*5e INVALID_MOVEMENT");
        }

        @Test
        void senteDroppingTwiceInARowIsIllegal() {
            Table t = Table.occupancy("4k4/9/9/9/9/9/9/9/4K4 b 2P 1").liftSlot(SENTE, PAWN).waitMs(200)
                    .place("5e").settle().liftSlot(SENTE, PAWN).waitMs(200).place("4e").settle();
            assertThat(t.lines()).containsExactly("move P*5e", "illegal P*4e INVALID_MOVEMENT");
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("P*5e"));
            t.lift("4e").waitMs(200).placeSlot(SENTE, PAWN).settle().move("5a", "4a").settle();
            assertThat(t.lines()).containsExactly("move P*5e", "illegal P*4e INVALID_MOVEMENT", "in-sync",
                    "move 5a4a");
        }

        @Test
        void goteDroppingTwiceInARowIsIllegal() {
            Table t = Table.polarity("4k4/9/9/9/9/9/9/9/4K4 w 2n 1").liftSlot(GOTE, KomadaiSlot.KNIGHT).waitMs(200)
                    .place("5e").settle().liftSlot(GOTE, KomadaiSlot.KNIGHT).waitMs(200).place("1e").settle();
            assertThat(t.lines()).containsExactly("move N*5e", "illegal N*1e INVALID_MOVEMENT");
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("N*5e"));
        }

        @Test
        void aPieceDroppedStraightFromTheHandIsTheMoversOwnWhenBothKomadaiCouldHaveGivenIt() {
            // both players hold a captured pawn in the hand, so either komadai may read one fewer than it should
            Table t = Table.occupancy("4k4/9/5g3/4p4/4P4/9/9/9/4K4 b - 1").lift("5d").lift("5e").waitMs(100)
                    .place("5d").settle().lift("5d").lift("4c").waitMs(100).place("5d").settle()
                    .place("1e").settle();
            assertThat(t.lines()).containsExactly("move 5e5d", "move 4c5d", "move P*1e");
        }
    }

    @Nested
    class Promotion {
        @Test
        void aFlipIsSeenOnAPolarityBoard() {
            Table t = Table.polarity("4k4/9/P8/9/9/9/9/9/4K4 b - 1").lift("9c").waitMs(150).placeDown("9b")
                    .settle();
            assertThat(t.lines()).containsExactly("move 9c9b+");
        }

        @Test
        void noFlipIsNoPromotionOnAPolarityBoard() {
            Table t = Table.polarity("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").settle();
            assertThat(t.lines()).containsExactly("move 9c9b");
        }

        @Test
        void aForcedPromotionIsAutomaticOnAnOccupancyBoard() {
            Table t = Table.occupancy("4k4/P8/9/9/9/9/9/9/4K4 b - 1").move("9b", "9a").settle();
            assertThat(t.lines()).containsExactly("move 9b9a+");
        }

        @Test
        void anOptionalPromotionWaitsForThePromoteButton() {
            Table t = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(500);
            assertThat(t.lines()).containsExactly("promotion-pending 9b");
            t.press(Button.PROMOTE).settle();
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b+");
        }

        @Test
        void confirmDeclinesAnOptionalPromotion() {
            Table t = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(500)
                    .press(Button.CONFIRM).settle();
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b");
        }

        @Test
        void liftingThePieceAndPuttingItDownAgainPromotes() {
            Table t = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(600).lift("9b")
                    .waitMs(200).place("9b").waitMs(20);
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b+");
        }

        @Test
        void withoutAChoiceTheConfiguredDefaultApplies() {
            Table promote = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").settle();
            assertThat(promote.lines()).containsExactly("promotion-pending 9b", "move 9c9b+");
            Table decline = new Table(Position.fromSfen("4k4/9/P8/9/9/9/9/9/4K4 b - 1"),
                    InferenceConfig.defaults(SensorKind.OCCUPANCY).withDefaultPromotion(PromotionChoice.DECLINE))
                    .move("9c", "9b").settle();
            assertThat(decline.lines()).containsExactly("promotion-pending 9b", "move 9c9b");
        }

        @Test
        void aButtonPressedBeforeTheBoardIsStillCountsForTheMove() {
            Table t = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(100)
                    .press(Button.CONFIRM).settle();
            assertThat(t.lines()).containsExactly("move 9c9b");
        }

        @Test
        void theOpponentMovingOnSettlesAPendingPromotionWithTheDefault() {
            Table t = Table.occupancy("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(600)
                    .move("5a", "4a").settle();
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b+", "move 5a4a");
        }
    }

    @Nested
    class TakeBacks {
        @Test
        void restoringThePreviousPositionTakesTheMoveBack() {
            Table t = Table.occupancy("startpos").move("7g", "7f").settle().move("7f", "7g").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "takeback 1");
            assertThat(t.inference.position()).isEqualTo(Position.startpos());
        }

        @Test
        void bothPlayersMovesCanBeTakenBack() {
            Table t = Table.occupancy("startpos").move("7g", "7f").settle().move("3c", "3d").settle()
                    .move("3d", "3c").waitMs(100).move("7f", "7g").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d", "takeback 2");
            assertThat(t.inference.moves()).isEmpty();
        }

        @Test
        void aLegalMoveThatLooksLikeAnEarlierPositionIsAMoveNotATakeback() {
            // after 9c6f (taking a pawn) and 9d9c+, gote's P*9d leaves the occupancy of two plies before
            Table t = Table.occupancy("4k4/9/b8/P8/9/3P5/9/9/4K4 w - 1").lift("9c").lift("6f").waitMs(100)
                    .place("6f").placeSlot(GOTE, PAWN).settle().move("9d", "9c").waitMs(500).press(Button.PROMOTE)
                    .settle().liftSlot(GOTE, PAWN).waitMs(150).place("9d").settle();
            assertThat(t.lines()).containsExactly("move 9c6f", "promotion-pending 9c", "move 9d9c+", "move P*9d");
        }

        @Test
        void aCaptureIsTakenBackWithItsPieceReturnedFromTheKomadai() {
            Table t = Table.occupancy(PAWN_FACE_OFF).lift("5d").placeSlot(SENTE, PAWN).move("5e", "5d").settle()
                    .lift("5d").waitMs(100).place("5e").liftSlot(SENTE, PAWN).waitMs(100).place("5d").settle();
            assertThat(t.lines()).containsExactly("move 5e5d", "takeback 1");
            assertThat(t.inference.position()).isEqualTo(Position.fromSfen(PAWN_FACE_OFF));
        }
    }

    @Nested
    class Mishandling {
        @Test
        void aKnockedOffPieceIsReportedAndPuttingItBackRestoresSync() {
            Table t = Table.occupancy("startpos").lift("1g").settle();
            assertThat(t.lines()).containsExactly("discrepancy 1g(expected P, read empty)");
            t.place("1g").settle();
            assertThat(t.lines()).containsExactly("discrepancy 1g(expected P, read empty)", "in-sync");
            assertThat(t.inference.moves()).isEmpty();
        }

        @Test
        void severalPiecesMovedAtOnceAreNoMove() {
            Table t = Table.occupancy("startpos").lift("7g").waitMs(100).lift("2g").waitMs(100).place("7f")
                    .waitMs(100).place("2f").settle();
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.lines()).containsExactly("discrepancy 7f(expected empty, read occupied) 2f(expected empty,"
                    + " read occupied) 7g(expected P, read empty) 2g(expected P, read empty)");
        }

        @Test
        void playingTwiceInARowIsIllegalEvenWithoutAStillBoardInBetween() {
            // 二手指し (nitezashi, two moves in a row): the first is sente's move, the second moves a piece that is
            // not gote's
            Table t = Table.occupancy("startpos").move("7g", "7f").waitMs(200).move("2g", "2f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "illegal 2g2f INVALID_MOVEMENT");
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("7g7f"));
        }

        @Test
        void aMoveOfTheOpponentsPieceIsIllegal() {
            Table t = Table.occupancy("startpos").move("3c", "3d").settle();
            assertThat(t.lines()).containsExactly("illegal 3c3d INVALID_MOVEMENT");
        }

        @Test
        void playingTwiceInARowIsIllegal() {
            Table t = Table.occupancy("startpos").move("7g", "7f").settle().move("2g", "2f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f", "illegal 2g2f INVALID_MOVEMENT");
            assertThat(t.inference.moves()).containsExactly(Move.parseUsi("7g7f"));
        }

        @Test
        void aMoveThatLeavesTheKingInCheckIsIllegal() {
            Table t = Table.occupancy("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1").move("5g", "4g").settle();
            assertThat(t.lines()).containsExactly("illegal 5g4g LEAVES_KING_IN_CHECK");
        }

        @Test
        void aFailedKomadaiSensorMatchesAnyCount() {
            Table t = Table.occupancy("startpos").slotReads(SENTE, PAWN, SensorFrame.UNKNOWN).settle()
                    .move("7g", "7f").settle();
            assertThat(t.lines()).containsExactly("move 7g7f");
        }
    }

    @Nested
    class ClockPolicy {
        private Table clocked(String sfen) {
            return new Table(sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen),
                    InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.CLOCK));
        }

        @Test
        void aMoveCountsOnlyWhenTheMoverPressesTheClock() {
            Table t = clocked("startpos").move("7g", "7f").settle();
            assertThat(t.events).isEmpty();
            t.press(Button.CLOCK_GOTE);
            assertThat(t.events).isEmpty();
            t.press(Button.CLOCK_SENTE);
            assertThat(t.lines()).containsExactly("move 7g7f");
        }

        @Test
        void theMoverMayChangeTheirMindBeforePressing() {
            Table t = clocked("startpos").move("7g", "7f").settle().move("7f", "7g").move("2g", "2f").waitMs(50)
                    .press(Button.CLOCK_SENTE).waitMs(ClockPresses.PRESS_LAG_MILLIS);
            assertThat(t.lines()).containsExactly("move 2g2f");
        }

        @Test
        void anOptionalPromotionIsAnnouncedAndSettledAtThePress() {
            Table t = clocked("4k4/9/P8/9/9/9/9/9/4K4 b - 1").move("9c", "9b").waitMs(500)
                    .press(Button.CONFIRM).settle().press(Button.CLOCK_SENTE);
            assertThat(t.lines()).containsExactly("promotion-pending 9b", "move 9c9b");
        }

        @Test
        void aPressWithAnUnexplainedBoardIsADiscrepancy() {
            Table t = clocked("startpos").move("7g", "7f").move("2g", "2f").waitMs(50).press(Button.CLOCK_SENTE)
                    .waitMs(ClockPresses.PRESS_LAG_MILLIS);
            assertThat(t.inference.moves()).isEmpty();
            assertThat(t.lines()).containsExactly("discrepancy 7f(expected empty, read occupied) 2f(expected"
                    + " empty, read occupied) 7g(expected P, read empty) 2g(expected P, read empty)");
        }
    }
}
