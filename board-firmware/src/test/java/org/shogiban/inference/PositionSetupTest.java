package org.shogiban.inference;

import org.shogiban.hal.SensorKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SquareReading;
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
    void handicapStartsAreValidPositionsWithTheRightMoverAndPieces(Handicap handicap) {
        Position p = handicap.position();
        assertThat(p.sideToMove()).isEqualTo(handicap == Handicap.EVEN ? Side.SENTE : Side.GOTE);
        PositionSetup setup = new PositionSetup(p, config);
        SetupStatus fromEven = setup.onFrame(ExpectedFrame.of(Position.startpos()).toSensorFrame(0,
                SensorKind.OCCUPANCY));
        int removed = switch (handicap) {
            case EVEN -> 0;
            case LANCE, BISHOP, ROOK -> 1;
            case ROOK_LANCE, TWO_PIECES -> 2;
            case FOUR_PIECES -> 4;
            case SIX_PIECES -> 6;
        };
        assertThat(fromEven.squares()).hasSize(removed)
                .allSatisfy(m -> assertThat(m.expected()).isNull());
    }
}
