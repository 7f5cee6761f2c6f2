package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.shogiban.session.BoardView;
import org.shogiban.session.BoardPhase;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.StatusLed;
import org.shogiban.inference.SlotMismatch;
import org.shogiban.inference.SquareMismatch;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/** The LED plan as a pure function of the application's view. */
class LedPlannerTest {
    private static final Position AFTER_7G7F = Position.startpos().play(Move.parseUsi("7g7f"));

    private static BoardView playing(Move last, List<SquareMismatch> wrong, List<SlotMismatch> slots, Move illegal,
                                     Square promotion, Set<String> faults) {
        return new BoardView(BoardPhase.PLAYING, AFTER_7G7F, 1, last, wrong, slots, illegal, promotion,
                GameResult.ONGOING, faults);
    }

    private static Colour at(LedFrame frame, String square) {
        return frame.square(Square.parse(square).index());
    }

    private static long lit(LedFrame frame) {
        long n = 0;
        for (int i = 0; i < LedFrame.TOTAL; i++) {
            n += frame.led(i).isLit() ? 1 : 0;
        }
        return n;
    }

    @Test
    void aQuietGameShowsTheLastMoveAndTheSideToMoveOnly() {
        LedFrame frame = LedPlanner.plan(playing(Move.parseUsi("7g7f"), List.of(), List.of(), null, null, Set.of()));
        assertThat(at(frame, "7g")).isEqualTo(LedPlanner.LAST_MOVE);
        assertThat(at(frame, "7f")).isEqualTo(LedPlanner.LAST_MOVE);
        assertThat(frame.status(StatusLed.GOTE_TO_MOVE)).isEqualTo(LedPlanner.TO_MOVE);
        assertThat(frame.status(StatusLed.ATTENTION)).isEqualTo(Colour.OFF);
        assertThat(lit(frame)).isEqualTo(3);
    }

    @Test
    void wrongSquaresAndSlotsAreLitOverTheLastMoveWithAttention() {
        LedFrame frame = LedPlanner.plan(playing(Move.parseUsi("7g7f"),
                List.of(new SquareMismatch(Square.parse("7f"), Piece.of(Side.SENTE, PieceType.PAWN),
                        SquareReading.EMPTY)),
                List.of(new SlotMismatch(Player.GOTE, KomadaiSlot.ROOK, 0, 1)), null, null, Set.of()));
        assertThat(at(frame, "7f")).isEqualTo(LedPlanner.WRONG);
        assertThat(at(frame, "7g")).isEqualTo(LedPlanner.LAST_MOVE);
        assertThat(frame.komadai(Player.GOTE, KomadaiSlot.ROOK)).isEqualTo(LedPlanner.WRONG);
        assertThat(frame.status(StatusLed.ATTENTION)).isEqualTo(LedPlanner.ATTENTION);
        assertThat(lit(frame)).isEqualTo(5);
    }

    @Test
    void anIllegalMoveIsRedOverEverythingAndAnIllegalDropLightsTheDroppersSlot() {
        LedFrame move = LedPlanner.plan(playing(Move.parseUsi("7g7f"),
                List.of(new SquareMismatch(Square.parse("3c"), Piece.of(Side.GOTE, PieceType.PAWN),
                        SquareReading.EMPTY)), List.of(), Move.parseUsi("3c3e"), null, Set.of()));
        assertThat(at(move, "3c")).isEqualTo(LedPlanner.ILLEGAL);
        assertThat(at(move, "3e")).isEqualTo(LedPlanner.ILLEGAL);

        LedFrame drop = LedPlanner.plan(playing(null, List.of(), List.of(), Move.parseUsi("P*5e"), null, Set.of()));
        assertThat(at(drop, "5e")).isEqualTo(LedPlanner.ILLEGAL);
        assertThat(drop.komadai(Player.GOTE, KomadaiSlot.PAWN)).isEqualTo(LedPlanner.ILLEGAL);
        assertThat(drop.komadai(Player.SENTE, KomadaiSlot.PAWN)).isEqualTo(Colour.OFF);
    }

    @Test
    void aPendingPromotionHasItsOwnSteadyColourAndFaultsLightTheFaultLed() {
        LedFrame frame = LedPlanner.plan(playing(Move.parseUsi("7g7f"), List.of(), List.of(), null,
                Square.parse("2b"), Set.of("MCP23017 squares #1 at i2c-1/0x21")));
        assertThat(at(frame, "2b")).isEqualTo(LedPlanner.PROMOTION);
        assertThat(LedPlanner.PROMOTION).isNotIn(LedPlanner.LAST_MOVE, LedPlanner.WRONG, LedPlanner.ILLEGAL);
        assertThat(frame.status(StatusLed.ATTENTION)).isEqualTo(LedPlanner.ATTENTION);
        assertThat(frame.status(StatusLed.FAULT)).isEqualTo(LedPlanner.FAULT);
    }

    @Test
    void aFinishedGameLightsTheWinnerOrBothSidesForADraw() {
        BoardView won = new BoardView(BoardPhase.OVER, AFTER_7G7F, 1, Move.parseUsi("7g7f"), List.of(), List.of(),
                null, null, GameResult.of(GameStatus.RESIGNATION, Side.SENTE), Set.of());
        LedFrame frame = LedPlanner.plan(won);
        assertThat(frame.status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.WINNER);
        assertThat(frame.status(StatusLed.GOTE_TO_MOVE)).isEqualTo(Colour.OFF);

        BoardView drawn = new BoardView(BoardPhase.OVER, AFTER_7G7F, 1, null, List.of(), List.of(), null, null,
                GameResult.of(GameStatus.REPETITION_DRAW, null), Set.of());
        LedFrame draw = LedPlanner.plan(drawn);
        assertThat(draw.status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.WINNER);
        assertThat(draw.status(StatusLed.GOTE_TO_MOVE)).isEqualTo(LedPlanner.WINNER);
    }

    @Test
    void settingUpLightsEveryWrongSquare() {
        BoardView setup = new BoardView(BoardPhase.SETTING_UP, Position.startpos(), 0, null,
                List.of(new SquareMismatch(Square.parse("5i"), Piece.of(Side.SENTE, PieceType.KING),
                                SquareReading.EMPTY),
                        new SquareMismatch(Square.parse("5e"), null, SquareReading.OCCUPIED)),
                List.of(), null, null, GameResult.ONGOING, Set.of());
        LedFrame frame = LedPlanner.plan(setup);
        assertThat(at(frame, "5i")).isEqualTo(LedPlanner.WRONG);
        assertThat(at(frame, "5e")).isEqualTo(LedPlanner.WRONG);
        assertThat(frame.status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.TO_MOVE);
        assertThat(lit(frame)).isEqualTo(4);
    }
}
