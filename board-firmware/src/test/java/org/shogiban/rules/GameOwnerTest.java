package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The game as the one owner of its history and result: a move ruled elsewhere is played as ruled, the arbiter's
 * rulings, an overruled foul, and the read-only view the inference reads.
 */
class GameOwnerTest {

    @Test
    void aMovePlayedWithItsVerdictIsNotRuledAgain() {
        Game game = Game.fromStart();
        Move move = Move.parseUsi("7g7f");
        assertThat(game.play(move, game.current().verdict(move))).isEqualTo(GameResult.ONGOING);
        assertThat(game.moves()).containsExactly(move);
        // the verdict given is the one applied: a legal move ruled illegal by the caller is a foul, not played
        Move next = Move.parseUsi("3c3d");
        GameResult foul = game.play(next, Verdict.illegal(IllegalReason.INVALID_MOVEMENT));
        assertThat(foul).isEqualTo(GameResult.illegal(Side.GOTE, IllegalReason.INVALID_MOVEMENT, 2));
        assertThat(game.plies()).isEqualTo(1);
    }

    @Test
    void anOverruledFoulReopensTheGameWhereItWas() {
        Game game = Game.fromStart();
        game.play(Move.parseUsi("7g7f"));
        game.play(Move.parseUsi("5a5c"));
        assertThat(game.result().status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(game.overrule()).isEqualTo(GameResult.ONGOING);
        assertThat(game.plies()).isEqualTo(1);
        game.play(Move.parseUsi("3c3d"));
        assertThat(game.plies()).isEqualTo(2);
        assertThatThrownBy(game::overrule).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theArbiterRulesAnyFinalResultWithTheirWordsUntilAMoveIsTakenBack() {
        Game game = Game.fromStart();
        game.play(Move.parseUsi("7g7f"));
        game.resign(Side.GOTE);
        assertThat(game.resultNote()).isNull();
        // a finished game may be ruled again
        GameResult ruled = GameResult.of(GameStatus.TIME_UP, Side.GOTE);
        assertThat(game.adjudicate(ruled, "arbiter: flag fell")).isEqualTo(ruled);
        assertThat(game.result()).isEqualTo(ruled);
        assertThat(game.resultNote()).isEqualTo("arbiter: flag fell");
        game.takeBack();
        assertThat(game.result()).isEqualTo(GameResult.ONGOING);
        assertThat(game.resultNote()).isNull();
        assertThatThrownBy(() -> game.adjudicate(GameResult.ONGOING, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theHistoryViewGivesTheRecentPositionsOldestFirst() {
        Game game = Game.fromStart();
        GameHistory history = game;
        assertThat(history.recentPositions(3)).containsExactly(Position.startpos());
        game.play(Move.parseUsi("7g7f"));
        game.play(Move.parseUsi("3c3d"));
        game.play(Move.parseUsi("2g2f"));
        assertThat(history.recentPositions(2)).containsExactly(game.positionAfter(2), game.current());
        assertThat(history.recentPositions(10)).hasSize(4).first().isEqualTo(Position.startpos());
        assertThatThrownBy(() -> history.moves().add(Move.parseUsi("8c8d")))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
