package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

class PositionSetupTest {
    private final InferenceConfig config = InferenceConfig.defaults(SensorKind.OCCUPANCY);

    @Test
    void anEmptyBoardShowsEveryPieceStillToPlace() {
        PositionSetup setup = new PositionSetup(Position.startpos(), config);
        SetupStatus status = setup.onFrame(SensorFrame.empty(0));
        assertThat(status.squares()).hasSize(40);
        assertThat(status.squares().get(0).describe()).isEqualTo("9a(expected l, read empty)");
        assertThat(status.ready()).isFalse();
        assertThatThrownBy(setup::startGame).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theGameStartsOnceTheBoardHasMatchedForTheSettleTime() {
        Position target = Position.startpos();
        PositionSetup setup = new PositionSetup(target, config);
        SensorFrame board = ExpectedFrame.of(target).toSensorFrame(0, SensorKind.OCCUPANCY)
                .withSquare(80, SquareReading.EMPTY);
        SetupStatus missing = setup.onFrame(board);
        assertThat(missing.squares()).singleElement().extracting(m -> m.square().usi()).isEqualTo("1i");
        board = board.withSquare(80, SquareReading.OCCUPIED);
        assertThat(setup.onFrame(board.at(100)).ready()).isFalse();
        assertThat(setup.onFrame(board.at(100 + config.settleMillis())).ready()).isTrue();
        MoveInference game = setup.startGame();
        assertThat(game.position()).isEqualTo(target);
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void everyStandardStartCanBeSetUpFromTheEvenGameByRemovingItsHandicapPieces(Handicap handicap) {
        PositionSetup setup = PositionSetup.of(handicap, config);
        assertThat(setup.target()).isEqualTo(handicap.start());
        assertThat(setup.target().sideToMove()).isEqualTo(handicap.isHandicap() ? Side.GOTE : Side.SENTE);
        SetupStatus fromEven = setup.onFrame(ExpectedFrame.of(Position.startpos()).toSensorFrame(0,
                SensorKind.OCCUPANCY));
        int removed = switch (handicap) {
            case EVEN -> 0;
            case LANCE, RIGHT_LANCE, BISHOP, ROOK -> 1;
            case ROOK_LANCE, TWO_PIECES -> 2;
            case THREE_PIECES -> 3;
            case FOUR_PIECES -> 4;
            case FIVE_PIECES, LEFT_FIVE_PIECES -> 5;
            case SIX_PIECES -> 6;
            case LEFT_SEVEN_PIECES, RIGHT_SEVEN_PIECES -> 7;
            case EIGHT_PIECES -> 8;
            case TEN_PIECES -> 10;
        };
        assertThat(fromEven.squares()).hasSize(removed)
                .allSatisfy(m -> assertThat(m.expected()).isNull())
                .allSatisfy(m -> assertThat(m.square().rank()).as("gote's side").isLessThanOrEqualTo(2));
        assertThat(fromEven.ready()).isFalse();
    }

    @Test
    void aHandicapGameStartsWithTheStrongerPlayerToMove() {
        PositionSetup setup = PositionSetup.of(Handicap.TWO_PIECES, config);
        SensorFrame board = ExpectedFrame.of(Handicap.TWO_PIECES.start()).toSensorFrame(0, SensorKind.OCCUPANCY);
        setup.onFrame(board);
        assertThat(setup.onFrame(board.at(config.settleMillis())).ready()).isTrue();
        MoveInference game = setup.startGame();
        assertThat(game.position().sideToMove()).isEqualTo(Side.GOTE);
        assertThat(game.start()).isEqualTo(Handicap.TWO_PIECES.start());
    }
}
